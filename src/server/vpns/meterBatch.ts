/**
 * A metering pass over every Running VPN at once (issue 11): one read of the Running VPNs, their
 * byte counters from the provisioner, then one transaction that locks the owners and the VPNs,
 * reads their metering columns and every owner's balance, plans each VPN with the pure
 * `planMetering` (metering.ts, the rules' one statement) and writes the whole batch with one
 * set-based statement: an UPDATE of the VPN rows (totals, and Running -> Deprovisioning for those
 * that end) from arrays (`unnest`), whose returned rows give the ledger charges of one INSERT
 * (keys `usage:<vpnId>:<index>`, ON CONFLICT DO NOTHING: idempotent). Not one transaction per VPN
 * per tick.
 *
 * Equal to metering the VPNs one by one with `VpnLifecycle.meter` in the order (owner, vpnId):
 * an owner's VPNs are planned in vpnId order, each seeing the balance left by the charges of
 * the ones before it, exactly as the one-by-one path would see after each commit.
 *
 * The pass is cut into a few owner-disjoint partitions (`partitions`), each one transaction as
 * above, run at once so that the database works on several cores. A deadline pass (`dueOnly`)
 * meters only the VPNs whose deadline has come, the same way (the lifecycle runs one at the
 * deadlines that fall between two regular passes).
 *
 * Speed (bench/metering.ts): rows travel as a few plain columns (timestamps as epoch
 * milliseconds, integers as numbers), never as ORM objects, and the plan goes back as one array
 * per column; the server builds the ledger keys and the timestamps.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Provisioner } from '../provisioners';
import { planBatch, type MeterRow, type PlannedVpn } from './meterBatchPlan';
import { deadlineOf, type EndReason } from './metering';
import type { Executor } from './store';
import { rowsOf } from '../db';

export { planBatch, type MeterRow, type PlannedVpn } from './meterBatchPlan';

/** What the batch needs. */
export interface MeterBatchOptions {
  /** The database (a transaction is opened on it). */
  db: Executor & { transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> };
  provisioner: Pick<Provisioner, 'usage'>;
  /** Now, epoch milliseconds (read once, after the byte counters). */
  clock: () => number;
  /** Metering interval, milliseconds. */
  intervalMs: number;
  /** Told about a VPN whose byte counter could not be read (its last charged bytes are used). */
  onUsageError?: (vpnId: string, error: unknown) => void;
  /**
   * Told how long each phase of the pass took, milliseconds (bench/metering.ts prints it); the
   * phases of a transaction are told once per partition.
   */
  onPhase?: (phase: MeterPhase, ms: number) => void;
  /**
   * Only the VPNs whose deadline (runningAt + deleteAfter) has come by the start of the pass: a
   * small pass run at deadlines between the regular ones (termination lag, issue 11).
   */
  dueOnly?: boolean;
  /**
   * Owner-disjoint transactions the pass is cut into, run at once (default 2: the database
   * works on several cores). Each is still one set-based read and one write.
   */
  partitions?: number;
}

/**
 * The phases of a pass, in order: 'lock owners' to 'write' are told by each partition's
 * transaction; 'transactions' is the wall time of them all, commits included.
 */
export type MeterPhase =
  | 'read Running'
  | 'byte counters'
  | 'lock owners'
  | 'read and lock VPNs'
  | 'balances'
  | 'plan'
  | 'write'
  | 'transactions';

/** A VPN that ends in this pass. */
export interface EndedVpn {
  vpnId: string;
  reason: EndReason;
}

/** The outcome of a pass. */
export interface MeterBatchResult {
  /** Running VPNs seen. */
  metered: number;
  /** VPN rows written (charged or ended). */
  written: number;
  /** Ledger charges written. */
  charges: number;
  /** VPNs moved to Deprovisioning. */
  ended: EndedVpn[];
  /**
   * Deadlines (runningAt + deleteAfter, epoch ms) of the VPNs left Running that come before the
   * next regular pass (within one interval from now), in no order: when to run `dueOnly` passes.
   */
  upcoming: number[];
}

