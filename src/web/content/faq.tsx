/**
 * Content of /faq (spec §2 "FAQ"): six sections of anchorable questions, About and Connection
 * here, the other four in faqTechnical.tsx. The page renders it and the search index reads it. The dashboard links to #connection and other pages to
 * #whatarepeanuts, so those two ids must not change.
 */
import { Link } from 'react-router-dom';
import { SIGNUP_BONUS_PEANUTS } from '../../core/constants';
import { CodeBlock } from '../components/content/CodeBlock';
import { ExternalLink } from '../components/content/ExternalLink';
import type { DocPageContent } from '../components/content/types';
import { FAQ_TECHNICAL_SECTIONS } from './faqTechnical';

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
    ...FAQ_TECHNICAL_SECTIONS,
  ],
};
