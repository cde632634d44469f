/**
 * A metering pass over every Running VPN at once (issue 11): one read of the Running VPNs, their
 * byte counters from the provisioner, then one transaction that locks the owners and the VPNs,
 * reads every owner's balance with one query, plans each VPN with the pure `planMetering`
 * (metering.ts, the rules' one statement) and writes the whole batch with two set-based
 * statements: one INSERT of the ledger charges (keys `usage:<vpnId>:<index>`, ON CONFLICT DO
 * NOTHING: idempotent) and one UPDATE of the VPN rows (totals, and Running -> Deprovisioning for
 * those that end). Not one transaction per VPN per tick.
 *
 * Equal to metering the VPNs one by one with `VpnLifecycle.meter` in the order (owner, vpnId):
 * an owner's VPNs are planned in vpnId order, each seeing the balance left by the charges of
 * the ones before it, exactly as the one-by-one path would see after each commit.
 */
import { sql, type SQL } from 'drizzle-orm';
import { vpns, type VpnRow } from '../db/schema';
import type { Provisioner } from '../provisioners';
import { planMetering, usageKey, type EndReason, type MeterPlan } from './metering';
import type { Executor } from './store';

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
}

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
}

/** Byte counters read at once (each a call to the provisioner). */
const USAGE_CONCURRENCY = 32;

/** A planned VPN. */
interface Planned {
  row: VpnRow;
  plan: MeterPlan;
}

/** One array parameter (drizzle would otherwise expand an array into a list). */
const param = (values: unknown[]): SQL => sql`${sql.param(values)}`;

/** Milliseconds of a timestamp column. */
const ms = (date: Date): number => date.getTime();

/**
 * Plans a batch with the pure function: `rows` (Running, locked) grouped by owner in vpnId
 * order, each seeing its owner's balance less the charges planned before it.
 */
export function planBatch(
  rows: readonly VpnRow[],
  usage: ReadonlyMap<string, number>,
  balances: ReadonlyMap<string, number>,
  nowMs: number,
  intervalMs: number,
): Planned[] {
  const ordered = [...rows].sort((a, b) =>
    a.userSub === b.userSub
      ? a.vpnId < b.vpnId
        ? -1
        : a.vpnId > b.vpnId
          ? 1
          : 0
      : a.userSub < b.userSub
        ? -1
        : 1,
  );
  const left = new Map(balances);
  const planned: Planned[] = [];
  for (const row of ordered) {
    if (row.runningAt === null || row.meteredAt === null) continue;
    const balanceNano = left.get(row.userSub) ?? 0;
    const plan = planMetering({
      nowMs,
      intervalMs,
      runningAtMs: ms(row.runningAt),
      meteredAtMs: ms(row.meteredAt),
      meteredIntervals: row.meteredIntervals,
      deleteAfterS: row.deleteAfter,
      chargedBytes: row.bytes,
      usageBytes: Math.max(usage.get(row.vpnId) ?? row.bytes, row.bytes),
      consumedNano: row.consumedNano,
      maxPeanutsNano: row.maxPeanutsNano,
      balanceNano,
    });
    left.set(row.userSub, balanceNano - (plan.charge?.amountNano ?? 0));
    planned.push({ row, plan });
  }
  return planned;
}

/** Reads the byte counters of `rows`, USAGE_CONCURRENCY at a time. */
async function readUsage(
  rows: readonly VpnRow[],
  options: MeterBatchOptions,
): Promise<Map<string, number>> {
  const usage = new Map<string, number>();
  for (let i = 0; i < rows.length; i += USAGE_CONCURRENCY) {
    await Promise.all(
      rows.slice(i, i + USAGE_CONCURRENCY).map(async (row) => {
        if (row.runningAt === null) return;
        try {
          const { bytes } = await options.provisioner.usage({
            vpnId: row.vpnId,
            region: row.region,
            runningAtMs: ms(row.runningAt),
          });
          usage.set(row.vpnId, bytes);
        } catch (error) {
          options.onUsageError?.(row.vpnId, error);
        }
      }),
    );
  }
  return usage;
}

