/**
 * Applying Stripe events to the peanuts ledger (spec §2 "Pricing", §3): a paid checkout
 * session whose amount before discounts is its pack's price (unmatched.ts) credits the pack's
 * peanuts exactly once (the ledger key `purchase:<sessionId>` is unique, so concurrent or
 * repeated deliveries write one entry); any other paid session credits nothing and is kept in
 * `unmatched_payments`. Refunds and disputes move the purchase's reversal state, each
 * writing at most one ledger entry of its own (reversals.ts), so the balance always
 * holds what was paid and not taken back, whatever the order of the events. The balance may go
 * negative (spec §3). Every event is kept in `stripe_events`.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type Stripe from 'stripe';
import { toNano } from '../../core/peanuts';
import type { Database } from '../db';
import { purchases, stripeEvents, users, type UnmatchedPaymentRow } from '../db/schema';
import type { Executor, LedgerService } from '../ledger/service';
import type { PacksService } from '../packs/service';
import {
  completedSession,
  disputeClosedOf,
  packIdOfPaymentLink,
  reversalOf,
  type CompletedSession,
} from './events';
import { applyReversal, type ReversalEvent } from './reversals';
import {
  amountBeforeDiscounts,
  listUnmatched,
  PACK_CURRENCY,
  priceCents,
  priceMismatch,
  recordUnmatched,
  type UnmatchedQuery,
} from './unmatched';

/** What became of an event: see `stripe_events.outcome`. */
export type EventOutcome = 'applied' | 'duplicate' | 'unmatched' | 'ignored';

/** The result of applying one event. */
export interface AppliedEvent {
  /** What became of it. */
  outcome: EventOutcome;
  /** Why it was not applied (for `unmatched`). */
  reason?: string;
}

/**
 * What other services do inside a purchase's transactions (the referral programme).
 * A hook that throws rolls the event back (Stripe redelivers it).
 */
export interface PurchaseHooks {
  /** A paid session was just credited (in its transaction `tx`). */
  onPurchaseCredited?(
    purchase: { sessionId: string; userSub: string; referralCode: string | undefined },
    tx: Executor,
  ): Promise<unknown>;
  /**
   * The purchase of session `sessionId` was just refunded (in part or in full) or disputed, or
   * its dispute closed (in `tx`).
   */
  onPurchaseReversed?(sessionId: string, tx: Executor): Promise<void>;
}

/** What the billing service needs. */
export interface BillingDeps {
  /** The database. */
  db: Database;
  /** The peanuts ledger. */
  ledger: LedgerService;
  /** The packs for sale. */
  packs: PacksService;
  /** Run inside the purchase and reversal transactions. */
  hooks?: PurchaseHooks;
  /** Pack id of each configured Stripe Payment Link id (`plink_...`). */
  paymentLinks?: Readonly<Record<string, string>>;
  /** Match a session naming no pack by its amount (`STRIPE_MATCH_AMOUNT`). */
  matchByAmount?: boolean;
}

/** The billing operations. */
export interface BillingService {
  /**
   * Applies a verified Stripe event (idempotent: applying it again changes nothing) and records
   * it. Never throws for an event's content: an unknown user, pack or purchase is `unmatched`.
   */
  apply(event: Stripe.Event): Promise<AppliedEvent>;
  /**
   * Applies the kept `unmatched` events of `userSub` (an event that arrived before its
   * user is applied when the user appears): their paid checkout sessions, then the refunds and
   * disputes of those purchases. Idempotent. Use the caller's transaction `tx` inside one.
   * Returns the number of events applied.
   */
  applyPending(userSub: string, tx?: Executor): Promise<number>;
  /**
   * The paid checkout sessions that credited nothing (no user named, no known pack, or
   * an amount that is not the pack's price), newest first, for the operator console.
   */
  unmatchedPayments(query?: UnmatchedQuery): Promise<UnmatchedPaymentRow[]>;
}

