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

/**
 * Builds the purchase URL from `packUrl` (absolute, or relative to `base`, e.g. the embedded
 * checkout's `/checkout/<packId>`).
 */
export function buildPurchaseUrl(packUrl: string, base: string, params: PurchaseParams): string {
  const url = new URL(packUrl, base);
  url.searchParams.set('client_reference_id', params.sub + (params.referralCode ?? ''));
  if (params.email) url.searchParams.set('prefilled_email', params.email);
  if (params.coupon) url.searchParams.set('prefilled_promo_code', params.coupon);
  return url.toString();
}
