/**
 * /referral/terms (spec §1): the referral program terms, with the reward amount and the
 * hold period the server publishes in `/app-config.json` (5 peanuts and no hold when absent).
 */
import { Link } from 'react-router-dom';
import { formatDuration } from '../../../core/format';
import { useAppSelector } from '../../app/hooks';
import { selectAppConfig } from '../../app/appConfigSlice';
import { ExternalLink } from '../../components/content/ExternalLink';
import { InfoPage } from '../../components/content/InfoPage';
import { SUPPORT_EMAIL } from '../../components/content/site';
import type { DocSection } from '../../components/content/types';
import {
  formatRewardAmount,
  referralSettingsOf,
  type ReferralSettings,
} from '../../features/referral/referralSettings';

/** The sentence on the reward amounts, e.g. 'You and your friend each receive 5 peanuts.' */
export function rewardSentence(settings: ReferralSettings): string {
  return `You and your friend each receive ${formatRewardAmount(settings.rewardPeanuts)}.`;
}

/** The sentence on the hold period, e.g. 'Rewards are held for 2 days before they are released.' */
export function holdSentence(settings: ReferralSettings): string {
  return settings.holdSeconds > 0
    ? `Rewards are held for ${formatDuration(settings.holdSeconds)} after the qualifying purchase before they are released to your balance.`
    : 'Rewards are not held: they are released to your balance once the qualifying purchase is confirmed.';
}

const termsSections = (settings: ReferralSettings): DocSection[] => [
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
        <li>{rewardSentence(settings)}</li>
        <li>{holdSentence(settings)}</li>
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
  const settings = referralSettingsOf(useAppSelector(selectAppConfig));
  const sections = termsSections(settings);
  return (
    <InfoPage
      title="Referral Program Terms"
      intro={
        <p>
          These terms apply to the Peanut VPN referral program. By sharing or using a referral code
          you accept them.
          {!settings.enabled && ' Referral service is currently disabled.'}
        </p>
      }
      sections={sections}
    />
  );
}