/** The ledger key of the credit of a checkout session. */
export function purchaseKey(sessionId: string): string {
  return `purchase:${sessionId}`;
}

/** Makes the billing service. */
export function createBilling(deps: BillingDeps): BillingService {
  const { db, ledger, packs, hooks = {}, paymentLinks = {} } = deps;

  /**
   * The pack of a session: `metadata.packId`, else its payment link (the local checkout's, or
   * a configured Stripe Payment Link), else (when `matchByAmount`) the one pack whose price
   * equals its amount before discounts (unmatched.ts `amountBeforeDiscounts`). Also answers the
   * pack id named, known or not.
   */
  const packOf = (session: CompletedSession) => {
    const link = session.paymentLink;
    const id =
      session.packId ??
      packIdOfPaymentLink(link) ??
      (link === undefined ? undefined : paymentLinks[link]);
    if (id !== undefined) return { id, pack: packs.get(id) };
    const { currency, amount } = amountBeforeDiscounts(session);
    if (!deps.matchByAmount || currency !== PACK_CURRENCY) return { id, pack: undefined };
    const matches = packs.list().filter((pack) => priceCents(pack) === amount);
    const only = matches.length === 1 ? matches[0] : undefined;
    return { id: only?.id, pack: only };
  };

  /** The outcome of a paid `session` that credits nothing, kept for the operator. */
  const unmatchedPaid = async (
    eventId: string,
    session: CompletedSession,
    packId: string | undefined,
    reason: string,
    tx: Executor,
  ): Promise<AppliedEvent> => {
    await recordUnmatched(tx, eventId, session, packId, reason);
    return { outcome: 'unmatched', reason };
  };

  const credit = async (
    eventId: string,
    session: CompletedSession,
    tx: Executor,
  ): Promise<AppliedEvent> => {
    if (session.id === '' || !Number.isSafeInteger(session.amountTotal)) {
      return { outcome: 'unmatched', reason: 'malformed session' };
    }
    if (!session.paid) return { outcome: 'unmatched', reason: 'session not paid' };
    const { id: packId, pack } = packOf(session);
    if (session.userSub === undefined) {
      return unmatchedPaid(eventId, session, packId, 'client_reference_id names no user', tx);
    }
    if (!pack) return unmatchedPaid(eventId, session, packId, 'unknown pack', tx);
    // What was paid for is the pack's price, whatever the metadata says.
    const mismatch = priceMismatch(session, pack);
    if (mismatch !== undefined) return unmatchedPaid(eventId, session, pack.id, mismatch, tx);
    const [user] = await tx
      .select({ sub: users.sub })
      .from(users)
      .where(and(eq(users.sub, session.userSub), eq(users.confirmed, true)));
    // An unconfirmed sign-up may expire and be deleted with its ledger: wait for confirmation.
    if (!user) return { outcome: 'unmatched', reason: 'unknown user' };
    const peanutsNano = toNano(pack.peanuts);
    const written = await ledger.append(
      {
        userSub: user.sub,
        amountNano: peanutsNano,
        kind: 'purchase',
        key: purchaseKey(session.id),
      },
      tx,
    );
    if (!written) return { outcome: 'duplicate' };
    await tx.insert(purchases).values({
      checkoutSessionId: session.id,
      userSub: user.sub,
      packId: pack.id,
      peanutsNano,
      amountTotal: session.amountTotal,
      currency: session.currency,
      paymentIntent: session.paymentIntent ?? null,
    });
    await hooks.onPurchaseCredited?.(
      { sessionId: session.id, userSub: user.sub, referralCode: session.referralCode },
      tx,
    );
    return { outcome: 'applied' };
  };

  /** The reversal of a refund or dispute event (events.ts), with the event's id. */
  const reversalEventOf = (event: Stripe.Event): ReversalEvent | undefined => {
    switch (event.type) {
      case 'charge.refunded':
      case 'charge.dispute.created': {
        const reversal = reversalOf(event);
        return {
          eventId: event.id,
          paymentIntent: reversal.paymentIntent,
          kind: reversal.kind === 'refund' ? 'refund' : 'dispute_opened',
          refundedShare: reversal.refundedShare,
        };
      }
      case 'charge.dispute.closed': {
        const closed = disputeClosedOf(event);
        return {
          eventId: event.id,
          paymentIntent: closed.paymentIntent,
          kind: 'dispute_closed',
          won: closed.won,
        };
      }
      default:
        return undefined;
    }
  };

  const onReversed = (tx: Executor) => async (sessionId: string) => {
    await hooks.onPurchaseReversed?.(sessionId, tx);
  };

  /** Applies `event` in `tx` and records it with its outcome. */
  const applyIn = async (event: Stripe.Event, tx: Executor): Promise<AppliedEvent> => {
    let result: AppliedEvent = { outcome: 'ignored' };
    if (event.type === 'checkout.session.completed') {
      result = await credit(event.id, completedSession(event.data.object), tx);
    } else {
      const reversal = reversalEventOf(event);
      if (reversal) result = await applyReversal(tx, ledger, reversal, onReversed(tx));
    }
    // A redelivery keeps the first outcome that changed something.
    await tx
      .insert(stripeEvents)
      .values({
        eventId: event.id,
        type: event.type,
        payload: event,
        outcome: result.outcome,
        reason: result.reason ?? null,
      })
      .onConflictDoUpdate({
        target: stripeEvents.eventId,
        set: { outcome: result.outcome, reason: result.reason ?? null },
        setWhere: sql`${stripeEvents.outcome} <> 'applied'`,
      });
    return result;
  };

  /** The kept unmatched events of `type` that also meet `condition`, oldest first. */
  const unmatched = (tx: Executor, type: string, condition: SQL) =>
    tx
      .select({ payload: stripeEvents.payload })
      .from(stripeEvents)
      .where(and(eq(stripeEvents.outcome, 'unmatched'), eq(stripeEvents.type, type), condition))
      .orderBy(asc(stripeEvents.receivedAt));

  /** Applies `events` in `tx`; answers how many were applied. */
  const applyAll = async (events: { payload: unknown }[], tx: Executor): Promise<number> => {
    let applied = 0;
    for (const { payload } of events) {
      if ((await applyIn(payload as Stripe.Event, tx)).outcome === 'applied') applied += 1;
    }
    return applied;
  };

  /** Applies the unmatched events of `userSub` in `tx` (see `applyPending`). */
  const pendingIn = async (userSub: string, tx: Executor): Promise<number> => {
    // A client_reference_id is the sub, maybe followed by a referral code (a sub is a UUID:
    // no LIKE wildcard in it).
    const reference = sql`${stripeEvents.payload} #>> '{data,object,client_reference_id}'`;
    let applied = await applyAll(
      await unmatched(tx, 'checkout.session.completed', sql`${reference} LIKE ${`${userSub}%`}`),
      tx,
    );
    const intents = await tx
      .select({ paymentIntent: purchases.paymentIntent })
      .from(purchases)
      .where(eq(purchases.userSub, userSub));
    const paymentIntent = sql`${stripeEvents.payload} #>> '{data,object,payment_intent}'`;
    for (const intent of intents) {
      if (intent.paymentIntent === null) continue;
      for (const type of ['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed']) {
        const events = await unmatched(tx, type, sql`${paymentIntent} = ${intent.paymentIntent}`);
        applied += await applyAll(events, tx);
      }
    }
    return applied;
  };

  return {
    apply: (event) => db.transaction((tx) => applyIn(event, tx)),
    applyPending: (userSub, tx) =>
      tx ? pendingIn(userSub, tx) : db.transaction((own) => pendingIn(userSub, own)),
    unmatchedPayments: (query) => listUnmatched(db, query),
  };
}
