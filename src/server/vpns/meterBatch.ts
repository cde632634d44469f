/**
 * A metering pass over every Running VPN at once (issue 11): one read of the Running VPNs'
 * metering columns, their byte counters from the provisioner, then per owner-disjoint partition
 * one transaction that locks the owners (as every balance change does), reads each owner's
 * balance (the ledger less the unsettled charges of their Running VPNs), plans each VPN with the
 * pure `planMetering` (metering.ts, the rules' one statement) and writes the whole batch with one
 * set-based statement: an UPDATE of the VPN rows (totals, settlement, and Running ->
 * Deprovisioning for those that end) from arrays (`unnest`), whose returned rows give the ledger
 * settlements of one INSERT (keys `usage:<vpnId>:<index>`, ON CONFLICT DO NOTHING: idempotent).
 * Not one transaction per VPN per tick. Most passes settle few VPNs (at their ends and once per
 * settlement period), so a pass is mostly one in-place (HOT) row update per VPN.
 *
 * The rows are read before the byte counters, outside the transaction. Under the owner lock,
 * the balance statement also tells what each owner's VPNs look like now (`<vpnId>:<version>:
 * <metered_intervals>`: every state change bumps the version, every charge raises the
 * intervals): an owner with a VPN metered, paused, resumed or ended meanwhile (by another
 * process) is left to the next pass, and each row is still written compare-and-set on the same
 * two columns. Past the owner lock nothing else charges these VPNs, so the balances and plans
 * are exact.
 *
 * Equal to metering the VPNs one by one with `VpnLifecycle.meter` in the order (owner, vpnId):
 * an owner's VPNs are planned in vpnId order, each seeing the balance left by the charges of
 * the ones before it, exactly as the one-by-one path would see after each commit.
 *
 * The partitions run at once so that the database works on several cores. A deadline pass
 * (`dueOnly`) meters only the VPNs whose deadline has come, the same way (the lifecycle runs one
 * at the deadlines that fall between two regular passes).
 *
 * Speed (bench/metering.ts): the rows are read once, as a few plain columns (timestamps as
 * epoch milliseconds, integers as numbers), never as ORM objects, and the plan goes back as one
 * array per column; the server builds the ledger keys and the timestamps.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Provisioner } from '../provisioners';
import { planBatch, type MeterRow } from './meterBatchPlan';
import { writePlans } from './meterBatchWrite';
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
  /** Metering intervals per settlement (metering.ts "Settling"). */
  settleEveryIntervals: number;
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
   * works on several cores). Each is still one balance read and one set-based write.
   */
  partitions?: number;
}

/**
 * The phases of a pass, in order: 'read Running' to 'write' are told by each partition;
 * 'passes' is the wall time of them all, commits included.
 */
export type MeterPhase =
  'read Running' | 'byte counters' | 'lock owners' | 'balances' | 'plan' | 'write' | 'passes';

/** A VPN that ends in this pass. */
export interface EndedVpn {
  vpnId: string;
  reason: EndReason;
}

/** The outcome of a pass. */
export interface MeterBatchResult {
  /** Running VPNs planned (not those of owners whose VPNs changed since they were read). */
  metered: number;
  /** VPN rows written (charged or ended; not those changed since they were read). */
  written: number;
  /** Ledger settlements written (usage entries). */
  settlements: number;
  /** VPNs moved to Deprovisioning (by this pass's writes). */
  ended: EndedVpn[];
  /**
   * Deadlines (runningAt + deleteAfter, epoch ms) of the VPNs left Running that come before the
   * next regular pass (within one interval from now), in no order: when to run `dueOnly` passes.
   */
  upcoming: number[];
}

/**
 * A function telling `options.onPhase` each phase's duration, ms: the time since the previous
 * phase it was told, or since it was made.
 */
function phaseClock(options: MeterBatchOptions): (phase: MeterPhase) => void {
  let mark = performance.now();
  return (phase) => {
    const now = performance.now();
    options.onPhase?.(phase, now - mark);
    mark = now;
  };
}

/** The outcome of a pass that metered nothing (a new object each time: callers add to it). */
const nothingMetered = (): MeterBatchResult => ({
  metered: 0,
  written: 0,
  settlements: 0,
  ended: [],
  upcoming: [],
});

/** Byte counters read at once (each a call to the provisioner). */
const USAGE_CONCURRENCY = 32;

/** SQL: epoch milliseconds of a timestamp column, truncated like a JS Date, as float8. */
const epochMs = (column: string): SQL =>
  sql.raw(`floor(extract(epoch FROM ${column}) * 1000)::float8`);

/** A Running VPN as the pass reads it: its metering columns and what the write checks. */
interface RunningRow extends MeterRow {
  region: string;
  /** `vpns.version`: unchanged unless its state changed since. */
  version: number;
}

