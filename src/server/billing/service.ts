/**
 * Applying Stripe events to the peanuts ledger (issue 8, spec §2 "Pricing", §3): a paid checkout
 * session credits its pack's peanuts exactly once (the ledger key `purchase:<sessionId>` is
 * unique, so concurrent or repeated deliveries write one entry); a refund or a dispute of its
 * payment intent debits what was credited, once (`purchase_reversal:<sessionId>`), and marks the
 * purchase; a dispute that closes won (`charge.dispute.closed`, `status: 'won'`) credits back what
 * the dispute debited, once (`dispute_won:<sessionId>`), and marks the purchase paid again
 * (referral rewards withheld for the dispute stay withheld). The balance may go negative
 * (spec §3). Every event is kept in `stripe_events`.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type Stripe from 'stripe';
import { toNano } from '../../core/peanuts';
import type { Database } from '../db';
import { ledgerEntries, purchases, stripeEvents, users } from '../db/schema';
import type { Executor, LedgerService } from '../plugins/services/ledger';
import type { PacksService } from '../plugins/services/packs';
import {
  completedSession,
  disputeClosedOf,
  packIdOfPaymentLink,
  reversalOf,
  type CompletedSession,
  type DisputeClosed,
  type Reversal,
} from './events';

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
 * What other services do inside a purchase's transactions (issue 9: the referral programme).
 * A hook that throws rolls the event back (Stripe redelivers it).
 */
export interface PurchaseHooks {
  /** A paid session was just credited (in its transaction `tx`). */
  onPurchaseCredited?(
    purchase: { sessionId: string; userSub: string; referralCode: string | undefined },
    tx: Executor,
  ): Promise<unknown>;
  /** The purchase of session `sessionId` was just refunded or disputed (in `tx`). */
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
   * Applies the kept `unmatched` events of `userSub` (issue 8: an event that arrived before its
   * user is applied when the user appears): their paid checkout sessions, then the refunds and
   * disputes of those purchases. Idempotent. Use the caller's transaction `tx` inside one.
   * Returns the number of events applied.
   */
  applyPending(userSub: string, tx?: Executor): Promise<number>;
}

/** The ledger key of the credit of a checkout session. */
export function purchaseKey(sessionId: string): string {
  return `purchase:${sessionId}`;
}

/** The ledger key of the one debit (refund or dispute) of a checkout session. */
export function reversalKey(sessionId: string): string {
  return `purchase_reversal:${sessionId}`;
}

/** The ledger key of the credit that gives back a won dispute's debit of a checkout session. */
export function disputeWonKey(sessionId: string): string {
  return `dispute_won:${sessionId}`;
}

