/**
 * Referral endpoints whose failures the referral page shows itself with the spec §8 texts
 * ('Failed to load referral code', 'Unable to validate referral code. Please try again.', ...),
 * so the global error card leaves them out. The history's failures are also reported there.
 */
export const REFERRAL_LOCAL_ERROR_ENDPOINTS: ReadonlySet<string> = new Set([
  'getReferralCode',
  'getReferrerCode',
  'validateReferralCode',
  'getReferralStats',
]);
