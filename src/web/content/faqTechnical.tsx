/**
 * The technical sections of /faq (spec §2 "FAQ"): Security, Regions, Troubleshoot and Software
 * Development, in that order (faq.tsx puts them after About and Connection).
 */
import { Link } from 'react-router-dom';
import { CodeBlock } from '../components/content/CodeBlock';
import { ExternalLink } from '../components/content/ExternalLink';
import { ISSUES_URL } from '../components/content/site';
import type { DocSection } from '../components/content/types';

/** The FAQ's Security, Regions, Troubleshoot and Software Development sections. */
export const FAQ_TECHNICAL_SECTIONS: readonly DocSection[] = [
  // Security
  { title: 'Security', id: 'security' },
  {
    title: 'Which protocol does Peanut VPN use?',
    level: 3,
    body: (
      <p>
        WireGuard only. It uses modern cryptography (Curve25519, ChaCha20-Poly1305, BLAKE2s) and a
        small code base that is easy to audit.
      </p>
    ),
  },
  {
    title: 'Are my keys and logs wiped?',
    level: 3,
    body: (
      <p>
        Yes. When a VPN is deleted or terminated, its server is destroyed together with its
        WireGuard keys and any logs written on it, so your old configuration stops working for good.
        We keep only what billing needs: region, times, bytes transferred and peanuts consumed.
      </p>
    ),
  },
  {
    title: 'Do you log my traffic?',
    level: 3,
    body: (
      <p>
        No. The service is logs-free by default: the VPN servers do not record the sites you visit
        or the content of your traffic. Byte counters are read to charge your peanuts.
      </p>
    ),
  },
  {
    title: 'Why is there no ssh access to the servers?',
    level: 3,
    body: (
      <p>
        A server that nobody can log in to cannot be misconfigured or snooped on afterwards, by an
        attacker or by us. Each server is set up once, at creation, to run one WireGuard instance,
        and is destroyed rather than changed.
      </p>
    ),
  },
  {
    title: 'Is my VPN server shared with other users?',
    level: 3,
    body: <p>No. Each VPN runs on its own isolated server, which serves only your tunnel.</p>,
  },
  {
    title: 'Do you use cookies?',
    level: 3,
    body: (
      <p>
        No. The web app uses the browser&apos;s local storage for authentication only, and sets no
        cookies. See the <Link to="/privacy">privacy policy</Link>.
      </p>
    ),
  },

  // Regions
  { title: 'Regions', id: 'regions' },
  {
    title: 'Which regions are available?',
    level: 3,
    body: (
      <>
        <p>27 regions, each known by its city:</p>
        <ul>
          <li>Africa: Cape Town (South Africa).</li>
          <li>
            Asia-Pacific: Hong Kong, Mumbai (India), Tokyo and Osaka (Japan), Seoul (South Korea),
            Singapore, Sydney (Australia), Jakarta (Indonesia).
          </li>
          <li>Canada: Montreal, Calgary.</li>
          <li>
            Europe: Frankfurt (Germany), Dublin (Ireland), London (United Kingdom), Paris (France),
            Milan (Italy), Zaragoza (Spain), Stockholm (Sweden).
          </li>
          <li>Middle East: Manama (Bahrain), Dubai (United Arab Emirates).</li>
          <li>US: Ashburn, Columbus, San Francisco, Portland.</li>
          <li>South America: São Paulo (Brazil).</li>
          <li>China: Beijing, Zhongwei.</li>
        </ul>
        <p>The regions table on the home page lists them with a Create button each.</p>
      </>
    ),
  },
  {
    title: 'Can I request a new region?',
    level: 3,
    body: (
      <p>
        Yes: <Link to="/ticket">request a region or upvote an existing request</Link>. The most
        requested regions are added first.
      </p>
    ),
  },
  {
    title: 'Does the price depend on the region?',
    level: 3,
    body: (
      <p>
        Peanuts are consumed at the same rates per second and per byte in every region. How long a
        pack lasts depends on your traffic, so the durations on the pricing page are estimates only.
      </p>
    ),
  },

  // Troubleshoot
  { title: 'Troubleshoot', id: 'troubleshoot' },
  {
    title: 'My tunnel is up but there is no handshake',
    level: 3,
    body: (
      <>
        <p>Run this and look at &quot;latest handshake&quot;:</p>
        <CodeBlock>{'sudo wg show'}</CodeBlock>
        <p>If there is none, or it is older than about two minutes:</p>
        <ul>
          <li>check on the dashboard that the VPN is still Running and has peanuts left;</li>
          <li>
            make sure you use the configuration of that VPN: a deleted VPN&apos;s file never works
            again;
          </li>
          <li>
            try another network: some public and corporate networks block the UDP traffic WireGuard
            needs;
          </li>
          <li>switch the tunnel off and on, or download the configuration again.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'My VPN is stuck in Provisioning',
    level: 3,
    body: (
      <p>
        Provisioning usually takes about 3 minutes. Press the refresh button next to your balance.
        If the VPN ends up Failed, delete it and create another, possibly in another region.
      </p>
    ),
  },
  {
    title: 'My VPN disappeared',
    level: 3,
    body: (
      <p>
        It was terminated: it consumed the peanuts it was given, your balance reached zero, or its
        delete-after deadline passed. Terminated VPNs cannot be restored; create a new one.
      </p>
    ),
  },
  {
    title: 'I cannot create a VPN',
    level: 3,
    body: (
      <ul>
        <li>
          Your balance is zero or less: <Link to="/pricing">buy peanuts</Link>.
        </li>
        <li>The max peanuts you chose are more than your balance or outside the allowed range.</li>
        <li>You reached the quota of active VPNs: delete one you no longer use.</li>
      </ul>
    ),
  },
  {
    title: 'I did not receive the confirmation code',
    level: 3,
    body: (
      <p>
        Check your spam folder and that the address is spelled correctly, then ask for a new code.
        If it still does not arrive, <Link to="/contactus">contact us</Link>.
      </p>
    ),
  },
  {
    title: "The copy button says 'Failed to copy to clipboard'",
    level: 3,
    body: (
      <p>
        Your browser refused access to the clipboard. Select the text and copy it by hand, or allow
        clipboard access for this site.
      </p>
    ),
  },

  // Software Development
  { title: 'Software Development', id: 'softwaredevelopment' },
  {
    title: 'Is there a command-line tool?',
    level: 3,
    body: (
      <p>
        Yes: <code>peanut</code> registers, lists regions and packs, and creates, lists, deletes and
        downloads VPNs. See the <Link to="/doc-cli">CLI documentation</Link>.
      </p>
    ),
  },
  {
    title: 'Is there an SDK?',
    level: 3,
    body: (
      <>
        <p>
          Yes, a TypeScript SDK that runs in browsers and in Node; the web app and the CLI are built
          on it. It calls the HTTP API, retries on transient errors and can wait for a VPN to reach
          a state. The API is plain JSON over HTTPS, for example:
        </p>
        <CodeBlock>{'curl http://localhost:8080/v1/regions/'}</CodeBlock>
        <p>A running server also serves its API reference at /docs.</p>
      </>
    ),
  },
  {
    title: 'Can I run my own Peanut VPN?',
    level: 3,
    body: (
      <>
        <p>Yes. From a checkout of the source code:</p>
        <CodeBlock>{'npm ci && npm start'}</CodeBlock>
        <p>
          See <Link to="/makemoney">Make Money</Link> to run it as a service for others.
        </p>
      </>
    ),
  },
  {
    title: 'How can I contribute?',
    level: 3,
    body: (
      <p>
        Report bugs and ideas on the <ExternalLink href={ISSUES_URL}>issue tracker</ExternalLink>{' '}
        and help with the web frontend, the CLI, the library or the backend: see{' '}
        <Link to="/contribute">Contribute</Link>. The <Link to="/doc">documentation</Link> is a good
        place to start.
      </p>
    ),
  },
];