/** Reads the byte counters of `seen`, USAGE_CONCURRENCY at a time. */
async function readUsage(
  seen: readonly RunningRow[],
  options: MeterBatchOptions,
): Promise<Map<string, number>> {
  const usage = new Map<string, number>();
  let next = 0;
  const reader = async (): Promise<void> => {
    while (next < seen.length) {
      const vpn = seen[next++];
      try {
        const { bytes } = await options.provisioner.usage({
          vpnId: vpn.vpnId,
          region: vpn.region,
          runningAtMs: vpn.runningAtMs,
        });
        usage.set(vpn.vpnId, bytes);
      } catch (error) {
        options.onUsageError?.(vpn.vpnId, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(USAGE_CONCURRENCY, seen.length) }, reader));
  return usage;
}

/** The Running VPNs with both timestamps set (a Running row always has them). */
const RUNNING = sql.raw(`state = 'Running' AND running_at IS NOT NULL AND metered_at IS NOT NULL`);

/** SQL: a VPN's metering fingerprint, `<vpnId>:<version>:<metered_intervals>` (see below). */
const FINGERPRINT = sql.raw(`vpn_id || ':' || version || ':' || metered_intervals`);

/**
 * The rows (in owner, vpnId order) of the owners whose VPNs are still as read: `current` gives
 * each owner's fingerprints now (comma-separated, in vpnId order), which must equal those of
 * their rows.
 */
function rowsOfOwnersUnchanged(
  rows: readonly RunningRow[],
  current: ReadonlyMap<string, string>,
): RunningRow[] {
  const fresh: RunningRow[] = [];
  for (let start = 0; start < rows.length;) {
    const owner = rows[start].userSub;
    let end = start;
    let seen = '';
    for (; end < rows.length && rows[end].userSub === owner; end++) {
      const row = rows[end];
      seen += `${end === start ? '' : ','}${row.vpnId}:${row.version}:${row.meteredIntervals}`;
    }
    if (current.get(owner) === seen) for (let i = start; i < end; i++) fresh.push(rows[i]);
    start = end;
  }
  return fresh;
}

/** What a partition of a pass works on. */
interface PassContext {
  options: MeterBatchOptions;
  /** The VPNs to plan: Running when read, in (owner, vpnId) order. */
  rows: readonly RunningRow[];
  usage: ReadonlyMap<string, number>;
  nowMs: number;
  /** The owners of `rows` (a condition on `vpns.user_sub`). */
  scope: SQL;
  /** Which of their VPNs the pass meters (a condition on `vpns` columns). */
  due: SQL;
}

/** One partition of a pass: one transaction over the owners in `scope` (see the module comment). */
async function meterPartition(tx: Executor, context: PassContext): Promise<MeterBatchResult> {
  const { options, rows, usage, nowMs, scope, due } = context;
  const phase = phaseClock(options);
  await tx.execute(PASS_SETTINGS);
  // The owners first (as every balance change does), in a fixed order: every owner of a VPN
  // seen Running before (it is Running or Paused now, or ended: it never comes back).
  await tx.execute(
    sql`SELECT 1 FROM users WHERE sub IN (
          SELECT user_sub FROM vpns WHERE state IN ('Running', 'Paused') AND ${scope})
        ORDER BY sub FOR UPDATE`,
  );
  phase('lock owners');
  // Each owner's balance, as ledger.balanceNano reads it: the ledger less the unsettled charges
  // of their Running VPNs, in one statement; with what this pass's VPNs of theirs look like now.
  const balances = new Map<string, number>();
  const current = new Map<string, string>();
  for (const { user_sub, total, seen } of rowsOf<{
    user_sub: string;
    total: string;
    seen: string | null;
  }>(
    await tx.execute(
      sql`WITH unsettled AS (
            SELECT user_sub, sum(consumed_nano - settled_nano) AS nano,
              string_agg(${FINGERPRINT}, ',' ORDER BY vpn_id COLLATE "C") FILTER (WHERE ${due})
                AS seen
            FROM vpns WHERE ${RUNNING} AND ${scope} GROUP BY user_sub)
          SELECT user_sub, (coalesce((SELECT sum(amount_nano) FROM ledger_entries l
                                      WHERE l.user_sub = unsettled.user_sub), 0)
                            - nano)::text AS total, seen
          FROM unsettled`,
    ),
  )) {
    balances.set(user_sub, Number(total));
    current.set(user_sub, seen ?? '');
  }
  // An owner whose VPNs changed since they were read (another process metered, paused or
  // ended one) waits for the next pass: planned from the old rows, the charges already made
  // would count twice against the balance that the other VPNs' ends are judged by.
  const fresh = rowsOfOwnersUnchanged(rows, current);
  phase('balances');

  const planned = planBatch(
    fresh,
    usage,
    balances,
    nowMs,
    options.intervalMs,
    options.settleEveryIntervals,
  );
  const changed = planned.filter(({ plan }) => plan.charge || plan.end);
  phase('plan');
  const written =
    changed.length > 0
      ? await writePlans(tx, changed, nowMs)
      : { updated: 0, settlements: 0, ended: [] };
  phase('write');
  const endedIds = new Set(written.ended);
  const ended: EndedVpn[] = [];
  const upcoming: number[] = [];
  for (const { row, plan } of planned) {
    if (plan.end) {
      if (endedIds.has(row.vpnId)) ended.push({ vpnId: row.vpnId, reason: plan.end.reason });
    } else {
      const deadline = deadlineOf(row.runningAtMs, row.deleteAfterS);
      if (deadline <= nowMs + options.intervalMs) upcoming.push(deadline);
    }
  }
  return {
    metered: fresh.length,
    written: written.updated,
    settlements: written.settlements,
    ended,
    upcoming,
  };
}

/**
 * Settings of a pass's transactions: room for the arrays, the join and the trigger's transition
 * table (no spill to disk), and no parallel workers (the partitions already keep the cores busy;
 * workers on top of them only compete).
 */
const PASS_SETTINGS = sql`SELECT set_config('work_mem', '64MB', true),
  set_config('max_parallel_workers_per_gather', '0', true)`;

/** Partitions of a pass by default: one per core of a small database server. */
const DEFAULT_PARTITIONS = 2;

/** Meters every Running VPN in one pass (see the module comment). */
export async function meterBatch(options: MeterBatchOptions): Promise<MeterBatchResult> {
  const startMs = options.clock();
  const phase = phaseClock(options);
  // A deadline pass: only the VPNs whose deadline has come (runningAt + deleteAfter <= start).
  const due = options.dueOnly
    ? sql`floor(extract(epoch FROM running_at) * 1000) + delete_after * 1000::bigint
            <= ${startMs}::bigint`
    : sql`true`;
  // Owner-disjoint partitions, each read and written on its own, at once (on PGlite, one after
  // the other): every owner's VPNs and balance stay in one transaction.
  const parts = Math.max(1, options.partitions ?? DEFAULT_PARTITIONS);
  const settled = await Promise.allSettled(
    Array.from({ length: parts }, (_, part) => {
      const partition =
        parts === 1
          ? sql`true`
          : sql`get_byte(uuid_send(user_sub), 15) % ${parts}::integer = ${part}::integer`;
      return meterOwners(options, due, partition);
    }),
  );
  phase('passes');
  const result = nothingMetered();
  for (const outcome of settled) {
    if (outcome.status === 'rejected') throw outcome.reason;
    result.metered += outcome.value.metered;
    result.written += outcome.value.written;
    result.settlements += outcome.value.settlements;
    result.ended.push(...outcome.value.ended);
    result.upcoming.push(...outcome.value.upcoming);
  }
  return result;
}

/**
 * Meters the Running VPNs matching `due` of the owners matching `partition` (conditions on
 * `vpns` columns): reads them, reads their byte counters, then plans and writes them in one
 * transaction (meterPartition).
 */
async function meterOwners(
  options: MeterBatchOptions,
  due: SQL,
  partition: SQL,
): Promise<MeterBatchResult> {
  const { db } = options;
  const phase = phaseClock(options);
  // The driver's row objects are the plan's input as they are (no copy: 100k objects less).
  const rows = await db.transaction(async (tx) => {
    await tx.execute(PASS_SETTINGS);
    return rowsOf<RunningRow>(
      await tx.execute(
        sql`SELECT vpn_id AS "vpnId", user_sub AS "userSub", region, version,
            ${epochMs('running_at')} AS "runningAtMs", ${epochMs('metered_at')} AS "meteredAtMs",
            metered_intervals AS "meteredIntervals", delete_after AS "deleteAfterS",
            bytes::float8 AS bytes, consumed_nano::float8 AS "consumedNano",
            settled_nano::float8 AS "settledNano", settled_intervals AS "settledIntervals",
            max_peanuts_nano::float8 AS "maxPeanutsNano"
          FROM vpns WHERE ${RUNNING} AND ${due} AND ${partition}
          ORDER BY user_sub, vpn_id COLLATE "C"`,
      ),
    );
  });
  phase('read Running');
  if (rows.length === 0) return nothingMetered();
  const usage = await readUsage(rows, options);
  phase('byte counters');
  const nowMs = options.clock();
  // A deadline pass locks and reads the balances of the owners of the VPNs due.
  const scope = options.dueOnly
    ? sql`${partition} AND user_sub IN (SELECT user_sub FROM vpns WHERE ${RUNNING} AND ${due})`
    : partition;
  return db.transaction((tx) => meterPartition(tx, { options, rows, usage, nowMs, scope, due }));
}
