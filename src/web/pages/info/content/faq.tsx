/**
 * Content of /faq (spec §2 "FAQ"): six sections of anchorable questions. The page renders it and
 * the search index reads it. The dashboard links to #connection and other pages to
 * #whatarepeanuts, so those two ids must not change.
 */
import { Link } from 'react-router-dom';
import { SIGNUP_BONUS_PEANUTS } from '../../../../core/constants';
import { CodeBlock } from '../../../components/content/CodeBlock';
import { ExternalLink } from '../../../components/content/ExternalLink';
import { ISSUES_URL } from '../../../components/content/site';
import type { DocPageContent } from '../../../components/content/types';

/** The FAQ's section titles, in order (spec §2). */
export const FAQ_SECTIONS = [
  'About',
  'Connection',
  'Security',
  'Regions',
  'Troubleshoot',
  'Software Development',
] as const;

export const faqContent: DocPageContent = {
  path: '/faq',
  title: 'Frequently Asked Questions',
  intro: (
    <p>
      Short answers about Peanut VPN, from buying peanuts to fixing a tunnel that does not connect.
      The <Link to="/doc">documentation</Link> explains how the service works in more detail.
    </p>
  ),
  sections: [
    // About
    { title: 'About', id: 'about' },
    {
      title: 'What is Peanut VPN?',
      level: 3,
      body: (
        <p>
          A service that rents short-lived WireGuard VPN servers. You pick a region, create a VPN,
          connect to it with the WireGuard app and delete it when you are done. Each VPN is one
          WireGuard instance on its own isolated server, with no ssh access, and is destroyed with
          its logs at the end. You pay as you go with prepaid peanuts; there is no subscription.
        </p>
      ),
    },
    {
      title: 'What are peanuts?',
      level: 3,
      body: (
        <>
          <p>
            Peanuts are the prepaid credit you spend on VPNs. A running VPN consumes 0.0015 peanut
            per second (5.4 peanuts per hour) plus 0.0000005 peanut per byte of traffic (about 0.52
            peanut per MiB). Unspent peanuts stay on your balance, which the dashboard shows.
          </p>
          <p>
            They are sold in packs: Starter (17 peanuts for 2.71 USD), Pro (34 peanuts for 4.89 USD)
            and Elite (73 peanuts for 9.87 USD). See the <Link to="/pricing">pricing</Link> page for
            the current packs.
          </p>
        </>
      ),
    },
    {
      title: 'How do I get started?',
      level: 3,
      body: (
        <p>
          <Link to="/login">Sign in</Link>, or sign up with your email address: new accounts get{' '}
          {SIGNUP_BONUS_PEANUTS} free peanuts. Install WireGuard (see{' '}
          <Link to={{ hash: '#connection' }}>Connection</Link>), choose a region on the dashboard,
          press Create and wait about 3 minutes for the VPN to be Running. Then download its
          configuration or scan its QR code.
        </p>
      ),
    },
    {
      title: 'Is there a subscription?',
      level: 3,
      body: (
        <p>
          No. You buy a pack of peanuts when you need one, and nothing renews or is charged
          automatically.
        </p>
      ),
    },
    {
      title: 'What happens when my peanuts run out?',
      level: 3,
      body: (
        <>
          <p>A VPN is given some peanuts when it is created and is terminated when:</p>
          <ul>
            <li>it has consumed those peanuts;</li>
            <li>your balance reaches zero or less;</li>
            <li>its delete-after deadline passes;</li>
            <li>or you delete it.</li>
          </ul>
          <p>
            A terminated VPN is destroyed and cannot come back. Buy more peanuts on the{' '}
            <Link to="/pricing">pricing</Link> page and create a new one.
          </p>
        </>
      ),
    },
    {
      title: 'Can I get a refund?',
      level: 3,
      body: (
        <p>
          Fees are non-refundable unless the payment and refund policy says otherwise; see the{' '}
          <Link to="/terms">terms of service</Link>. If something went wrong with a purchase,{' '}
          <Link to="/contactus">contact us</Link>.
        </p>
      ),
    },
    {
      title: 'Is there a referral program?',
      level: 3,
      body: (
        <p>
          Yes. Share your code or link from the <Link to="/referral">referral page</Link>: when a
          friend makes a first peanuts purchase, both of you get bonus peanuts. See the{' '}
          <Link to="/referral/terms">referral terms</Link>.
        </p>
      ),
    },
    {
      title: 'Is Peanut VPN open source?',
      level: 3,
      body: (
        <p>
          Yes, under the Apache License 2.0: the web app, the command-line tool, the SDK and the
          backend. See <Link to="/contribute">Contribute</Link> to take part.
        </p>
      ),
    },

    // Connection
    { title: 'Connection', id: 'connection' },
    {
      title: 'How do I install WireGuard?',
      level: 3,
      body: (
        <ul>
          <li>
            Linux: install the WireGuard tools, e.g. <code>sudo apt install wireguard-tools</code>{' '}
            on Debian and Ubuntu or <code>sudo dnf install wireguard-tools</code> on Fedora.
          </li>
          <li>
            macOS: install the WireGuard app from the Mac App Store, or{' '}
            <code>brew install wireguard-tools</code> for the command line.
          </li>
          <li>
            Windows: download and run the installer from{' '}
            <ExternalLink href="https://www.wireguard.com/install/">
              wireguard.com/install
            </ExternalLink>
            .
          </li>
          <li>Android: install the WireGuard app from Google Play.</li>
          <li>iOS and iPadOS: install the WireGuard app from the App Store.</li>
        </ul>
      ),
    },
    {
      title: 'How do I connect with a configuration file?',
      level: 3,
      body: (
        <>
          <p>
            When your VPN is Running, press Config on its row to download a .conf file. In the
            WireGuard app on Windows or macOS, choose &quot;Import tunnel(s) from file&quot;, select
            the file and press Activate. On Linux:
          </p>
          <CodeBlock>{'sudo wg-quick up ./<name>.conf'}</CodeBlock>
          <p>
            The file contains the private key of your tunnel: keep it to yourself, and delete it
            once the VPN is deleted.
          </p>
        </>
      ),
    },
    {
      title: 'How do I connect with a QR code?',
      level: 3,
      body: (
        <p>
          Press QRCode on the row of a Running VPN: a window shows the code. In the WireGuard app on
          your phone, tap +, choose &quot;Scan from QR code&quot;, scan it, name the tunnel and
          switch it on. If nothing opens, allow pop-up windows for this site.
        </p>
      ),
    },
    {
      title: 'How long does a VPN take to be ready?',
      level: 3,
      body: (
        <p>
          About 3 minutes. The list shows a spinner while the VPN goes through Creating, Created and
          Provisioning, and the download buttons appear once it is Running.
        </p>
      ),
    },
    {
      title: 'How do I disconnect?',
      level: 3,
      body: (
        <p>
          Switch the tunnel off in the WireGuard app, or run{' '}
          <code>sudo wg-quick down ./&lt;name&gt;.conf</code>. Disconnecting does not stop the VPN
          from consuming peanuts: delete it from the dashboard when you no longer need it.
        </p>
      ),
    },
    {
      title: 'Can I use one VPN on several devices?',
      level: 3,
      body: (
        <p>
          Not at the same time. A VPN has one client configuration, and WireGuard sends its traffic
          to whichever device used it last, so two devices would keep disconnecting each other.
          Create one VPN per device.
        </p>
      ),
    },

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
          WireGuard keys and any logs written on it, so your old configuration stops working for
          good. We keep only what billing needs: region, times, bytes transferred and peanuts
          consumed.
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
              Europe: Frankfurt (Germany), Dublin (Ireland), London (United Kingdom), Paris
              (France), Milan (Italy), Zaragoza (Spain), Stockholm (Sweden).
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
          pack lasts depends on your traffic, so the durations on the pricing page are estimates
          only.
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
              try another network: some public and corporate networks block the UDP traffic
              WireGuard needs;
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
          <li>
            The max peanuts you chose are more than your balance or outside the allowed range.
          </li>
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
          Your browser refused access to the clipboard. Select the text and copy it by hand, or
          allow clipboard access for this site.
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
          Yes: <code>peanut</code> registers, lists regions and packs, and creates, lists, deletes
          and downloads VPNs. See the <Link to="/doc-cli">CLI documentation</Link>.
        </p>
      ),
    },
    {
      title: 'Is there an SDK?',
      level: 3,
      body: (
        <>
          <p>
            Yes, a TypeScript SDK that runs in browsers and in Node; the web app and the CLI are
            built on it. It calls the HTTP API, retries on transient errors and can wait for a VPN
            to reach a state. The API is plain JSON over HTTPS, for example:
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
          <Link to="/contribute">Contribute</Link>. The <Link to="/doc">documentation</Link> is a
          good place to start.
        </p>
      ),
    },
  ],
};
