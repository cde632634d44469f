import { Link } from 'react-router-dom';
import { InfoPage } from '../../components/content/InfoPage';
import type { DocSection } from '../../components/content/types';

/** The sections of the privacy policy, in order (spec §2 "Privacy Policy"). */
export const PRIVACY_SECTIONS: readonly DocSection[] = [
  {
    title: 'Information we collect',
    body: <p>We collect as little as the Service needs to work and to be paid for.</p>,
  },
  {
    title: 'Account information',
    level: 3,
    body: (
      <p>
        Your email address and the data needed to sign you in. We never store your password: the
        identity provider keeps only a verifier derived from it (Secure Remote Password protocol),
        and signing in proves you know the password without sending it. When you buy peanuts, the
        payment provider processes your card; we receive a record of the purchase, not your card
        details.
      </p>
    ),
  },
  {
    title: 'Usage logs',
    level: 3,
    body: (
      <p>
        For each VPN: its region, configuration, creation time, states, running time, bytes
        transferred and peanuts consumed, plus your balance and purchases. We do not record the
        sites you visit or the content of your traffic, and the logs of a VPN server are wiped when
        it is destroyed.
      </p>
    ),
  },
  {
    title: 'Device information',
    level: 3,
    body: (
      <p>
        Your IP address and browser or CLI version reach our servers with each request, and your
        device&apos;s IP address reaches your VPN server while you are connected to it. By default
        we do not log them.
      </p>
    ),
  },
  {
    title: 'Cookies',
    level: 3,
    body: (
      <p>
        None. The web app sets no cookies and uses no trackers or analytics. It keeps your
        authentication tokens in your browser&apos;s local storage, which you can clear at any time
        by logging out.
      </p>
    ),
  },
  {
    title: 'How we use information',
    body: (
      <ul>
        <li>to create, run, meter and delete your VPNs;</li>
        <li>to keep your peanut balance, process purchases and run the referral program;</li>
        <li>to confirm your registration and answer your messages;</li>
        <li>to prevent fraud and abuse, and to meet legal obligations.</li>
      </ul>
    ),
  },
  {
    title: 'Disclosure',
    body: (
      <p>
        We do not sell or rent your information. We share it only with the providers that run the
        Service for us (hosting, payment, email), to the extent they need it, and with authorities
        when the law requires it.
      </p>
    ),
  },
  {
    title: 'Retention',
    body: (
      <p>
        A VPN&apos;s server, keys and server logs are destroyed with the VPN. Account information
        and usage records are kept while your account exists. When you delete your account we delete
        them, except purchase records that the law requires us to keep for accounting.
      </p>
    ),
  },
  {
    title: 'Security',
    body: (
      <p>
        Traffic to the Service is encrypted, VPN traffic is protected by WireGuard, each VPN runs on
        its own isolated server with no ssh access, and access to our systems is restricted. No
        system is perfectly secure, but we work to protect your information.
      </p>
    ),
  },
  {
    title: 'Your rights',
    body: (
      <p>
        You may ask to access, correct, update or delete the personal information we hold about you.
        You can delete your account yourself from the account menu; for anything else,{' '}
        <Link to="/contactus">contact us</Link>.
      </p>
    ),
  },
  {
    title: 'Children',
    body: (
      <p>
        The Service is not for anyone under 19. We do not knowingly collect information from anyone
        under 19; if you believe we have, <Link to="/contactus">contact us</Link> and we will delete
        it.
      </p>
    ),
  },
  {
    title: 'Changes to this policy',
    body: (
      <p>We may update this policy. Changes are published on this page and apply from then on.</p>
    ),
  },
  {
    title: 'Contact us',
    id: 'contact',
    body: (
      <p>
        Questions about your privacy or this policy are welcome through the{' '}
        <Link to="/contactus">contact page</Link>.
      </p>
    ),
  },
];

/** /privacy: the privacy policy (spec §1, §2). */
export default function PrivacyPage() {
  return (
    <InfoPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what information Peanut VPN collects, why, and what you can do about
          it.
        </p>
      }
      sections={PRIVACY_SECTIONS}
    />
  );
}
