/**
 * The planning half of a metering pass (meterBatch.ts): the metering columns of a Running VPN
 * as the pass reads them, and `planBatch`, which plans a batch with the pure `planMetering`
 * (metering.ts) in the order of the one-by-one path. No I/O.
 */
import { planMetering, type MeterPlan } from './metering';

/**
 * The metering columns of a Running VPN (`vpns`), timestamps as epoch milliseconds (truncated,
 * as a JS Date reads them), nano-peanuts and bytes as numbers.
 */
export interface MeterRow {
  vpnId: string;
  userSub: string;
  runningAtMs: number;
  meteredAtMs: number;
  meteredIntervals: number;
  deleteAfterS: number;
  bytes: number;
  consumedNano: number;
  settledNano: number;
  settledIntervals: number;
  /** Null: unlimited. */
  maxPeanutsNano: number | null;
}

/** A planned VPN (`row` as given to {@link planBatch}). */
export interface PlannedVpn<R extends MeterRow = MeterRow> {
  row: R;
  plan: MeterPlan;
}

/** JS string order (UTF-16 code units; byte order for the ASCII of ids and uuids). */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Plans a batch with the pure function: `rows` (Running, locked) grouped by owner in vpnId
 * order, each seeing its owner's balance (nano-peanuts, unsettled charges taken off; 0 when
 * absent) less the charges planned before it. `usage`: the byte counters read (a VPN without one
 * keeps its charged bytes). `settleEveryIntervals`: metering intervals per settlement
 * (metering.ts "Settling").
 */
export function planBatch<R extends MeterRow>(
  rows: readonly R[],
  usage: ReadonlyMap<string, number>,
  balances: ReadonlyMap<string, number>,
  nowMs: number,
  intervalMs: number,
  settleEveryIntervals: number,
): PlannedVpn<R>[] {
  // Usually already in this order (the read sorts): then this is one linear check.
  const ordered = [...rows].sort(
    (a, b) => compare(a.userSub, b.userSub) || compare(a.vpnId, b.vpnId),
  );
  const left = new Map(balances);
  const planned: PlannedVpn<R>[] = [];
  for (const row of ordered) {
    const balanceNano = left.get(row.userSub) ?? 0;
    const plan = planMetering({
      nowMs,
      intervalMs,
      runningAtMs: row.runningAtMs,
      meteredAtMs: row.meteredAtMs,
      meteredIntervals: row.meteredIntervals,
      deleteAfterS: row.deleteAfterS,
      chargedBytes: row.bytes,
      usageBytes: Math.max(usage.get(row.vpnId) ?? row.bytes, row.bytes),
      consumedNano: row.consumedNano,
      settledNano: row.settledNano,
      settledIntervals: row.settledIntervals,
      settleEveryIntervals,
      maxPeanutsNano: row.maxPeanutsNano,
      balanceNano,
    });
    left.set(row.userSub, balanceNano - (plan.charge?.amountNano ?? 0));
    planned.push({ row, plan });
  }
  return planned;
}
