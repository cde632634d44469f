/**
 * The purchase link of a pack (spec §2 "Pricing"): the pack's url with client_reference_id,
 * prefilled_email and prefilled_promo_code.
 */

/** What the purchase link carries besides the pack's url. */
export interface PurchaseParams {
  /** The user's sub (required: it ties the payment to the account). */
  sub: string;
  /** A stored 8-character referral code, appended to the sub. */
  referralCode?: string;
  /** The user's email, prefilled at checkout. */
  email?: string;
  /** A coupon from the current page's `coupon` query parameter. */
  coupon?: string;
}

/** The message of a stored referral code that is not 8 characters long (spec §5). */
export const REFERRAL_CODE_LENGTH_MESSAGE = 'Referral code must be 8 characters long.';

/**
 * Builds the purchase URL from `packUrl` (absolute, or relative to `base`, e.g. the embedded
 * checkout's `/checkout/<packId>`). Throws an Error with REFERRAL_CODE_LENGTH_MESSAGE when
 * `referralCode` is given and is not exactly 8 characters (spec §5).
 */
export function buildPurchaseUrl(packUrl: string, base: string, params: PurchaseParams): string {
  if (params.referralCode !== undefined && params.referralCode.length !== 8) {
    throw new Error(REFERRAL_CODE_LENGTH_MESSAGE);
  }
  const url = new URL(packUrl, base);
  url.searchParams.set('client_reference_id', params.sub + (params.referralCode ?? ''));
  if (params.email) url.searchParams.set('prefilled_email', params.email);
  if (params.coupon) url.searchParams.set('prefilled_promo_code', params.coupon);
  return url.toString();
}
