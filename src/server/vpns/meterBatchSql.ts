/**
 * The statement of a metering pass (meterBatch.ts): `planMetering`'s rules
 * (metering.ts) as one set-based statement over the Running VPNs of a batch's owners, which
 * reads them, plans them, updates their rows and writes their settlements into the ledger, so
 * the rows never travel to the service and back. metering.ts stays the rules' statement in
 * words and the one used VPN by VPN (meterOne.ts); vpnsMeterBatchPlan.test.ts and
 * vpnsMeterBatchProperty.test.ts check that this statement writes exactly what `planMetering`
 * plans, VPN by VPN in (owner, vpnId) order, on PGlite and PostgreSQL.
 *
 * How the order of an owner's VPNs is kept in one statement: each VPN sees its owner's balance
 * less the charges of the owner's VPNs before it (vpnId order). Call a VPN's "regular" charge
 * the one planned as if the balance were not used up (whole intervals, or up to the deadline),
 * capped at what is left of its maxPeanuts. Its actual charge is its regular charge capped at
 * the balance it sees (metering.ts "Caps"); a VPN that sees the balance used up (0 or less) ends
 * and is charged 0. So with B the owner's balance and S the running sum of the regular charges
 * before a VPN, the balance it sees is B when B <= 0 (nothing is charged), else max(0, B - S):
 * exact up to the first VPN whose regular charge reaches the balance (charged what is left),
 * and 0 after it. That is `greatest(least(B, 0), B - S)`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../db';
import { NANO_PER_BYTE } from '../../core/peanuts';
import { END_REASONS, NANO_PER_MS, type EndReason } from './metering';
import type { Executor } from './store';

/**
 * An array of strings as one PostgreSQL array literal parameter (cast it in the SQL, e.g.
 * `::text[]`): each quoted and escaped. Built with one join: the driver's own
 * element-by-element conversion costs more than the statement at 100k elements.
 */
export function textsParam(values: readonly string[]): SQL {
  return sql`${textsLiteral(values)}`;
}