/** Byte counters read at once (each a call to the provisioner). */
const USAGE_CONCURRENCY = 32;

/**
 * One array parameter as a PostgreSQL array literal (cast it in the SQL, e.g. `::bigint[]`):
 * numbers as they print, strings quoted and escaped, null as NULL. Built with one join: the
 * driver's own element-by-element conversion costs more than the statement at 100k elements.
 */
function arrayParam(values: readonly (string | number | null)[]): SQL {
  const items = values.map((value) =>
    value === null
      ? 'NULL'
      : typeof value === 'number'
        ? String(value)
        : `"${value.replace(/["\\]/g, '\\$&')}"`,
  );
  return sql`${`{${items.join(',')}}`}`;
}

/** SQL: epoch milliseconds of a timestamp column, truncated like a JS Date, as float8. */
const epochMs = (column: string): SQL =>
  sql.raw(`floor(extract(epoch FROM ${column}) * 1000)::float8`);

/** SQL: the timestamp of an epoch-milliseconds expression (exact: interval arithmetic). */
const fromEpochMs = (expression: string): SQL =>
  sql.raw(`('epoch'::timestamptz + ${expression} * interval '1 millisecond')`);

/** A Running VPN as first read (what its byte counter needs). */
interface SeenVpn {
  vpn_id: string;
  region: string;
  running_at_ms: number;
}

/** Reads the byte counters of `seen`, USAGE_CONCURRENCY at a time. */
async function readUsage(
  seen: readonly SeenVpn[],
  options: MeterBatchOptions,
): Promise<Map<string, number>> {
  const usage = new Map<string, number>();
  for (let i = 0; i < seen.length; i += USAGE_CONCURRENCY) {
    await Promise.all(
      seen.slice(i, i + USAGE_CONCURRENCY).map(async (vpn) => {
        try {
          const { bytes } = await options.provisioner.usage({
            vpnId: vpn.vpn_id,
            region: vpn.region,
            runningAtMs: vpn.running_at_ms,
          });
          usage.set(vpn.vpn_id, bytes);
        } catch (error) {
          options.onUsageError?.(vpn.vpn_id, error);
        }
      }),
    );
  }
  return usage;
}

/** A row of the locked read: the metering columns (selected under their names) and `ctid`. */
interface LockedRow extends MeterRow {
  tid: string;
}

/** The Running VPNs with both timestamps set (a Running row always has them). */
const RUNNING = sql.raw(`state = 'Running' AND running_at IS NOT NULL AND metered_at IS NOT NULL`);

/**
 * Writes `changed` (planned with a charge or an end) in one statement: the UPDATE of the rows
 * still Running, then the ledger charges of those rows. Returns the charges written. Each row
 * is found by its `ctid` (read under the row lock this transaction holds, so no one else can
 * move the row; the vpnId is checked as well): a direct heap fetch, no index probe.
 */
