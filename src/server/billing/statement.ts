/**
 * The peanut statement (docs/architecture.md "peanut statement"): a user's ledger entries, newest
 * first, each with the balance right after it. The usage entries of one VPN (one per settlement)
 * are summed into one line, dated and placed at its latest entry, whose balance it shows. A
 * Running VPN's charges not settled yet (vpns/metering.ts "Settling") count as a newest entry of
 * its line, dated when they were metered up to, so the statement always ends at the balance. Purchase, refund and dispute lines carry their pack and the purchase's state.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../ledger/service';
import { rowsOf } from '../db';

/** One line of the statement (amounts in nano-peanuts). */
export interface StatementLine {
  /** Id of the line's (latest) ledger entry: the cursor of the next page. */
  id: number;
  /** When the (latest) entry was written. */
  date: Date;
  /** Entry kind: `signup_bonus`, `purchase`, `usage`, `refund`, `dispute`, ... */
  kind: string;
  /** Signed amount in nano-peanuts (summed for a VPN's usage). */
  amountNano: number;
  /** Balance in nano-peanuts right after the (latest) entry. */
  balanceAfterNano: number;
  /** What it is about: the VPN id, the checkout session id, or null (sign-up bonus). */
  reference: string | null;
  /** The pack of a purchase, refund or dispute. */
  packId: string | null;
  /** The state of that purchase: `paid`, `refunded` or `disputed`. */
  purchaseState: string | null;
}

/**
 * First id of the unsettled charges' entries: above every ledger id, below 2^53 (exact as a JS
 * number, so it works as a cursor).
 */
const PENDING_ID_BASE = 2 ** 52;

/** One page of the statement. */
export interface StatementPage {
  /** Newest first. */
  lines: StatementLine[];
  /** Cursor of the next (older) page; null on the last page. */
  nextCursor: number | null;
}

/**
 * Reads up to `limit` lines of `userSub`'s statement older than the line `before` (an entry id;
 * undefined: from the newest).
 */
export async function readStatement(
  db: Executor,
  userSub: string,
  limit: number,
  before: number | undefined,
): Promise<StatementPage> {
  const result = await db.execute(sql`
    WITH entries AS (
      SELECT id, created_at, kind, amount_nano, key
      FROM ledger_entries WHERE user_sub = ${userSub}
      UNION ALL
      SELECT ${PENDING_ID_BASE}::bigint + row_number() OVER (ORDER BY metered_at, vpn_id),
        metered_at, 'usage', settled_nano - consumed_nano, 'usage:' || vpn_id || ':pending'
      FROM vpns
      WHERE user_sub = ${userSub} AND state = 'Running' AND consumed_nano <> settled_nano
    ), raw AS (
      SELECT id, created_at, kind, amount_nano, key,
        sum(amount_nano) OVER (ORDER BY id) AS balance_after,
        CASE WHEN kind = 'usage' THEN 'usage:' || split_part(key, ':', 2) ELSE key END AS grp
      FROM entries
    ), grouped AS (
      SELECT max(id) AS id, max(created_at) AS created_at, min(kind) AS kind,
        sum(amount_nano) AS amount_nano, grp,
        (array_agg(balance_after ORDER BY id DESC))[1] AS balance_after
      FROM raw GROUP BY grp
    )
    SELECT g.id, g.created_at, g.kind, g.amount_nano, g.balance_after,
      CASE WHEN g.kind = 'signup_bonus' THEN NULL ELSE split_part(g.grp, ':', 2) END AS reference,
      p.pack_id, p.state
    FROM grouped g
    LEFT JOIN purchases p
      ON g.kind <> 'usage' AND p.user_sub = ${userSub}
      AND p.checkout_session_id = split_part(g.grp, ':', 2)
    WHERE ${before === undefined ? sql`true` : sql`g.id < ${before}`}
    ORDER BY g.id DESC
    LIMIT ${limit + 1}
  `);
  const rows = rowsOf<Record<string, unknown>>(result);
  const lines = rows.slice(0, limit).map((row): StatementLine => ({
    id: Number(row.id),
    date: new Date(row.created_at as string | Date),
    kind: String(row.kind),
    amountNano: Number(row.amount_nano),
    balanceAfterNano: Number(row.balance_after),
    reference: row.reference === null ? null : String(row.reference),
    packId: row.pack_id === null ? null : String(row.pack_id),
    purchaseState: row.state === null ? null : String(row.state),
  }));
  return {
    lines,
    nextCursor: rows.length > limit ? lines[lines.length - 1].id : null,
  };
}
