import { Link } from 'react-router-dom';
import { ExternalLink } from '../../components/content/ExternalLink';
import { InfoPage } from '../../components/content/InfoPage';
import { SUPPORT_EMAIL } from '../../components/content/site';
import type { DocSection } from '../../components/content/types';

const sections: DocSection[] = [
  {
    title: 'How it works',
    body: (
      <p>
        Share your unique referral code or link from the <Link to="/referral">referral page</Link>.
        When the friend you referred (the referee) makes a first successful peanuts purchase, you
        (the referrer) and your friend both receive bonus peanuts.
      </p>
    ),
  },
  {
    title: 'Eligibility',
    body: (
      <ul>
        <li>Only verified accounts in good standing can take part in the program.</li>
        <li>
          The referrer and the referee must each buy at least one peanuts pack to receive a reward.
        </li>
        <li>A referral code may be used only once per referee.</li>
        <li>Mutual referrals are allowed: two friends may each use the other&apos;s code.</li>
      </ul>
    ),
  },
  {
    title: 'Rewards',
    body: (
      <ul>
        <li>
          The referee reward is granted once per account, on the account&apos;s first eligible
          payment.
        </li>
        <li>The referrer reward is granted once per unique referee.</li>
        <li>
          Rewards are bonus peanuts. They have no cash value and cannot be exchanged for money.
        </li>
        <li>Rewards may take up to 48 hours to appear on your balance.</li>
        <li>Rewards may be withheld or reversed in case of chargebacks, refunds or disputes.</li>
      </ul>
    ),
  },
  {
    title: 'Prohibited conduct',
    body: (
      <ul>
        <li>
          Self-referral is prohibited: you may not use your own code, directly or through another
          account.
        </li>
        <li>
          Creating or using multiple accounts to collect rewards is prohibited. Accounts that break
          these rules may lose their rewards and be excluded from the program.
        </li>
      </ul>
    ),
  },
  {
    title: 'Changes to the program',
    body: (
      <p>
        The referral program may change or end at any time. Changes to these terms are published on
        this page.
      </p>
    ),
  },
  {
    title: 'Support and related policies',
    id: 'support',
    body: (
      <p>
        For questions about the program or a missing reward, contact support at{' '}
        <ExternalLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</ExternalLink>. These terms
        add to the <Link to="/terms">terms of service</Link> and the{' '}
        <Link to="/privacy">privacy policy</Link>, which also apply.
      </p>
    ),
  },
];

/** /referral/terms: the referral program terms (spec §1). */
export default function ReferralTermsPage() {
  return (
    <InfoPage
      title="Referral Program Terms"
      intro={
        <p>
          These terms apply to the Peanut VPN referral program. By sharing or using a referral code
          you accept them.
        </p>
      }
      sections={sections}
    />
  );
}
