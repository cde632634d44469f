/**
 * Checking what a checkout session paid and keeping the paid sessions that credit
 * nothing: a session credits its pack only when its amount before discounts is the pack's price
 * in the pack's currency (coupons lower `amount_total`, not `amount_subtotal`; under Stripe's
 * Adaptive Pricing the session is in the buyer's currency and `currency_conversion` gives the
 * amounts in ours). Any other paid session is kept in `unmatched_payments` for the operator.
 */
import { desc, isNull } from 'drizzle-orm';
import type { PeanutsPack } from '../../core/packs';
import { unmatchedPayments, type UnmatchedPaymentRow } from '../db/schema';
import type { Executor } from '../ledger/service';
import type { CompletedSession } from './events';

/** The currency of the packs' prices (spec §2 "Pricing": US dollars). */
export const PACK_CURRENCY = 'usd';

/** The price of `pack` in cents of `PACK_CURRENCY`. */
export function priceCents(pack: Pick<PeanutsPack, 'price'>): number {
  return Math.round(pack.price * 100);
}

/**
 * What `session` was priced at before discounts, in the merchant's currency: the converted
 * amounts of Adaptive Pricing when present, else the session's own (`amount_subtotal`, or
 * `amount_total` when a session has no subtotal: with no discount they are equal).
 */
export function amountBeforeDiscounts(session: CompletedSession): {
  currency: string;
  amount: number;
} {
  if (session.conversion !== undefined) {
    return {
      currency: session.conversion.sourceCurrency,
      amount: session.conversion.amountSubtotal,
    };
  }
  return { currency: session.currency, amount: session.amountSubtotal ?? session.amountTotal };
}

/**
 * Why `session` may not credit `pack` (its amount before discounts is not the pack's price in
 * the pack's currency), or undefined when it may.
 */
export function priceMismatch(
  session: CompletedSession,
  pack: Pick<PeanutsPack, 'id' | 'price'>,
): string | undefined {
  const { currency, amount } = amountBeforeDiscounts(session);
  if (currency === PACK_CURRENCY && amount === priceCents(pack)) return undefined;
  return `amount ${amount} ${currency} is not the ${pack.id} pack's ${priceCents(pack)} ${PACK_CURRENCY}`;
}

/**
 * Keeps the paid `session` of event `eventId` that credited nothing, with `reason` and the pack
 * it named (when any). Once per session: a redelivery keeps the first record.
 */
export async function recordUnmatched(
  tx: Executor,
  eventId: string,
  session: CompletedSession,
  packId: string | undefined,
  reason: string,
): Promise<void> {
  await tx
    .insert(unmatchedPayments)
    .values({
      sessionId: session.id,
      eventId,
      userSub: session.userSub ?? null,
      packId: packId ?? null,
      amountTotal: session.amountTotal,
      amountSubtotal: session.amountSubtotal ?? null,
      currency: session.currency,
      sourceCurrency: session.conversion?.sourceCurrency ?? null,
      sourceAmountSubtotal: session.conversion?.amountSubtotal ?? null,
      reason,
    })
    .onConflictDoNothing({ target: unmatchedPayments.sessionId });
}

/** Options of {@link listUnmatched}. */
export interface UnmatchedQuery {
  /** Most rows answered (default 100, at most 1000). */
  limit?: number;
  /** Also those already credited by hand (default false). */
  includeCredited?: boolean;
}

/** The paid sessions that credited nothing, newest first (not yet credited by hand, by default). */
export async function listUnmatched(
  db: Executor,
  query: UnmatchedQuery = {},
): Promise<UnmatchedPaymentRow[]> {
  const limit = Math.min(Math.max(1, Math.floor(query.limit ?? 100)), 1000);
  return db
    .select()
    .from(unmatchedPayments)
    .where(query.includeCredited ? undefined : isNull(unmatchedPayments.creditedAt))
    .orderBy(desc(unmatchedPayments.receivedAt), desc(unmatchedPayments.sessionId))
    .limit(limit);
}