/** The PostgreSQL array literal of strings `values` (see {@link textsParam}), e.g. `{"a","b"}`. */
export function textsLiteral(values: readonly string[]): string {
  const items = values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`);
  return `{${items.join(',')}}`;
}

/**
 * An array of whole numbers (safe integers) as one PostgreSQL array literal parameter (cast it
 * in the SQL, e.g. `::bigint[]`): JSON's text of the array, `[1,2]` as `{1,2}`.
 */
function numbersParam(values: readonly number[]): SQL {
  const json = JSON.stringify(values);
  return sql`${`{${json.slice(1, -1)}}`}`;
}

/** SQL: the timestamp of an epoch-milliseconds expression (exact: interval arithmetic). */
const fromEpochMs = (expression: string): SQL =>
  sql.raw(`('epoch'::timestamptz + ${expression} * interval '1 millisecond')`);

/** SQL: epoch milliseconds of a timestamp column, truncated like a JS Date, as bigint. */
const epochMs = (column: string): SQL =>
  sql.raw(`floor(extract(epoch FROM ${column}) * 1000)::bigint`);

/** SQL: when a VPN became Running, epoch ms (bigint; `runningAtMs` of metering.ts). */
export const RUNNING_MS = epochMs('running_at');

/** SQL: a VPN's deadline, runningAt + deleteAfter, epoch ms (bigint; spec §4). */
export const DEADLINE_MS = sql`${RUNNING_MS} + delete_after * 1000::bigint`;

/**
 * SQL: the price of a charge covering the running time from `metered_ms` up to `covered` (epoch
 * ms) and the `new_bytes` counted since the last charge, nano-peanuts (spec §9, metering.ts).
 */
const priceUpTo = (covered: string): SQL =>
  sql.raw(`(${covered} - metered_ms) * ${NANO_PER_MS} + new_bytes * ${NANO_PER_BYTE}`);

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

/**
 * The span of a usage point, ms: a pass records a VPN's totals (vpn_usage_points) when its
 * metered time crosses a multiple of it, so at most one point per VPN per minute.
 */
export const USAGE_POINT_MS = 60_000;

/** What one statement of a pass planned and wrote. */
export interface MeteredRows {
  /** Running VPNs planned. */
  metered: number;
  /** VPN rows updated (charged or ended). */
  written: number;
  /** Ledger settlements written. */
  settlements: number;
  /** Nano-peanuts charged to the VPNs updated (metrics: peanuts consumed). */
  chargedNano: number;
  /** The VPNs moved to Deprovisioning, and why. */
  ended: { vpnId: string; reason: EndReason }[];
  /**
   * Deadlines (runningAt + deleteAfter, epoch ms) of the VPNs left Running that come within one
   * interval from now.
   */
  upcoming: number[];
}

/** What a statement that metered nothing gives (a new object each time: callers add to it). */
export const nothingMetered = (): MeteredRows => ({
  metered: 0,
  written: 0,
  settlements: 0,
  chargedNano: 0,
  ended: [],
  upcoming: [],
});

/** What a statement of a pass works on. */
export interface MeterRowsInput {
  /** The owners whose balances count (a condition on `vpns.user_sub`), locked by the caller. */
  scope: SQL;
  /** Which of their Running VPNs to meter (a condition on `vpns` columns). */
  due: SQL;
  /** Byte counters read (bytes since the VPN started); a VPN without one keeps its bytes. */
  usage: ReadonlyMap<string, number>;
  /** Now, epoch ms. */
  nowMs: number;
  /** Metering interval, ms. */
  intervalMs: number;
  /** Metering intervals per settlement (metering.ts "Settling"), at least 1. */
  settleEveryIntervals: number;
}

/** The Running VPNs with both timestamps set (a Running row always has them). */
export const RUNNING = sql.raw(
  `state = 'Running' AND running_at IS NOT NULL AND metered_at IS NOT NULL`,
);

/**
 * Plans and writes the Running VPNs matching `due` of the owners in `scope` (see the module
 * comment), inside the caller's transaction, which holds the owners' row locks. Each row is
 * written only if still Running at the version planned from (a host monitor's pause takes only
 * the VPN's row); a settlement already in the ledger is not written again.
 */
export async function meterRows(tx: Executor, input: MeterRowsInput): Promise<MeteredRows> {
  const { scope, due, nowMs, intervalMs } = input;
  const now = sql`${nowMs}::bigint`;
  const interval = sql`${intervalMs}::bigint`;
  const every = sql`${Math.max(1, input.settleEveryIntervals)}::integer`;
  const reason = (key: keyof typeof END_REASONS): SQL => sql`${END_REASONS[key]}::text`;
  const [result] = rowsOf<{
    metered: number;
    written: number;
    settlements: number;
    charged_nano: string;
    ended_ids: string[];
    ended_reasons: EndReason[];
    upcoming: string[];
  }>(
    await tx.execute(sql`
      WITH counters AS (
        SELECT * FROM unnest(${textsParam([...input.usage.keys()])}::text[],
                             ${numbersParam([...input.usage.values()])}::bigint[])
          AS u(vpn_id, usage_bytes)
      ), v AS (
        -- Every Running VPN of the owners (their unsettled charges count in their balances),
        -- with whether this pass meters it (due).
        SELECT vpns.ctid AS tid, vpns.vpn_id, vpns.user_sub, vpns.version, ${due} AS due,
          ${RUNNING_MS} AS running_ms, ${epochMs('metered_at')} AS metered_ms,
          ${DEADLINE_MS} AS deadline,
          metered_intervals, bytes, consumed_nano, settled_nano, settled_intervals,
          max_peanuts_nano, greatest(0, coalesce(counters.usage_bytes, bytes) - bytes) AS new_bytes
        FROM vpns LEFT JOIN counters ON counters.vpn_id = vpns.vpn_id
        WHERE ${RUNNING} AND ${scope}
      ), timed AS MATERIALIZED (
        -- completed: whole intervals from runningAt to min(now, deadline) (integer division:
        -- the same as floor where it counts, since less than one interval is 0 either way).
        -- Materialized: the later steps refer to these many times.
        SELECT v.*, least(${now}, deadline) AS until, ${now} >= deadline AS past_deadline,
          greatest(0, (least(${now}, deadline) - running_ms) / ${interval}) AS completed
        FROM v
      ), owners AS (
        -- Each owner's balance, as ledger.balanceNano reads it: the ledger's total (one row,
        -- whatever the owner's history) less the unsettled charges of their Running VPNs.
        SELECT user_sub, coalesce((SELECT total_nano FROM ledger_totals l
                                   WHERE l.user_sub = timed.user_sub), 0)
                         - sum(consumed_nano - settled_nano) AS balance
        FROM timed GROUP BY user_sub
      ), regular AS (
        -- The charge if the balance is not used up (the VPN ending only at its deadline): whole
        -- intervals, or up to the deadline for the last charge.
        SELECT timed.*,
          CASE WHEN past_deadline THEN greatest(until, metered_ms)
               ELSE greatest(running_ms + completed * ${interval}, metered_ms) END AS regular_covered,
          due AND (past_deadline OR completed > metered_intervals) AS regular_charging
        FROM timed
      ), priced AS (
        -- What is left of maxPeanuts (a cap of every charge; null: unlimited, and least()
        -- skips nulls).
        SELECT regular.*, max_peanuts_nano - least(consumed_nano, max_peanuts_nano) AS left_of_max,
          CASE WHEN regular_charging
               THEN least(${priceUpTo('regular_covered')},
                          max_peanuts_nano - least(consumed_nano, max_peanuts_nano))
               ELSE 0 END AS regular_charge
        FROM regular
      ), seen AS (
        -- The balance each VPN sees: its owner's, less the charges of the owner's VPNs before it
        -- (each capped at the balance it saw: see the module comment).
        SELECT priced.*, greatest(least(coalesce(owners.balance, 0), 0),
          coalesce(owners.balance, 0) - coalesce(sum(regular_charge) OVER (
            PARTITION BY priced.user_sub ORDER BY priced.vpn_id COLLATE "C"
            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)) AS balance
        FROM priced LEFT JOIN owners ON owners.user_sub = priced.user_sub
      ), charged AS (
        -- A VPN that finds the balance used up ends now: its last charge covers up to now.
        SELECT seen.*, balance <= 0 AS forced, (balance <= 0 OR regular_charging) AS charging,
          CASE WHEN balance <= 0 THEN greatest(until, metered_ms) ELSE regular_covered END
            AS covered
        FROM seen WHERE due
      ), planned AS (
        SELECT charged.*,
          CASE WHEN charging THEN covered ELSE metered_ms END AS new_metered_ms,
          CASE WHEN charging THEN greatest(completed, metered_intervals + 1)
               ELSE metered_intervals END AS new_intervals,
          CASE WHEN charging THEN bytes + new_bytes ELSE bytes END AS new_bytes_total,
          CASE WHEN charging
               THEN greatest(0, least(${priceUpTo('covered')}, left_of_max, balance))
               ELSE 0 END AS charge
        FROM charged
      ), judged AS (
        SELECT planned.*, consumed_nano + charge AS new_consumed,
          CASE WHEN forced THEN ${reason('balance')}
               WHEN max_peanuts_nano IS NOT NULL AND consumed_nano + charge >= max_peanuts_nano
                 THEN ${reason('maxPeanuts')}
               WHEN balance - charge <= 0 THEN ${reason('balance')}
               WHEN past_deadline THEN ${reason('deleteAfter')}
          END AS reason
        FROM planned
      ), outcome AS (
        -- Settle when the VPN ends or its charged intervals cross a multiple of the period.
        SELECT judged.*,
          CASE WHEN reason = ${reason('deleteAfter')} THEN deadline ELSE ${now} END AS end_ms,
          (reason IS NOT NULL OR new_intervals / ${every} > settled_intervals / ${every})
            AND new_intervals > settled_intervals AS settling
        FROM judged
      ), updated AS (
        -- Each row found where this statement read it (ctid: no index lookup); a row changed
        -- since by another transaction is rechecked as it is now (still Running, same version).
        UPDATE vpns SET
          metered_at = ${fromEpochMs('f.new_metered_ms')},
          metered_intervals = f.new_intervals,
          bytes = f.new_bytes_total,
          consumed_nano = f.new_consumed,
          settled_nano = CASE WHEN f.settling THEN f.new_consumed ELSE vpns.settled_nano END,
          settled_intervals = CASE WHEN f.settling THEN f.new_intervals
                              ELSE vpns.settled_intervals END,
          state = CASE WHEN f.reason IS NULL THEN vpns.state ELSE 'Deprovisioning' END,
          ended_at = CASE WHEN f.reason IS NULL THEN vpns.ended_at
                     ELSE ${fromEpochMs('f.end_ms')} END,
          reason = coalesce(f.reason, vpns.reason),
          updated_at = CASE WHEN f.reason IS NULL THEN vpns.updated_at
                       ELSE ${fromEpochMs(String(nowMs))} END,
          version = CASE WHEN f.reason IS NULL THEN vpns.version ELSE vpns.version + 1 END
        FROM outcome f
        -- Written when it charges, ends or settles (a period crossed without a charge: the
        -- settlement period was shortened since the last charge, as planMetering settles then).
        WHERE vpns.ctid = f.tid AND (f.charging OR f.reason IS NOT NULL OR f.settling)
          AND vpns.state = 'Running' AND vpns.version = f.version
        RETURNING vpns.vpn_id, vpns.user_sub, f.reason,
          CASE WHEN f.settling THEN f.new_consumed - f.settled_nano END AS settle_amount,
          f.settled_intervals AS settle_index, f.charge,
          f.new_metered_ms / ${USAGE_POINT_MS}::bigint > f.metered_ms / ${USAGE_POINT_MS}::bigint
            AS new_point,
          f.new_metered_ms, f.new_bytes_total, f.new_consumed
      ), settled AS (${insertSettlements('updated')}
      ), points AS (
        -- The usage over time: a point when the metered time crosses a minute (one per VPN per
        -- minute at most), in this statement (no row per VPN travels here).
        INSERT INTO vpn_usage_points (vpn_id, at, bytes, consumed_nano)
        SELECT vpn_id, ${fromEpochMs('new_metered_ms')}, new_bytes_total, new_consumed
        FROM updated WHERE new_point
        ON CONFLICT DO NOTHING
        RETURNING 1)
      SELECT (SELECT count(*)::integer FROM outcome) AS metered,
        (SELECT count(*)::integer FROM updated) AS written,
        (SELECT count(*)::integer FROM settled) AS settlements,
        (SELECT coalesce(sum(charge), 0)::text FROM updated) AS charged_nano,
        (SELECT coalesce(array_agg(vpn_id ORDER BY vpn_id), '{}') FROM updated WHERE reason IS NOT NULL)
          AS ended_ids,
        (SELECT coalesce(array_agg(reason ORDER BY vpn_id), '{}') FROM updated WHERE reason IS NOT NULL)
          AS ended_reasons,
        (SELECT coalesce(array_agg(deadline::text), '{}') FROM outcome
          WHERE reason IS NULL AND deadline <= ${now} + ${interval}) AS upcoming`),
  );
  if (!result) return nothingMetered();
  return {
    metered: result.metered,
    written: result.written,
    settlements: result.settlements,
    chargedNano: Number(result.charged_nano),
    ended: result.ended_ids.map((vpnId, i) => ({ vpnId, reason: result.ended_reasons[i] })),
    upcoming: result.upcoming.map(Number),
  };
}
