/**
 * The referral page's texts (English, spec §2 "Referral page"; namespace `referral`): its
 * sections, the share card, the friend's code widget, the statistics and the history. The
 * messages the page sets as errors (a code refused, the session not ready) are in
 * i18n/messages.ts and show translated through the translator. `<name>…</name>` marks a link.
 */
import {
  REFERRER_ALREADY_USED_TEXT,
  REFERRER_INFO_TEXT,
  REFERRER_PLACEHOLDER,
  REFERRER_VALID_TEXT,
} from './referralCode';

/** The referral page's texts (English; namespace `referral`). */
export const REFERRAL_TEXT = {
  page: {
    title: 'Referral Program',
    loading: 'Loading referral program...',
    authenticate: 'Please authenticate',
    howItWorks: 'How It Works',
    step1: 'Share your referral code or link with friends.',
    step2: 'Your friend signs up with your code and makes a first peanuts purchase.',
    step3: 'You both receive bonus peanuts.',
    terms: 'Read the <terms>referral program terms</terms>.',
    information: 'Your Referral Information',
    statistics: 'Your Referral Statistics',
    history: 'Your Referral History',
  },
  share: {
    title: 'Your Referral Code',
    copied: 'Copied to clipboard!',
    copyFailed: 'Failed to copy to clipboard',
    codeHint: 'Share the code below to earn bonus peanuts!',
    linkHint: 'Alternatively, share the link below',
    noCode: "Can't get your referral code. Try refresh",
    loadFailed: 'Failed to load referral code',
    loadingCode: 'Loading your referral code',
    codeLabel: 'referral code',
    linkLabel: 'referral link',
    copy: 'Copy',
    copyLabel: 'Copy {{label}}',
    share: 'Share',
    email: 'Email',
    text: 'Join Peanut VPN with my referral code {{code}} and get bonus peanuts!',
    subject: 'Get bonus peanuts on Peanut VPN',
  },
  friend: {
    title: "Your Friend's Referral Code",
    info: REFERRER_INFO_TEXT,
    valid: REFERRER_VALID_TEXT,
    alreadyUsed: REFERRER_ALREADY_USED_TEXT,
    placeholder: REFERRER_PLACEHOLDER,
    field: "Friend's referral code",
    validating: 'Validating',
    validMark: 'Valid',
    fromLink: 'From the referral link you opened.',
  },
  stats: {
    empty: 'Start sharing your referral code to see your statistics here!',
    failed: 'Unable to load referral statistics. Please try refreshing the page.',
    loading: 'Loading referral statistics',
    total: 'Total Referrals',
    earned: 'Peanuts Earned',
    card: 'Referral statistics',
  },
  history: {
    empty: 'No referrals yet. Start sharing your code to see your referral history here!',
    noMatch: 'No referrals match your current filters. Try adjusting your filter criteria.',
    loading: 'Loading your referral history...',
    loadingMore: 'Loading more...',
    loadMore: 'Load More History',
    loadFailed: 'Failed to load referral history',
    privacy:
      "Your friends' information is private: only referral codes and reward amounts are shown.",
    date: 'Date',
    yourReward: 'Your Reward',
    friendsReward: "Friend's Reward",
    dismiss: 'Dismiss',
    fromDate: 'From Date',
    toDate: 'To Date',
    clear: 'Clear Filters',
    total: 'Total: <count></count>',
    earned: 'Earned: <amount></amount> peanuts',
  },
} as const;
