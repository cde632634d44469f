/**
 * The peanut statement (docs/architecture.md "peanut statement"): `GET /v1/peanuts/history`.
 */

/** The states of a purchase. */
export type PurchaseState = 'paid' | 'refunded' | 'disputed';

/** One line of the statement (amounts in peanuts). */
export interface PeanutsHistoryEntry {
  /** When it happened, ISO 8601. */
  date: string;
  /**
   * `signup_bonus`, `purchase`, `usage` (one line per VPN, summed), `refund`, `dispute`,
   * `dispute_won`, ...
   */
  kind: string;
  /** Peanuts, signed: credits positive. */
  amount: number;
  /** The balance in peanuts right after it. */
  balanceAfter: number;
  /** The VPN id (usage) or the checkout session id (purchase, refund, dispute); else null. */
  reference: string | null;
  /** The pack of a purchase, refund or dispute. */
  pack?: string;
  /** The current state of that purchase. */
  purchaseState?: PurchaseState;
}

/** `GET /v1/peanuts/history` response: newest first. */
export interface PeanutsHistoryResponse {
  entries: PeanutsHistoryEntry[];
  /** The cursor of the next (older) page; null on the last page. */
  nextCursor: string | null;
}
