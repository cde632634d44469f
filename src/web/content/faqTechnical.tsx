/**
 * The technical sections of /faq (spec §2 "FAQ"): Security, Regions, Troubleshoot and Software
 * Development, in that order (faq.tsx puts them after About and Connection), made of their texts
 * (faqTechnicalText.ts, namespace `faqTechnical`) in the language shown.
 */
import { CodeBlock } from '../components/content/CodeBlock';
import type { DocSection } from '../components/content/types';
import type { Texts } from '../i18n/translator';
import { FAQ_TECHNICAL_TEXT } from './faqTechnicalText';
import { rich, titled } from './parts';

/** The code the sections show (never translated). */
const CODE = {
  wgShow: 'sudo wg show',
  regions: 'curl http://localhost:8080/v1/regions/',
  selfHost: 'npm ci && npm start',
} as const;

/** The FAQ's Security, Regions, Troubleshoot and Software Development sections, in `T`'s language. */
export function faqTechnicalSections(T: Texts<typeof FAQ_TECHNICAL_TEXT>): DocSection[] {
  const E = FAQ_TECHNICAL_TEXT;
  return [
    // Security
    titled(E.security, T.security),
    { ...titled(E.protocol, T.protocol, 3), body: <p>{T.protocol.body}</p> },
    { ...titled(E.wiped, T.wiped, 3), body: <p>{T.wiped.body}</p> },
    { ...titled(E.traffic, T.traffic, 3), body: <p>{T.traffic.body}</p> },
    { ...titled(E.ssh, T.ssh, 3), body: <p>{T.ssh.body}</p> },
    { ...titled(E.shared, T.shared, 3), body: <p>{T.shared.body}</p> },
    { ...titled(E.cookies, T.cookies, 3), body: <p>{rich(T.cookies.body)}</p> },

    // Regions
    titled(E.regions, T.regions),
    {
      ...titled(E.available, T.available, 3),
      body: (
        <>
          <p>{T.available.count}</p>
          <ul>
            <li>{T.available.africa}</li>
            <li>{T.available.asia}</li>
            <li>{T.available.canada}</li>
            <li>{T.available.europe}</li>
            <li>{T.available.middleEast}</li>
            <li>{T.available.us}</li>
            <li>{T.available.southAmerica}</li>
            <li>{T.available.china}</li>
          </ul>
          <p>{T.available.table}</p>
        </>
      ),
    },
    { ...titled(E.request, T.request, 3), body: <p>{rich(T.request.body)}</p> },
    { ...titled(E.price, T.price, 3), body: <p>{T.price.body}</p> },

    // Troubleshoot
    titled(E.troubleshoot, T.troubleshoot),
    {
      ...titled(E.handshake, T.handshake, 3),
      body: (
        <>
          <p>{T.handshake.run}</p>
          <CodeBlock>{CODE.wgShow}</CodeBlock>
          <p>{T.handshake.none}</p>
          <ul>
            <li>{T.handshake.running}</li>
            <li>{T.handshake.sameVpn}</li>
            <li>{T.handshake.network}</li>
            <li>{T.handshake.again}</li>
          </ul>
        </>
      ),
    },
    { ...titled(E.stuck, T.stuck, 3), body: <p>{T.stuck.body}</p> },
    { ...titled(E.disappeared, T.disappeared, 3), body: <p>{T.disappeared.body}</p> },
    {
      ...titled(E.cannotCreate, T.cannotCreate, 3),
      body: (
        <ul>
          <li>{rich(T.cannotCreate.balance)}</li>
          <li>{T.cannotCreate.maxPeanuts}</li>
          <li>{T.cannotCreate.quota}</li>
        </ul>
      ),
    },
    { ...titled(E.noCode, T.noCode, 3), body: <p>{rich(T.noCode.body)}</p> },
    { ...titled(E.clipboard, T.clipboard, 3), body: <p>{T.clipboard.body}</p> },

    // Software Development
    titled(E.development, T.development),
    { ...titled(E.cli, T.cli, 3), body: <p>{rich(T.cli.body)}</p> },
    {
      ...titled(E.sdk, T.sdk, 3),
      body: (
        <>
          <p>{T.sdk.body}</p>
          <CodeBlock>{CODE.regions}</CodeBlock>
          <p>{T.sdk.reference}</p>
        </>
      ),
    },
    {
      ...titled(E.selfHost, T.selfHost, 3),
      body: (
        <>
          <p>{T.selfHost.body}</p>
          <CodeBlock>{CODE.selfHost}</CodeBlock>
          <p>{rich(T.selfHost.makeMoney)}</p>
        </>
      ),
    },
    { ...titled(E.contribute, T.contribute, 3), body: <p>{rich(T.contribute.body)}</p> },
  ];
}
