/**
 * Applying a purchase's refunds and disputes to the ledger: each event moves
 * the purchase's reversal state (reversalState.ts) and writes at most one ledger entry, the
 * difference between what the new state takes back and what the ledger has taken back so far,
 * under a key of its own (`purchase_reversal:<sessionId>:<eventId>`). So a refund after a won
 * dispute takes back what it refunds, and an event delivered again, or one that changes nothing
 * (a refund share already reached, a dispute event after the dispute closed), writes nothing.
 * The purchase's row is locked for the transaction: the events of one purchase apply one after
 * the other.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ledgerEntries, purchases, type PurchaseRow } from '../db/schema';
import type { Executor, LedgerService } from '../ledger/service';
import {
  nextReversalState,
  purchaseStateOf,
  sameReversalState,
  takenBackNano,
  type ReversalState,
  type ReversalTransition,
} from './reversalState';
import type { DisputeState } from './schema';

/** What became of a reversal event (service.ts `EventOutcome`). */
export interface ReversalOutcome {
  /** `applied`: the state moved; `duplicate`: it changed nothing; `unmatched`: no purchase. */
  outcome: 'applied' | 'duplicate' | 'unmatched';
  /** Why it was unmatched. */
  reason?: string;
}

/** A reversal event as read from Stripe (events.ts). */
export interface ReversalEvent {
  /** The Stripe event id, `evt_...` (the key of its ledger entry). */
  eventId: string;
  /** The payment intent of the refunded or disputed charge; undefined when absent. */
  paymentIntent: string | undefined;
  /** For a refund, the share of the charge refunded so far, in (0, 1]. */
  refundedShare?: number;
  /** What happened. */
  kind: 'refund' | 'dispute_opened' | 'dispute_closed';
  /** For a closed dispute: won by the merchant. */
  won?: boolean;
}

/** The prefix of the ledger keys of the reversals of the purchase of `sessionId`. */
export function reversalKeyPrefix(sessionId: string): string {
  return `purchase_reversal:${sessionId}`;
}

/** The ledger key of the entry written by the reversal event `eventId` of `sessionId`. */
export function reversalEntryKey(sessionId: string, eventId: string): string {
  return `${reversalKeyPrefix(sessionId)}:${eventId}`;
}

/** The ledger key of a won dispute's credit as earlier versions wrote it (read only). */
export function legacyDisputeWonKey(sessionId: string): string {
  return `dispute_won:${sessionId}`;
}

/**
 * Nano-peanuts the ledger has taken back from the purchase of `sessionId` so far: its reversal
 * entries (`purchase_reversal:<sessionId>` and `purchase_reversal:<sessionId>:...`, and the
 * `dispute_won:<sessionId>` credit of earlier versions), negated.
 */
export async function ledgerTakenBackNano(
  tx: Executor,
  userSub: string,
  sessionId: string,
): Promise<number> {
  const key = reversalKeyPrefix(sessionId);
  const [row] = await tx
    .select({ total: sql<string | null>`sum(-${ledgerEntries.amountNano})` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userSub, userSub),
        sql`(${ledgerEntries.key} = ${key} OR left(${ledgerEntries.key}, ${key.length + 1}) = ${`${key}:`} OR ${ledgerEntries.key} = ${legacyDisputeWonKey(sessionId)})`,
      ),
    );
  return Number(row?.total ?? 0);
}

/** The reversal state of a purchase row. */
export function reversalStateOf(purchase: PurchaseRow): ReversalState {
  return { refundedNano: purchase.refundedNano, dispute: purchase.dispute as DisputeState };
}

/** The transition of `event` for a purchase of `peanutsNano`. */
function transitionOf(event: ReversalEvent, peanutsNano: number): ReversalTransition {
  switch (event.kind) {
    case 'refund':
      return {
        kind: 'refund',
        refundedNano: Math.round(peanutsNano * Math.min(1, event.refundedShare ?? 1)),
      };
    case 'dispute_opened':
      return { kind: 'dispute_opened' };
    case 'dispute_closed':
      return { kind: 'dispute_closed', won: event.won === true };
  }
}

/** The ledger kind of the entry a reversal event writes. */
function entryKindOf(event: ReversalEvent, amountNano: number): string {
  if (event.kind === 'refund') return 'refund';
  return amountNano > 0 ? 'dispute_won' : 'dispute';
}

/**
 * Applies the reversal `event` in `tx`: locks its purchase, moves its state, writes the ledger
 * difference (when not zero), then runs `onReversed` with the purchase (in `tx`) when the state
 * moved.
 */
export async function applyReversal(
  tx: Executor,
  ledger: LedgerService,
  event: ReversalEvent,
  onReversed: (sessionId: string) => Promise<void>,
): Promise<ReversalOutcome> {
  if (event.paymentIntent === undefined) {
    return { outcome: 'unmatched', reason: 'no payment_intent' };
  }
  const [purchase] = await tx
    .select()
    .from(purchases)
    .where(eq(purchases.paymentIntent, event.paymentIntent))
    .for('update');
  if (!purchase) return { outcome: 'unmatched', reason: 'unknown purchase' };
  const sessionId = purchase.checkoutSessionId;
  const before = reversalStateOf(purchase);
  const after = nextReversalState(
    before,
    transitionOf(event, purchase.peanutsNano),
    purchase.peanutsNano,
  );
  if (sameReversalState(before, after)) return { outcome: 'duplicate' };
  const owed =
    takenBackNano(after, purchase.peanutsNano) -
    (await ledgerTakenBackNano(tx, purchase.userSub, sessionId));
  if (owed !== 0) {
    const written = await ledger.append(
      {
        userSub: purchase.userSub,
        amountNano: -owed,
        kind: entryKindOf(event, -owed),
        key: reversalEntryKey(sessionId, event.eventId),
      },
      tx,
    );
    // Each event moves the state once (the states only move forward), so its key is new; if it
    // is not, the ledger and the state disagree: roll back rather than write half of it.
    if (!written) throw new Error(`reversal entry of ${event.eventId} written before`);
  }
  await tx
    .update(purchases)
    .set({
      refundedNano: after.refundedNano,
      dispute: after.dispute,
      state: purchaseStateOf(after, purchase.peanutsNano),
      updatedAt: new Date(),
    })
    .where(eq(purchases.checkoutSessionId, sessionId));
  await onReversed(sessionId);
  return { outcome: 'applied' };
}
