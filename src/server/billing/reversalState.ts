/**
 * A purchase's reversals as a state: what its refunds took back so far and where its
 * dispute stands. Pure: reversals.ts reads the state from the purchase's row, moves it with
 * `nextReversalState` for each Stripe event, and writes the difference of `takenBackNano` to the
 * ledger, so that whatever the order of the events, and however often each is delivered, the
 * ledger takes back exactly `takenBackNano` of the final state.
 *
 * The rules:
 * - Refunds are cumulative (`amount_refunded` of the charge): the largest share seen counts, so
 *   a late or repeated refund event changes nothing.
 * - A dispute takes back everything not taken back yet while it is open, and for good once lost;
 *   once won it takes nothing (the refunds still stand). A charge is disputed once: a closed
 *   dispute is final, and an opening that arrives after its closing changes nothing.
 *
 * Example: Starter (17 peanuts) disputed takes 17, won gives 17 back, then refunded in full
 * takes 17: 17 taken back in all.
 */
import type { DisputeState, PurchaseState } from './schema';

/** What has been taken back from a purchase (amounts in nano-peanuts). */
export interface ReversalState {
  /** Nano-peanuts the refunds take back, 0 to the purchase's peanuts. */
  refundedNano: number;
  /** Where its dispute stands. */
  dispute: DisputeState;
}

/** One reversal event of a purchase. */
export type ReversalTransition =
  /** `charge.refunded`: the refunds so far take back `refundedNano` (cumulative). */
  | { kind: 'refund'; refundedNano: number }
  /** `charge.dispute.created`. */
  | { kind: 'dispute_opened' }
  /** `charge.dispute.closed`: won (the money stays with the merchant) or lost. */
  | { kind: 'dispute_closed'; won: boolean };

/**
 * The state after `transition`, for a purchase of `peanutsNano` nano-peanuts. Equal to `state`
 * (same fields) when the event changes nothing: a refund share already reached, a dispute
 * opened twice, or any dispute event after the dispute closed.
 */
export function nextReversalState(
  state: ReversalState,
  transition: ReversalTransition,
  peanutsNano: number,
): ReversalState {
  switch (transition.kind) {
    case 'refund':
      return {
        ...state,
        refundedNano: Math.min(
          peanutsNano,
          Math.max(state.refundedNano, Math.max(0, transition.refundedNano)),
        ),
      };
    case 'dispute_opened':
      return state.dispute === 'none' ? { ...state, dispute: 'open' } : state;
    case 'dispute_closed':
      return state.dispute === 'won' || state.dispute === 'lost'
        ? state
        : { ...state, dispute: transition.won ? 'won' : 'lost' };
  }
}

/** True when `a` and `b` are the same state. */
export function sameReversalState(a: ReversalState, b: ReversalState): boolean {
  return a.refundedNano === b.refundedNano && a.dispute === b.dispute;
}

/**
 * Nano-peanuts taken back from a purchase of `peanutsNano` in `state`: all of it while a dispute
 * is open or once it is lost, else what the refunds took.
 */
export function takenBackNano(state: ReversalState, peanutsNano: number): number {
  return state.dispute === 'open' || state.dispute === 'lost' ? peanutsNano : state.refundedNano;
}

/**
 * The purchase's `state` column for `state`: `disputed` while a dispute is open or once lost,
 * `refunded` once refunded in full, else `paid` (partial refunds and won disputes included).
 */
export function purchaseStateOf(state: ReversalState, peanutsNano: number): PurchaseState {
  if (state.dispute === 'open' || state.dispute === 'lost') return 'disputed';
  return state.refundedNano >= peanutsNano ? 'refunded' : 'paid';
}