async function writePlans(
  tx: Executor,
  changed: readonly PlannedVpn<LockedRow>[],
  nowMs: number,
): Promise<number> {
  const n = changed.length;
  const rowTids = new Array<string>(n);
  const ids = new Array<string>(n);
  const meteredAt = new Array<number>(n);
  const intervals = new Array<number>(n);
  const bytes = new Array<number>(n);
  const consumed = new Array<number>(n);
  const endedAt = new Array<number | null>(n);
  const reasons = new Array<string | null>(n);
  const amounts = new Array<number>(n);
  const indexes = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const { row, plan } = changed[i];
    rowTids[i] = row.tid;
    ids[i] = row.vpnId;
    meteredAt[i] = plan.meteredAtMs;
    intervals[i] = plan.meteredIntervals;
    bytes[i] = plan.chargedBytes;
    consumed[i] = plan.consumedNano;
    endedAt[i] = plan.end?.atMs ?? null;
    reasons[i] = plan.end?.reason ?? null;
    amounts[i] = plan.charge?.amountNano ?? 0;
    indexes[i] = plan.charge?.index ?? 0;
  }
  const [counted] = rowsOf<{ charges: number }>(
    await tx.execute(sql`
      WITH c AS (
        SELECT * FROM unnest(
          ${arrayParam(rowTids)}::tid[], ${arrayParam(ids)}::text[], ${arrayParam(meteredAt)}::bigint[], ${arrayParam(intervals)}::integer[],
          ${arrayParam(bytes)}::bigint[], ${arrayParam(consumed)}::bigint[], ${arrayParam(endedAt)}::bigint[],
          ${arrayParam(reasons)}::text[], ${arrayParam(amounts)}::bigint[], ${arrayParam(indexes)}::integer[]
        ) AS c(tid, vpn_id, metered_at_ms, metered_intervals, bytes, consumed_nano, ended_at_ms,
               reason, amount_nano, charge_index)
      ), updated AS (
        UPDATE vpns SET
          metered_at = ${fromEpochMs('c.metered_at_ms')},
          metered_intervals = c.metered_intervals,
          bytes = c.bytes,
          consumed_nano = c.consumed_nano,
          state = CASE WHEN c.ended_at_ms IS NULL THEN vpns.state ELSE 'Deprovisioning' END,
          ended_at = coalesce(${fromEpochMs('c.ended_at_ms')}, vpns.ended_at),
          reason = coalesce(c.reason, vpns.reason),
          updated_at = CASE WHEN c.ended_at_ms IS NULL THEN vpns.updated_at
                       ELSE 'epoch'::timestamptz + ${nowMs}::bigint * interval '1 millisecond' END,
          version = CASE WHEN c.ended_at_ms IS NULL THEN vpns.version ELSE vpns.version + 1 END
        FROM c
        WHERE vpns.ctid = c.tid AND vpns.vpn_id = c.vpn_id AND vpns.state = 'Running'
        RETURNING vpns.vpn_id, vpns.user_sub, c.amount_nano, c.charge_index
      ), charged AS (
        INSERT INTO ledger_entries (user_sub, amount_nano, kind, key)
        SELECT user_sub, -amount_nano, 'usage', 'usage:' || vpn_id || ':' || charge_index
        FROM updated WHERE amount_nano > 0
        ON CONFLICT (key) DO NOTHING
        RETURNING 1
      )
      SELECT count(*)::integer AS charges FROM charged`),
  );
  return counted?.charges ?? 0;
}

/** What every partition of a pass shares. */
interface PassContext {
  options: MeterBatchOptions;
  usage: ReadonlyMap<string, number>;
  seenIds: ReadonlySet<string>;
  nowMs: number;
  /** The VPNs of this pass and partition (a condition on `vpns` columns). */
  scope: SQL;
}

