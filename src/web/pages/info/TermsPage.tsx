import { Link } from 'react-router-dom';
import { ExternalLink } from '../../components/content/ExternalLink';
import { InfoPage } from '../../components/content/InfoPage';
import { SUPPORT_EMAIL } from '../../components/content/site';
import type { DocSection } from '../../components/content/types';

/** The sections of the terms of service, in order (spec §2 "Terms of Service"). */
export const TERMS_SECTIONS: readonly DocSection[] = [
  {
    title: 'Service description',
    body: (
      <p>
        Peanut VPN (&quot;the Service&quot;) rents short-lived WireGuard virtual private network
        servers in regions you choose. Each VPN runs on its own isolated server and is destroyed,
        with its keys and logs, when it is deleted or terminated. The Service is paid with a prepaid
        credit called peanuts, bought in packs; there is no subscription. A VPN is terminated when
        it has consumed the peanuts given to it at creation, when your balance reaches zero or less,
        or when its delete-after deadline passes. A deleted VPN cannot be restored. The Service is
        in beta and its features may change.
      </p>
    ),
  },
  {
    title: 'Eligibility',
    body: (
      <p>
        You must be at least 18 years old, or the age of majority where you live if that is higher,
        to use the Service. By using it you confirm that you meet this requirement and that you may
        lawfully use a VPN service where you are.
      </p>
    ),
  },
  {
    title: 'User obligations',
    body: (
      <ul>
        <li>Give accurate information when you register and keep your email address current.</li>
        <li>
          Keep your password, tokens and VPN configuration files confidential; you are responsible
          for the use of your account and of your VPNs.
        </li>
        <li>Comply with all laws that apply to you when you use the Service.</li>
        <li>Tell us without delay of any unauthorised use of your account.</li>
      </ul>
    ),
  },
  {
    title: 'Prohibited activities',
    body: (
      <>
        <p>You must not use the Service to:</p>
        <ul>
          <li>break any law, or infringe the rights of others, including intellectual property;</li>
          <li>send spam, or distribute malware;</li>
          <li>
            attack, scan or gain unauthorised access to any system, including the Service itself;
          </li>
          <li>carry out fraud, or share or exploit content that abuses children;</li>
          <li>disrupt the Service or other users, or get around its limits, quotas or billing;</li>
          <li>resell or share access to the Service, except as these terms allow.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Privacy',
    body: (
      <p>
        How we collect, use and protect information is described in our{' '}
        <Link to="/privacy">privacy policy</Link>, which forms part of these terms.
      </p>
    ),
  },
  {
    title: 'Intellectual property',
    body: (
      <p>
        The source code of the Service is published under the Apache License 2.0, which governs its
        use, copying and modification. The Peanut VPN name and logo are not licensed by it and may
        not be used to suggest that a service is ours or endorsed by us.
      </p>
    ),
  },
  {
    title: 'Fees',
    body: (
      <p>
        Peanut packs are paid in advance at the price shown when you buy them. Peanuts are consumed
        by running VPNs at the published rates, have no cash value and cannot be transferred. Fees
        are non-refundable unless the payment and refund policy says otherwise. Prices and rates may
        change.
      </p>
    ),
  },
  {
    title: 'Warranty disclaimer',
    body: (
      <p>
        The Service is provided &quot;as is&quot; and &quot;as available&quot;, without warranties
        of any kind, express or implied, including merchantability, fitness for a particular purpose
        and non-infringement. We do not warrant that the Service or any region will be available,
        uninterrupted, error-free or secure at any given time.
      </p>
    ),
  },
  {
    title: 'Limitation of liability',
    body: (
      <p>
        To the fullest extent permitted by law, we are not liable for any indirect, incidental,
        special, consequential or punitive damages, or for any loss of data, profits or opportunity,
        arising from your use of the Service. Our total liability for any claim is limited to the
        amount you paid us in the twelve months before the claim arose.
      </p>
    ),
  },
  {
    title: 'Termination',
    body: (
      <p>
        We may suspend or terminate your account, and delete your VPNs, at any time and without
        notice if you breach these terms or if we must do so to protect the Service, its users or
        others. You may delete your account at any time; account deletion cannot be undone.
      </p>
    ),
  },
  {
    title: 'Modifications',
    body: (
      <p>
        We may change these terms or the Service. Changed terms are published on this page and apply
        from then on. If you continue to use the Service after a change, you accept the changed
        terms.
      </p>
    ),
  },
  {
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the Province of British Columbia and the federal
        laws of Canada that apply there. The courts of British Columbia, Canada have exclusive
        jurisdiction over any dispute about them.
      </p>
    ),
  },
  {
    title: 'Entire agreement',
    body: (
      <p>
        These terms, together with the privacy policy and any terms of a programme you join, such as
        the <Link to="/referral/terms">referral program terms</Link>, are the entire agreement
        between you and us about the Service, and replace any earlier agreement.
      </p>
    ),
  },
  {
    title: 'Contact',
    body: (
      <p>
        Questions about these terms:{' '}
        <ExternalLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</ExternalLink> or the{' '}
        <Link to="/contactus">contact page</Link>.
      </p>
    ),
  },
];

/** /terms: the terms of service (spec §1, §2). */
export default function TermsPage() {
  return (
    <InfoPage
      title="Terms of Service"
      intro={
        <p>
          These terms govern your use of Peanut VPN. By creating an account or using the Service you
          agree to them. Please read them carefully.
        </p>
      }
      sections={TERMS_SECTIONS}
    />
  );
}
