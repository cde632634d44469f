/**
 * Unmatched payments for the operator (docs/operator-console.md "Payments"): paid checkout
 * sessions that credited nothing (billing/unmatched.ts), and crediting one by hand to an
 * account and pack: the same `purchase:<sessionId>` ledger entry and purchase row a matched
 * session makes (so a later refund or dispute of it reverses it), once per session.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { toNano } from '../../core/peanuts';
import type Stripe from 'stripe';
import { completedSession } from '../billing/events';
import { purchaseKey } from '../billing/service';
import type { Database } from '../db';
import {
  purchases,
  stripeEvents,
  unmatchedPayments,
  users,
  type AdminAuditRow,
} from '../db/schema';
import { HttpError } from '../errors';
import type { LedgerService } from '../ledger/service';
import type { PacksService } from '../packs/service';
import { writeAudit } from './audit';
import type { Operator } from './operators';

/** The message of a 404 answer for a session not waiting to be credited. */
export const NO_SUCH_PAYMENT_MESSAGE = 'No unmatched payment with this session id';
/** The message of a 400 answer naming no confirmed account. */
export const NO_SUCH_ACCOUNT_MESSAGE = 'No confirmed account with this sub';
/** The message of a 400 answer naming no pack. */
export function unknownPackMessage(packId: string): string {
  return `Unknown pack ${packId}`;
}

/**
 * Credits the unmatched paid session `sessionId` to account `sub` as pack `packId` with `reason`.
 * Throws HttpError 404 (no such session, or credited already), 400 (no confirmed account, or an
 * unknown pack).
 */
export async function creditPayment(
  db: Database,
  ledger: LedgerService,
  packs: PacksService,
  operator: Operator,
  request: { sessionId: string; sub: string; packId: string; reason: string },
): Promise<AdminAuditRow> {
  const pack = packs.get(request.packId);
  if (!pack) throw new HttpError(400, unknownPackMessage(request.packId));
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(unmatchedPayments)
      .where(
        and(
          eq(unmatchedPayments.sessionId, request.sessionId),
          isNull(unmatchedPayments.creditedAt),
        ),
      )
      .for('update');
    if (!payment) throw new HttpError(404, NO_SUCH_PAYMENT_MESSAGE);
    const [user] = await tx
      .select({ sub: users.sub })
      .from(users)
      .where(and(eq(users.sub, request.sub), eq(users.confirmed, true)));
    if (!user) throw new HttpError(400, NO_SUCH_ACCOUNT_MESSAGE);
    // The payment intent, so that a later refund or dispute of the session reverses the credit.
    const [event] = await tx
      .select({ payload: stripeEvents.payload })
      .from(stripeEvents)
      .where(eq(stripeEvents.eventId, payment.eventId));
    const session = event
      ? completedSession((event.payload as Stripe.CheckoutSessionCompletedEvent).data.object)
      : undefined;
    const peanutsNano = toNano(pack.peanuts);
    const written = await ledger.append(
      {
        userSub: user.sub,
        amountNano: peanutsNano,
        kind: 'purchase',
        key: purchaseKey(payment.sessionId),
      },
      tx,
    );
    if (!written) throw new HttpError(404, NO_SUCH_PAYMENT_MESSAGE);
    await tx.insert(purchases).values({
      checkoutSessionId: payment.sessionId,
      userSub: user.sub,
      packId: pack.id,
      peanutsNano,
      amountTotal: payment.amountTotal,
      currency: payment.currency,
      paymentIntent: session?.paymentIntent ?? null,
    });
    await tx
      .update(unmatchedPayments)
      .set({ creditedAt: new Date() })
      .where(eq(unmatchedPayments.sessionId, payment.sessionId));
    return writeAudit(tx, operator, {
      action: 'payment_credit',
      targetType: 'payment',
      targetId: payment.sessionId,
      reason: request.reason,
      before: { reason: payment.reason, userSub: payment.userSub, packId: payment.packId },
      after: { userSub: user.sub, packId: pack.id, peanuts: pack.peanuts },
    });
  });
}
