/**
 * Content of /doc (spec §1, §2 "Documentation"): the tenets and how the service works. The page
 * renders it and the search index reads it.
 */
import { Link } from 'react-router-dom';
import { SIGNUP_BONUS_PEANUTS } from '../../core/constants';
import { CodeBlock } from '../components/content/CodeBlock';
import { ExternalLink } from '../components/content/ExternalLink';
import { REPOSITORY_URL } from '../components/content/site';
import type { DocPageContent } from '../components/content/types';

export const docContent: DocPageContent = {
  path: '/doc',
  title: 'Documentation',
  intro: (
    <p>
      Peanut VPN rents short-lived WireGuard VPN servers in the region you choose. Each VPN is one
      WireGuard instance on its own isolated server, paid with a prepaid credit called peanuts and
      destroyed when you are done with it. This page explains the principles behind the service and
      how it works. For step-by-step commands see the{' '}
      <Link to="/doc-cli">command-line documentation</Link>; for quick answers see the{' '}
      <Link to="/faq">FAQ</Link>; for help see <Link to="/support">Support</Link>.
    </p>
  ),
  sections: [
    {
      title: 'Tenets',
      body: <p>Six promises shape every part of the product.</p>,
    },
    {
      title: 'Open source',
      level: 3,
      body: (
        <p>
          The web app, the <code>peanut</code> command-line tool, the TypeScript SDK and the backend
          are published under the Apache License 2.0 at{' '}
          <ExternalLink href={REPOSITORY_URL}>{REPOSITORY_URL}</ExternalLink>. You can read what
          runs your VPN, report problems and <Link to="/contribute">contribute</Link>.
        </p>
      ),
    },
    {
      title: 'Subscription-free',
      level: 3,
      body: (
        <p>
          There is no plan and no recurring charge. You buy a pack of peanuts once and spend them
          only while a VPN exists. Peanuts you do not spend stay on your balance.
        </p>
      ),
    },
    {
      title: 'Spam-free',
      level: 3,
      body: (
        <p>
          Your email address is used to confirm your registration and to answer you when you write
          to us. We send no newsletters and no marketing email, and we do not sell or share
          addresses.
        </p>
      ),
    },
    {
      title: 'Cookie-free',
      level: 3,
      body: (
        <p>
          The web app sets no cookies and loads no trackers. It keeps your authentication tokens in
          the browser&apos;s local storage, and nothing else.
        </p>
      ),
    },
    {
      title: 'Logs-free by default',
      level: 3,
      body: (
        <p>
          A VPN server does not log the traffic that goes through it. When the VPN is destroyed, the
          server, its WireGuard keys and whatever logs the system wrote are wiped with it. What
          remains is what billing needs: the region, the creation time, the running time, the bytes
          transferred and the peanuts consumed.
        </p>
      ),
    },
    {
      title: 'SSH-free',
      level: 3,
      body: (
        <p>
          VPN servers have no ssh access: no one can log in to them, not even us. A server is set up
          once when it is created and is never changed afterwards, which leaves very little to
          attack.
        </p>
      ),
    },
    {
      title: 'How it works',
      body: (
        <ol>
          <li>
            <Link to="/login">Sign up</Link> with your email address and confirm it with the code we
            send. New accounts get {SIGNUP_BONUS_PEANUTS} free peanuts.
          </li>
          <li>
            Buy more peanuts on the <Link to="/pricing">pricing page</Link> when you need them.
          </li>
          <li>
            Install WireGuard on your device, choose a region and create a VPN. Provisioning takes
            about 3 minutes.
          </li>
          <li>
            Download the configuration file or scan the QR code with the WireGuard app, and connect.
          </li>
          <li>Delete the VPN when you are done, or let it end on its own.</li>
        </ol>
      ),
    },
    {
      title: 'Peanuts',
      level: 3,
      body: (
        <>
          <p>
            Peanuts are the prepaid credit of the service. A running VPN consumes 0.0015 peanut per
            second of running time plus 0.0000005 peanut per byte of traffic, which is about 0.52
            peanut per MiB. One hour of an idle VPN costs 5.4 peanuts; one hour with 10 MiB of
            traffic costs about 10.6 peanuts.
          </p>
          <p>
            Peanuts come in packs: Starter (17 peanuts for 2.71 USD), Pro (34 peanuts for 4.89 USD)
            and Elite (73 peanuts for 9.87 USD). See the <Link to="/pricing">pricing page</Link> for
            the current packs and duration estimates.
          </p>
        </>
      ),
    },
    {
      title: 'Creating a VPN',
      level: 3,
      body: (
        <>
          <p>Each VPN is created in one region with two settings:</p>
          <ul>
            <li>
              <strong>Max peanuts</strong>: the peanuts the VPN is given at creation. It is
              terminated once it has consumed them. Choosing 0 gives it all your peanuts.
            </li>
            <li>
              <strong>Delete after</strong>: a deadline in seconds. The VPN is terminated when it
              passes, whatever is left of its peanuts.
            </li>
          </ul>
          <p>
            The allowed ranges come with your account and are shown by the sliders of the
            Configuration panel on the dashboard. A VPN goes through the states Creating, Created,
            Provisioning and Running; it can be used once it is Running.
          </p>
        </>
      ),
    },
    {
      title: 'When a VPN ends',
      level: 3,
      body: (
        <>
          <p>A VPN is terminated when the first of these happens:</p>
          <ul>
            <li>it has consumed the peanuts it was given at creation;</li>
            <li>your account balance reaches zero or less;</li>
            <li>its delete-after deadline passes;</li>
            <li>you delete it, from the dashboard or with the command-line tool.</li>
          </ul>
          <p>
            Its server is then deprovisioned and destroyed together with its keys and logs. A
            deleted VPN cannot come back: create a new one and download its new configuration.
          </p>
        </>
      ),
    },
    {
      title: 'Web app, command line and SDK',
      body: (
        <ul>
          <li>
            The web app: the dashboard shows your balance, your VPNs and the regions, and creates,
            downloads and deletes VPNs.
          </li>
          <li>
            The <code>peanut</code> command-line tool does the same from a terminal; see the{' '}
            <Link to="/doc-cli">CLI documentation</Link>.
          </li>
          <li>
            The TypeScript SDK is the client that both use. It calls the HTTP API, retries on
            transient errors and waits for VPN states, in browsers and in Node.
          </li>
        </ul>
      ),
    },
    {
      title: 'Self-hosting',
      body: (
        <>
          <p>
            The whole service runs on one machine with embedded defaults: a database, an identity
            provider, a mailbox, a checkout page and simulated VPN servers. From a checkout of the
            source code:
          </p>
          <CodeBlock>{'npm ci && npm start'}</CodeBlock>
          <p>
            It serves the web app, the API and the API reference on http://localhost:8080. See{' '}
            <Link to="/makemoney">Make Money</Link> to run it as your own service.
          </p>
        </>
      ),
    },
    {
      title: 'Getting help',
      body: (
        <p>
          Most questions are answered in the <Link to="/faq">FAQ</Link>. If yours is not, go to{' '}
          <Link to="/support">Support</Link>. Command-line users will find every step in the{' '}
          <Link to="/doc-cli">CLI documentation</Link>.
        </p>
      ),
    },
  ],
};
