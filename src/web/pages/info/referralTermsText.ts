/**
 * The referral program terms' texts (English, spec §1 "/referral/terms"; namespace
 * `referralTerms`): the reward and hold sentences take the amounts the server publishes.
 * `<name>…</name>` marks a link (pages/info/InfoText.tsx).
 */

/** The referral program terms' texts (English; namespace `referralTerms`). */
export const REFERRAL_TERMS_TEXT = {
  title: 'Referral Program Terms',
  intro:
    'These terms apply to the Peanut VPN referral program. By sharing or using a referral code you accept them.',
  introDisabled:
    'These terms apply to the Peanut VPN referral program. By sharing or using a referral code you accept them. Referral service is currently disabled.',
  reward: 'You and your friend each receive {{amount}}.',
  peanuts: { one: '{{count}} peanut', other: '{{count}} peanuts' },
  held: 'Rewards are held for {{duration}} after the qualifying purchase before they are released to your balance.',
  notHeld:
    'Rewards are not held: they are released to your balance once the qualifying purchase is confirmed.',
  sections: {
    how: {
      title: 'How it works',
      body: 'Share your unique referral code or link from the <referral>referral page</referral>. When the friend you referred (the referee) makes a first successful peanuts purchase, you (the referrer) and your friend both receive bonus peanuts.',
    },
    eligibility: {
      title: 'Eligibility',
      items: {
        verified: 'Only verified accounts in good standing can take part in the program.',
        buy: 'The referrer and the referee must each buy at least one peanuts pack to receive a reward.',
        once: 'A referral code may be used only once per referee.',
        mutual: "Mutual referrals are allowed: two friends may each use the other's code.",
      },
    },
    rewards: {
      title: 'Rewards',
      items: {
        referee:
          "The referee reward is granted once per account, on the account's first eligible payment.",
        referrer: 'The referrer reward is granted once per unique referee.',
        cash: 'Rewards are bonus peanuts. They have no cash value and cannot be exchanged for money.',
        delay: 'Rewards may take up to 48 hours to appear on your balance.',
        withheld:
          'Rewards may be withheld or reversed in case of chargebacks, refunds or disputes.',
      },
    },
    prohibited: {
      title: 'Prohibited conduct',
      items: {
        self: 'Self-referral is prohibited: you may not use your own code, directly or through another account.',
        multiple:
          'Creating or using multiple accounts to collect rewards is prohibited. Accounts that break these rules may lose their rewards and be excluded from the program.',
      },
    },
    changes: {
      title: 'Changes to the program',
      body: 'The referral program may change or end at any time. Changes to these terms are published on this page.',
    },
    support: {
      title: 'Support and related policies',
      body: 'For questions about the program or a missing reward, contact support at <supportMail>{{supportEmail}}</supportMail>. These terms add to the <terms>terms of service</terms> and the <privacy>privacy policy</privacy>, which also apply.',
    },
  },
};