/** One partition of a pass: one transaction over the owners in `scope` (see the module comment). */
async function meterPartition(tx: Executor, context: PassContext): Promise<MeterBatchResult> {
  const { options, usage, seenIds, nowMs, scope } = context;
  let mark = performance.now();
  const phase = (name: MeterPhase): void => {
    const now = performance.now();
    options.onPhase?.(name, now - mark);
    mark = now;
  };
  // Room for the arrays, the join and the trigger's transition table (no spill to disk).
  await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
  // The owners first (as every balance change does), in a fixed order: every owner of a VPN
  // seen Running before (it is Running or Paused now, or ended: it never comes back).
  await tx.execute(
    sql`SELECT 1 FROM users WHERE sub IN (
          SELECT user_sub FROM vpns WHERE state IN ('Running', 'Paused') AND ${scope})
        ORDER BY sub FOR UPDATE`,
  );
  phase('lock owners');
  // Then the VPNs, still Running and seen before (one that became Running since waits for the
  // next pass), in (owner, vpnId) order.
  // The driver's row objects are the plan's input as they are (no copy: 100k objects less).
  const rows = rowsOf<LockedRow>(
    await tx.execute(
      sql`SELECT ctid::text AS tid, vpn_id AS "vpnId", user_sub AS "userSub",
            ${epochMs('running_at')} AS "runningAtMs", ${epochMs('metered_at')} AS "meteredAtMs",
            metered_intervals AS "meteredIntervals", delete_after AS "deleteAfterS",
            bytes::float8 AS bytes, consumed_nano::float8 AS "consumedNano",
            max_peanuts_nano::float8 AS "maxPeanutsNano"
          FROM vpns WHERE ${RUNNING} AND ${scope}
          ORDER BY user_sub, vpn_id COLLATE "C" FOR UPDATE`,
    ),
  ).filter((row) => seenIds.has(row.vpnId));
  phase('read and lock VPNs');
  const balances = new Map<string, number>();
  for (const { user_sub, total } of rowsOf<{ user_sub: string; total: string }>(
    await tx.execute(
      sql`SELECT user_sub, sum(amount_nano)::text AS total FROM ledger_entries
          WHERE user_sub IN (SELECT user_sub FROM vpns WHERE ${RUNNING} AND ${scope})
          GROUP BY user_sub`,
    ),
  )) {
    balances.set(user_sub, Number(total));
  }
  phase('balances');

  const planned = planBatch(rows, usage, balances, nowMs, options.intervalMs);
  const changed = planned.filter(({ plan }) => plan.charge || plan.end);
  phase('plan');
  const charges = changed.length > 0 ? await writePlans(tx, changed, nowMs) : 0;
  phase('write');
  const ended: EndedVpn[] = [];
  const upcoming: number[] = [];
  for (const { row, plan } of planned) {
    if (plan.end) {
      ended.push({ vpnId: row.vpnId, reason: plan.end.reason });
    } else {
      const deadline = deadlineOf(row.runningAtMs, row.deleteAfterS);
      if (deadline <= nowMs + options.intervalMs) upcoming.push(deadline);
    }
  }
  return { metered: rows.length, written: changed.length, charges, ended, upcoming };
}

/** Partitions of a pass by default: one per core of a small database server. */
const DEFAULT_PARTITIONS = 2;

/** Meters every Running VPN in one pass (see the module comment). */
export async function meterBatch(options: MeterBatchOptions): Promise<MeterBatchResult> {
  const { db } = options;
  const startMs = options.clock();
  let mark = performance.now();
  const phase = (name: MeterPhase): void => {
    const now = performance.now();
    options.onPhase?.(name, now - mark);
    mark = now;
  };
  // A deadline pass: only the VPNs whose deadline has come (runningAt + deleteAfter <= start).
  const due = options.dueOnly
    ? sql`floor(extract(epoch FROM running_at) * 1000) + delete_after * 1000::bigint
            <= ${startMs}::bigint`
    : sql`true`;
  const seen = rowsOf<SeenVpn>(
    await db.execute(
      sql`SELECT vpn_id, region, ${epochMs('running_at')} AS running_at_ms FROM vpns
          WHERE ${RUNNING} AND ${due}`,
    ),
  );
  phase('read Running');
  if (seen.length === 0) return { metered: 0, written: 0, charges: 0, ended: [], upcoming: [] };
  const usage = await readUsage(seen, options);
  phase('byte counters');
  const nowMs = options.clock();
  const seenIds = new Set(seen.map((vpn) => vpn.vpn_id));

  // Owner-disjoint partitions, each its own transaction, run at once (on PGlite, one after the
  // other): every owner's VPNs and balance stay in one transaction.
  const parts = Math.max(1, Math.min(options.partitions ?? DEFAULT_PARTITIONS, seen.length));
  const settled = await Promise.allSettled(
    Array.from({ length: parts }, (_, part) => {
      const scope =
        parts === 1
          ? due
          : sql`${due} AND get_byte(uuid_send(user_sub), 15) % ${parts}::integer = ${part}::integer`;
      return db.transaction((tx) => meterPartition(tx, { options, usage, seenIds, nowMs, scope }));
    }),
  );
  phase('transactions');
  const result: MeterBatchResult = { metered: 0, written: 0, charges: 0, ended: [], upcoming: [] };
  for (const outcome of settled) {
    if (outcome.status === 'rejected') throw outcome.reason;
    result.metered += outcome.value.metered;
    result.written += outcome.value.written;
    result.charges += outcome.value.charges;
    result.ended.push(...outcome.value.ended);
    result.upcoming.push(...outcome.value.upcoming);
  }
  return result;
}