/** Makes the billing service. */
export function createBilling(deps: BillingDeps): BillingService {
  const { db, ledger, packs, hooks = {}, paymentLinks = {} } = deps;

  /**
   * The pack of a session: `metadata.packId`, else its payment link (the local checkout's, or
   * a configured Stripe Payment Link), else (when `matchByAmount`) the one pack whose USD price
   * in cents equals its amount before discounts.
   */
  const packOf = (session: CompletedSession) => {
    const link = session.paymentLink;
    const id =
      session.packId ??
      packIdOfPaymentLink(link) ??
      (link === undefined ? undefined : paymentLinks[link]);
    if (id !== undefined) return packs.get(id);
    if (!deps.matchByAmount || session.currency !== 'usd') return undefined;
    const amount = session.amountSubtotal ?? session.amountTotal;
    const matches = packs.list().filter((pack) => Math.round(pack.price * 100) === amount);
    return matches.length === 1 ? matches[0] : undefined;
  };

  const credit = async (session: CompletedSession, tx: Executor): Promise<AppliedEvent> => {
    if (session.id === '' || !Number.isSafeInteger(session.amountTotal)) {
      return { outcome: 'unmatched', reason: 'malformed session' };
    }
    if (!session.paid) return { outcome: 'unmatched', reason: 'session not paid' };
    if (session.userSub === undefined) {
      return { outcome: 'unmatched', reason: 'client_reference_id names no user' };
    }
    const pack = packOf(session);
    if (!pack) return { outcome: 'unmatched', reason: 'unknown pack' };
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

  /**
   * Nano-peanuts debited so far for the purchase of `sessionId` (full and partial debits, less
   * the credit of a won dispute).
   */
  const debitedNano = async (userSub: string, sessionId: string, tx: Executor) => {
    const key = reversalKey(sessionId);
    const [row] = await tx
      .select({ total: sql<string | null>`sum(-${ledgerEntries.amountNano})` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.userSub, userSub),
          sql`(${ledgerEntries.key} = ${key} OR left(${ledgerEntries.key}, ${key.length + 1}) = ${`${key}:`} OR ${ledgerEntries.key} = ${disputeWonKey(sessionId)})`,
        ),
      );
    return Number(row?.total ?? 0);
  };

  /**
   * The purchase paid by `paymentIntent`, locked for the rest of `tx`: concurrent refunds,
   * disputes and their outcomes of one purchase apply one after the other.
   */
  const lockedPurchase = async (paymentIntent: string, tx: Executor) => {
    const [purchase] = await tx
      .select()
      .from(purchases)
      .where(eq(purchases.paymentIntent, paymentIntent))
      .for('update');
    return purchase;
  };

  const reverse = async (reversal: Reversal, tx: Executor): Promise<AppliedEvent> => {
    if (reversal.paymentIntent === undefined) {
      return { outcome: 'unmatched', reason: 'no payment_intent' };
    }
    const purchase = await lockedPurchase(reversal.paymentIntent, tx);
    if (!purchase) return { outcome: 'unmatched', reason: 'unknown purchase' };
    const sessionId = purchase.checkoutSessionId;
    const partial = reversal.amountRefunded !== undefined;
    // A partial refund debits its share of the peanuts (cumulative: what earlier partial
    // refunds debited is deducted); a full refund or a dispute debits what is left.
    const target = partial
      ? Math.round(purchase.peanutsNano * reversal.refundedShare)
      : purchase.peanutsNano;
    const amountNano = target - (await debitedNano(purchase.userSub, sessionId, tx));
    if (amountNano <= 0) return { outcome: 'duplicate' };
    const written = await ledger.append(
      {
        userSub: purchase.userSub,
        amountNano: -amountNano,
        kind: reversal.kind,
        key: partial
          ? `${reversalKey(sessionId)}:${reversal.amountRefunded}`
          : reversalKey(sessionId),
      },
      tx,
    );
    if (!written) return { outcome: 'duplicate' };
    if (!partial) {
      await tx
        .update(purchases)
        .set({ state: reversal.kind === 'refund' ? 'refunded' : 'disputed', updatedAt: new Date() })
        .where(eq(purchases.checkoutSessionId, sessionId));
    }
    await hooks.onPurchaseReversed?.(sessionId, tx);
    return { outcome: 'applied' };
  };

  /**
   * A won dispute gives back what the dispute debited (once) and the purchase is paid again; a
   * lost one changes nothing (the dispute's debit stands).
   */
  const closeDispute = async (closed: DisputeClosed, tx: Executor): Promise<AppliedEvent> => {
    if (closed.paymentIntent === undefined) {
      return { outcome: 'unmatched', reason: 'no payment_intent' };
    }
    if (!closed.won) return { outcome: 'ignored' };
    const purchase = await lockedPurchase(closed.paymentIntent, tx);
    if (!purchase) return { outcome: 'unmatched', reason: 'unknown purchase' };
    const sessionId = purchase.checkoutSessionId;
    const [debit] = await tx
      .select({ amountNano: ledgerEntries.amountNano })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.userSub, purchase.userSub),
          eq(ledgerEntries.key, reversalKey(sessionId)),
          eq(ledgerEntries.kind, 'dispute'),
        ),
      );
    if (!debit) return { outcome: 'unmatched', reason: 'no dispute debit' };
    const written = await ledger.append(
      {
        userSub: purchase.userSub,
        amountNano: -debit.amountNano,
        kind: 'dispute_won',
        key: disputeWonKey(sessionId),
      },
      tx,
    );
    if (!written) return { outcome: 'duplicate' };
    await tx
      .update(purchases)
      .set({ state: 'paid', updatedAt: new Date() })
      .where(eq(purchases.checkoutSessionId, sessionId));
    return { outcome: 'applied' };
  };

  /** Applies `event` in `tx` and records it with its outcome. */
  const applyIn = async (event: Stripe.Event, tx: Executor): Promise<AppliedEvent> => {
    let result: AppliedEvent;
    switch (event.type) {
      case 'checkout.session.completed':
        result = await credit(completedSession(event.data.object), tx);
        break;
      case 'charge.refunded':
      case 'charge.dispute.created':
        result = await reverse(reversalOf(event), tx);
        break;
      case 'charge.dispute.closed':
        result = await closeDispute(disputeClosedOf(event), tx);
        break;
      default:
        result = { outcome: 'ignored' };
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
  };
}
