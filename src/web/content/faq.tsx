/**
 * Content of /faq (spec §2 "FAQ"): six sections of anchorable questions, About and Connection
 * here, the other four in faqTechnical.tsx, made of their texts (faqText.ts, namespace `faq`;
 * faqTechnicalText.ts, `faqTechnical`) in the language shown. The page renders it and the search
 * index reads it. The dashboard links to #connection and other pages to #whatarepeanuts, so those
 * two ids (the English titles' slugs, in every language) must not change.
 */
import { SIGNUP_BONUS_PEANUTS } from '../../core/constants';
import { CodeBlock } from '../components/content/CodeBlock';
import type { DocPageContent } from '../components/content/types';
import { fill, type Texts } from '../i18n/translator';
import { FAQ_TEXT } from './faqText';
import { faqTechnicalSections } from './faqTechnical';
import { FAQ_TECHNICAL_TEXT } from './faqTechnicalText';
import { rich, titled } from './parts';

/** The FAQ's section titles in English, in order (spec §2). */
export const FAQ_SECTIONS = [
  FAQ_TEXT.about.title,
  FAQ_TEXT.connection.title,
  FAQ_TECHNICAL_TEXT.security.title,
  FAQ_TECHNICAL_TEXT.regions.title,
  FAQ_TECHNICAL_TEXT.troubleshoot.title,
  FAQ_TECHNICAL_TEXT.development.title,
] as const;

/** The command that brings a tunnel up on Linux (code: never translated). */
const WG_QUICK_UP = 'sudo wg-quick up ./<name>.conf';

/** /faq in the language of `T` (its `faq` texts) and `technical` (its `faqTechnical` texts). */
export function faqPage(
  T: Texts<typeof FAQ_TEXT>,
  technical: Texts<typeof FAQ_TECHNICAL_TEXT>,
): DocPageContent {
  const E = FAQ_TEXT;
  return {
    path: '/faq',
    title: T.title,
    intro: <p>{rich(T.intro)}</p>,
    sections: [
      // About
      titled(E.about, T.about),
      { ...titled(E.whatIs, T.whatIs, 3), body: <p>{T.whatIs.body}</p> },
      {
        ...titled(E.peanuts, T.peanuts, 3),
        body: (
          <>
            <p>{T.peanuts.rates}</p>
            <p>{rich(T.peanuts.packs)}</p>
          </>
        ),
      },
      {
        ...titled(E.start, T.start, 3),
        body: <p>{rich(fill(T.start.body, { count: SIGNUP_BONUS_PEANUTS }))}</p>,
      },
      { ...titled(E.subscription, T.subscription, 3), body: <p>{T.subscription.body}</p> },
      {
        ...titled(E.runOut, T.runOut, 3),
        body: (
          <>
            <p>{T.runOut.when}</p>
            <ul>
              <li>{T.runOut.consumed}</li>
              <li>{T.runOut.balance}</li>
              <li>{T.runOut.deadline}</li>
              <li>{T.runOut.deleted}</li>
            </ul>
            <p>{rich(T.runOut.after)}</p>
          </>
        ),
      },
      { ...titled(E.refund, T.refund, 3), body: <p>{rich(T.refund.body)}</p> },
      { ...titled(E.referral, T.referral, 3), body: <p>{rich(T.referral.body)}</p> },
      { ...titled(E.openSource, T.openSource, 3), body: <p>{rich(T.openSource.body)}</p> },

      // Connection
      titled(E.connection, T.connection),
      {
        ...titled(E.install, T.install, 3),
        body: (
          <ul>
            <li>{rich(T.install.linux)}</li>
            <li>{rich(T.install.macos)}</li>
            <li>{rich(T.install.windows)}</li>
            <li>{T.install.android}</li>
            <li>{T.install.ios}</li>
          </ul>
        ),
      },
      {
        ...titled(E.configFile, T.configFile, 3),
        body: (
          <>
            <p>{T.configFile.body}</p>
            <CodeBlock>{WG_QUICK_UP}</CodeBlock>
            <p>{T.configFile.privateKey}</p>
          </>
        ),
      },
      { ...titled(E.qrCode, T.qrCode, 3), body: <p>{T.qrCode.body}</p> },
      { ...titled(E.ready, T.ready, 3), body: <p>{T.ready.body}</p> },
      { ...titled(E.disconnect, T.disconnect, 3), body: <p>{rich(T.disconnect.body)}</p> },
      { ...titled(E.devices, T.devices, 3), body: <p>{T.devices.body}</p> },
      ...faqTechnicalSections(technical),
    ],
  };
}

/** /faq in English: what the search index reads. */
export const faqContent: DocPageContent = faqPage(FAQ_TEXT, FAQ_TECHNICAL_TEXT);
