/**
 * A metering pass over every Running VPN at once. Per owner-disjoint partition: one
 * read of the Running VPNs' ids, then their byte counters from the provisioner (outside any
 * transaction: a provisioner may be slow, or read the database itself), then one transaction
 * that locks the owners (as every balance change does) and runs one set-based statement
 * (meterBatchSql.ts): it reads the VPNs' metering columns and their owners' balances (the ledger
 * less the unsettled charges of their Running VPNs), plans every VPN by `planMetering`'s rules
 * (metering.ts), updates the rows (totals, settlement, and Running -> Deprovisioning for those
 * that end) and writes the ledger settlements (keys `usage:<vpnId>:<index>`, ON CONFLICT DO
 * NOTHING: idempotent). Not one transaction per VPN per tick. Most passes settle few VPNs (at
 * their ends and once per settlement period), so a pass is mostly one in-place (HOT) row update
 * per VPN.
 *
 * The rows are planned as they are under the owner lock, so a VPN another process metered,
 * paused or ended while the counters were read is planned from its new row: its charges never
 * count twice. Past the owner lock nothing else charges these VPNs, and a row is written only if
 * still Running at the version planned from (a host monitor's pause takes only the VPN's row).
 *
 * Equal to metering the VPNs one by one with `VpnLifecycle.meter` in the order (owner, vpnId):
 * an owner's VPNs are planned in vpnId order, each seeing the balance left by the charges of
 * the ones before it, exactly as the one-by-one path would see after each commit.
 *
 * The partitions run at once so that the database works on several cores. A deadline pass
 * (`dueOnly`) meters only the VPNs whose deadline has come, the same way (the lifecycle runs one
 * at the deadlines that fall between two regular passes).
 *
 * Speed (bench/metering.ts): the service reads three columns per VPN and sends back its byte
 * counter; the rows themselves never leave the database.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Provisioner } from '../provisioners';
import {
  DEADLINE_MS,
  meterRows,
  nothingMetered,
  RUNNING,
  RUNNING_MS,
  type MeteredRows,
} from './meterBatchSql';
import type { Executor } from './store';
import { rowsOf } from '../db';

/** What the batch needs. */
export interface MeterBatchOptions {
  /** The database (a transaction is opened on it). */
  db: Executor & { transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> };
  provisioner: Pick<Provisioner, 'usage'>;
  /** Now, epoch milliseconds (read at the start, and once per partition after the counters). */
  clock: () => number;
  /** Metering interval, milliseconds. */
  intervalMs: number;
  /** Metering intervals per settlement (metering.ts "Settling"). */
  settleEveryIntervals: number;
  /** Told about a VPN whose byte counter could not be read (its last charged bytes are used). */
  onUsageError?: (vpnId: string, error: unknown) => void;
  /**
   * Told how long each phase of the pass took, milliseconds (bench/metering.ts prints it); the
   * phases of a partition are told once per partition.
   */
  onPhase?: (phase: MeterPhase, ms: number) => void;
  /**
   * Only the VPNs whose deadline (runningAt + deleteAfter) has come by the start of the pass: a
   * small pass run at deadlines between the regular ones (termination lag).
   */
  dueOnly?: boolean;
  /**
   * Owner-disjoint transactions the pass is cut into, run at once (default 2: the database
   * works on several cores). Each is still one set-based statement.
   */
  partitions?: number;
}

/**
 * The phases of a pass, in order: 'read Running' to 'plan and write' are told by each
 * partition; 'passes' is the wall time of them all, commits included.
 */
export type MeterPhase =
  'read Running' | 'byte counters' | 'lock owners' | 'plan and write' | 'passes';

/**
 * The outcome of a pass: the sum of its partitions' statements (meterBatchSql.ts `MeteredRows`);
 * `upcoming` tells when to run `dueOnly` passes (in no order).
 */
export type MeterBatchResult = MeteredRows;

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

/** Byte counters read at once (each a call to the provisioner). */
const USAGE_CONCURRENCY = 32;

/** A Running VPN as the pass reads it first: what its byte counter is asked with. */
interface CountedVpn {
  vpnId: string;
  region: string;
  /** When it became Running, epoch ms. */
  runningAtMs: number;
}

/** Reads the byte counters of `seen`, USAGE_CONCURRENCY at a time. */
async function readUsage(
  seen: readonly CountedVpn[],
  options: MeterBatchOptions,
): Promise<Map<string, number>> {
  const usage = new Map<string, number>();
  let next = 0;
  const reader = async (): Promise<void> => {
    while (next < seen.length) {
      const vpn = seen[next++];
      try {
        const { bytes } = await options.provisioner.usage(vpn);
        usage.set(vpn.vpnId, bytes);
      } catch (error) {
        options.onUsageError?.(vpn.vpnId, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(USAGE_CONCURRENCY, seen.length) }, reader));
  return usage;
}

/**
 * Settings of a pass's transactions: room for the arrays, the join, the window and the
 * trigger's transition table (no spill to disk), and no parallel workers (the partitions already
 * keep the cores busy; workers on top of them only compete).
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
  const due = options.dueOnly ? sql`${DEADLINE_MS} <= ${startMs}::bigint` : sql`true`;
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
    result.chargedNano += outcome.value.chargedNano;
    result.ended.push(...outcome.value.ended);
    result.upcoming.push(...outcome.value.upcoming);
  }
  return result;
}

/**
 * Meters the Running VPNs matching `due` of the owners matching `partition` (conditions on
 * `vpns` columns): reads their ids and byte counters, then locks the owners and plans and writes
 * them in one transaction (meterBatchSql.ts).
 */
async function meterOwners(
  options: MeterBatchOptions,
  due: SQL,
  partition: SQL,
): Promise<MeteredRows> {
  const { db } = options;
  const phase = phaseClock(options);
  const seen = rowsOf<CountedVpn>(
    await db.execute(
      sql`SELECT vpn_id AS "vpnId", region,
            ${RUNNING_MS}::float8 AS "runningAtMs"
          FROM vpns WHERE ${RUNNING} AND ${due} AND ${partition}`,
    ),
  );
  phase('read Running');
  if (seen.length === 0) return nothingMetered();
  const usage = await readUsage(seen, options);
  phase('byte counters');
  const nowMs = options.clock();
  // A deadline pass locks and reads the balances of the owners of the VPNs due.
  const scope = options.dueOnly
    ? sql`${partition} AND user_sub IN (SELECT user_sub FROM vpns WHERE ${RUNNING} AND ${due})`
    : partition;
  return db.transaction(async (tx) => {
    await tx.execute(PASS_SETTINGS);
    // The owners first (as every balance change does), in a fixed order: every owner of a VPN
    // seen Running before (it is Running or Paused now, or ended: it never comes back).
    // (Counted in the database: a row per owner would only travel here to be dropped.)
    await tx.execute(
      sql`SELECT count(*) FROM (
            SELECT 1 FROM users WHERE sub IN (
              SELECT user_sub FROM vpns WHERE state IN ('Running', 'Paused') AND ${scope})
            ORDER BY sub FOR UPDATE) AS locked`,
    );
    phase('lock owners');
    const metered = await meterRows(tx, {
      scope,
      due,
      usage,
      nowMs,
      intervalMs: options.intervalMs,
      settleEveryIntervals: options.settleEveryIntervals,
    });
    phase('plan and write');
    return metered;
  });
}