/** Rows of a raw result on either driver. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Meters every Running VPN in one pass (see the module comment). */
export async function meterBatch(options: MeterBatchOptions): Promise<MeterBatchResult> {
  const { db } = options;
  const seen = await db
    .select()
    .from(vpns)
    .where(sql`${vpns.state} = 'Running'`);
  if (seen.length === 0) return { metered: 0, written: 0, charges: 0, ended: [] };
  const usage = await readUsage(seen, options);
  const nowMs = options.clock();
  const seenIds = new Set(seen.map((row) => row.vpnId));
  const subs = [...new Set(seen.map((row) => row.userSub))].sort();

  return db.transaction(async (tx) => {
    // The owners first (as every balance change does), then the VPNs, each in a fixed order.
    await tx.execute(
      sql`SELECT sub FROM users WHERE sub = ANY(${param(subs)}::uuid[]) ORDER BY sub FOR UPDATE`,
    );
    // Still Running, and seen above (a VPN that became Running since waits for the next pass).
    const rows = (
      await tx
        .select()
        .from(vpns)
        .where(sql`${vpns.state} = 'Running'`)
        .orderBy(vpns.vpnId)
        .for('update')
    ).filter((row) => usage.has(row.vpnId) || seenIds.has(row.vpnId));
    const balances = new Map<string, number>();
    for (const { user_sub, total } of rowsOf<{ user_sub: string; total: string }>(
      await tx.execute(
        sql`SELECT user_sub, sum(amount_nano)::text AS total FROM ledger_entries
            WHERE user_sub = ANY(${param(subs)}::uuid[]) GROUP BY user_sub`,
      ),
    )) {
      balances.set(user_sub, Number(total));
    }

    const planned = planBatch(rows, usage, balances, nowMs, options.intervalMs);
    const charged = planned.filter(({ plan }) => plan.charge && plan.charge.amountNano > 0);
    const changed = planned.filter(({ plan }) => plan.charge || plan.end);

    let charges = 0;
    if (charged.length > 0) {
      charges = rowsOf(
        await tx.execute(sql`
          INSERT INTO ledger_entries (user_sub, amount_nano, kind, key)
          SELECT u.sub, u.amount, 'usage', u.key
          FROM unnest(
            ${param(charged.map(({ row }) => row.userSub))}::uuid[],
            ${param(charged.map(({ plan }) => String(-plan.charge!.amountNano)))}::bigint[],
            ${param(charged.map(({ row, plan }) => usageKey(row.vpnId, plan.charge!.index)))}::text[]
          ) AS u(sub, amount, key)
          ON CONFLICT (key) DO NOTHING
          RETURNING id`),
      ).length;
    }
    if (changed.length > 0) {
      const iso = (value: number): string => new Date(value).toISOString();
      await tx.execute(sql`
        UPDATE vpns SET
          metered_at = c.metered_at,
          metered_intervals = c.metered_intervals,
          bytes = c.bytes,
          consumed_nano = c.consumed_nano,
          state = CASE WHEN c.ended_at IS NULL THEN vpns.state ELSE 'Deprovisioning' END,
          ended_at = coalesce(c.ended_at, vpns.ended_at),
          reason = coalesce(c.reason, vpns.reason),
          updated_at = CASE WHEN c.ended_at IS NULL THEN vpns.updated_at ELSE ${iso(nowMs)}::timestamptz END,
          version = CASE WHEN c.ended_at IS NULL THEN vpns.version ELSE vpns.version + 1 END
        FROM unnest(
          ${param(changed.map(({ row }) => row.vpnId))}::text[],
          ${param(changed.map(({ plan }) => iso(plan.meteredAtMs)))}::timestamptz[],
          ${param(changed.map(({ plan }) => plan.meteredIntervals))}::integer[],
          ${param(changed.map(({ plan }) => String(plan.chargedBytes)))}::bigint[],
          ${param(changed.map(({ plan }) => String(plan.consumedNano)))}::bigint[],
          ${param(changed.map(({ plan }) => (plan.end ? iso(plan.end.atMs) : null)))}::timestamptz[],
          ${param(changed.map(({ plan }) => plan.end?.reason ?? null))}::text[]
        ) AS c(vpn_id, metered_at, metered_intervals, bytes, consumed_nano, ended_at, reason)
        WHERE vpns.vpn_id = c.vpn_id AND vpns.state = 'Running'`);
    }
    return {
      metered: rows.length,
      written: changed.length,
      charges,
      ended: planned.flatMap(({ row, plan }) =>
        plan.end ? [{ vpnId: row.vpnId, reason: plan.end.reason }] : [],
      ),
    };
  });
}
