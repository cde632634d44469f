/**
 * The write of a metering pass (meterBatch.ts): the plans of a batch go to PostgreSQL as one
 * array literal per column, and one statement updates the VPN rows (compare-and-set) and
 * inserts the ledger settlements of the rows it updated (issue 11).
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../db';
import type { MeterRow, PlannedVpn } from './meterBatchPlan';
import type { Executor } from './store';

/**
 * An array of strings as one PostgreSQL array literal parameter (cast it in the SQL, e.g.
 * `::text[]`): each quoted and escaped, null as NULL. Built with one join: the driver's own
 * element-by-element conversion costs more than the statement at 100k elements.
 */
function textsParam(values: readonly (string | null)[]): SQL {
  const items = values.map((value) =>
    value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`,
  );
  return sql`${`{${items.join(',')}}`}`;
}

/**
 * An array of whole numbers (safe integers) or nulls as one PostgreSQL array literal parameter
 * (cast it in the SQL, e.g. `::bigint[]`): JSON's text of the array, `[1,null]` as `{1,null}`
 * (PostgreSQL reads NULL in any case), written natively in one call.
 */
function numbersParam(values: readonly (number | null)[]): SQL {
  const json = JSON.stringify(values);
  return sql`${`{${json.slice(1, -1)}}`}`;
}

/** SQL: the timestamp of an epoch-milliseconds expression (exact: interval arithmetic). */
const fromEpochMs = (expression: string): SQL =>
  sql.raw(`('epoch'::timestamptz + ${expression} * interval '1 millisecond')`);

/**
 * SQL: writes the settlements of `source` (a CTE with columns `user_sub`, `vpn_id`,
 * `settle_amount`, `settle_index`; a null or zero amount writes nothing) into the ledger as
 * usage entries keyed `usage:<vpnId>:<settle_index>` (metering.ts `usageKey`), each at most once
 * (ON CONFLICT DO NOTHING); returns a row per entry written. Used inside a WITH.
 */
export function insertSettlements(source: string): SQL {
  return sql`INSERT INTO ledger_entries (user_sub, amount_nano, kind, key)
    SELECT user_sub, -settle_amount, 'usage', 'usage:' || vpn_id || ':' || settle_index
    FROM ${sql.raw(source)} WHERE settle_amount > 0
    ON CONFLICT (key) DO NOTHING
    RETURNING 1`;
}

/** What the write did. */
export interface Written {
  /** VPN rows updated. */
  updated: number;
  /** Ledger settlements written. */
  settlements: number;
  /** The VPNs it moved to Deprovisioning. */
  ended: string[];
}

/**
 * Writes `changed` (planned with a charge or an end) in one statement: the UPDATE of the rows
 * still Running and as they were read (compare-and-set), then the ledger settlements of those
 * rows.
 */
export async function writePlans(
  tx: Executor,
  changed: readonly PlannedVpn<MeterRow & { version: number }>[],
  nowMs: number,
): Promise<Written> {
  const n = changed.length;
  const ids = new Array<string>(n);
  const versions = new Array<number>(n);
  const wasIntervals = new Array<number>(n);
  const meteredAt = new Array<number>(n);
  const intervals = new Array<number>(n);
  const bytes = new Array<number>(n);
  const consumed = new Array<number>(n);
  const settleAmounts = new Array<number | null>(n);
  const settleIndexes = new Array<number | null>(n);
  const endedAt = new Array<number | null>(n);
  const reasons = new Array<string | null>(n);
  for (let i = 0; i < n; i++) {
    const { row, plan } = changed[i];
    ids[i] = row.vpnId;
    versions[i] = row.version;
    wasIntervals[i] = row.meteredIntervals;
    meteredAt[i] = plan.meteredAtMs;
    intervals[i] = plan.meteredIntervals;
    bytes[i] = plan.chargedBytes;
    consumed[i] = plan.consumedNano;
    settleAmounts[i] = plan.settle?.amountNano ?? null;
    settleIndexes[i] = plan.settle?.index ?? null;
    endedAt[i] = plan.end?.atMs ?? null;
    reasons[i] = plan.end?.reason ?? null;
  }
  const [written] = rowsOf<Written>(
    await tx.execute(sql`
      WITH c AS (
        SELECT * FROM unnest(
          ${textsParam(ids)}::text[], ${numbersParam(versions)}::integer[],
          ${numbersParam(wasIntervals)}::integer[], ${numbersParam(meteredAt)}::bigint[],
          ${numbersParam(intervals)}::integer[], ${numbersParam(bytes)}::bigint[],
          ${numbersParam(consumed)}::bigint[], ${numbersParam(settleAmounts)}::bigint[],
          ${numbersParam(settleIndexes)}::integer[], ${numbersParam(endedAt)}::bigint[],
          ${textsParam(reasons)}::text[]
        ) AS c(vpn_id, version, was_intervals, metered_at_ms, metered_intervals, bytes,
               consumed_nano, settle_amount, settle_index, ended_at_ms, reason)
      ), updated AS (
        UPDATE vpns SET
          metered_at = ${fromEpochMs('c.metered_at_ms')},
          metered_intervals = c.metered_intervals,
          bytes = c.bytes,
          consumed_nano = c.consumed_nano,
          settled_nano = CASE WHEN c.settle_index IS NULL THEN vpns.settled_nano
                         ELSE c.consumed_nano END,
          settled_intervals = CASE WHEN c.settle_index IS NULL THEN vpns.settled_intervals
                              ELSE c.metered_intervals END,
          state = CASE WHEN c.ended_at_ms IS NULL THEN vpns.state ELSE 'Deprovisioning' END,
          ended_at = coalesce(${fromEpochMs('c.ended_at_ms')}, vpns.ended_at),
          reason = coalesce(c.reason, vpns.reason),
          updated_at = CASE WHEN c.ended_at_ms IS NULL THEN vpns.updated_at
                       ELSE 'epoch'::timestamptz + ${nowMs}::bigint * interval '1 millisecond' END,
          version = CASE WHEN c.ended_at_ms IS NULL THEN vpns.version ELSE vpns.version + 1 END
        FROM c
        WHERE vpns.vpn_id = c.vpn_id AND vpns.state = 'Running' AND vpns.version = c.version
          AND vpns.metered_intervals = c.was_intervals
        RETURNING vpns.vpn_id, vpns.user_sub, c.settle_amount, c.settle_index,
          c.ended_at_ms IS NOT NULL AS ended
      ), settled AS (${insertSettlements('updated')})
      SELECT (SELECT count(*)::integer FROM updated) AS updated,
        (SELECT count(*)::integer FROM settled) AS settlements,
        (SELECT coalesce(array_agg(vpn_id), '{}') FROM updated WHERE ended) AS ended`),
  );
  return written ?? { updated: 0, settlements: 0, ended: [] };
}
