/**
 * Metering one VPN (spec §4; meteringLoop.ts's `meter`, used by a deletion and by tests; the
 * periodic pass meters every Running VPN at once with meterBatch.ts, by the same plan): charges
 * a Running VPN for its time and traffic since its last charge, settles its charges into the
 * ledger when the plan says so, and ends it (Running -> Deprovisioning) when spec §4 says so or
 * when `endNow` is given. One transaction under the owner's lock; the settlement's ledger entry
 * is keyed `usage:<vpnId>:<index>`, so nothing is written twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../db';
import { vpns, type VpnRow } from '../db/schema';
import { safeMessage } from '../logger';
import type { LedgerService } from '../ledger/service';
import type { Provisioner } from '../provisioners';
import {
  planMetering,
  usageKey,
  type EndReason,
  type MeterInput,
  type MeterPlan,
} from './metering';
import { findById, lockUser, lockVpn, transition, type Executor } from './store';

/** What metering one VPN needs. */
export interface MeterOneContext {
  db: Database;
  ledger: LedgerService;
  provisioner: Pick<Provisioner, 'usage'>;
  /** Current time, epoch ms. */
  now: () => number;
  /** Metering period, ms. */
  intervalMs: number;
  /** Metering intervals per settlement (metering.ts "Settling"). */
  settleEveryIntervals: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** The fields of `planMetering`'s input that a VPN's row holds. */
export type RowMeterInput = Pick<
  MeterInput,
  | 'runningAtMs'
  | 'meteredAtMs'
  | 'meteredIntervals'
  | 'deleteAfterS'
  | 'chargedBytes'
  | 'consumedNano'
  | 'settledNano'
  | 'settledIntervals'
  | 'maxPeanutsNano'
>;

/**
 * What a Running VPN's row gives `planMetering` (timestamps as epoch ms, amounts in
 * nano-peanuts, bytes). @throws Error when the row has no runningAt or meteredAt (not Running)
 */
export function rowMeterInput(row: VpnRow): RowMeterInput {
  if (!row.runningAt || !row.meteredAt) throw new Error(`VPN ${row.vpnId} has not run`);
  return {
    runningAtMs: row.runningAt.getTime(),
    meteredAtMs: row.meteredAt.getTime(),
    meteredIntervals: row.meteredIntervals,
    deleteAfterS: row.deleteAfter,
    chargedBytes: row.bytes,
    consumedNano: row.consumedNano,
    settledNano: row.settledNano,
    settledIntervals: row.settledIntervals,
    maxPeanutsNano: row.maxPeanutsNano,
  };
}

/**
 * Meters VPN `vpnId` (see the file's doc). Returns the plan applied, or undefined when the VPN
 * is not Running. The caller queues the teardown when the plan ends it.
 */
export async function meterOne(
  context: MeterOneContext,
  vpnId: string,
  endNow?: EndReason,
): Promise<MeterPlan | undefined> {
  const { db, ledger, provisioner } = context;
  const before = await findById(db, vpnId);
  if (!before || before.state !== 'Running' || before.runningAt === null) return undefined;
  let usageBytes = before.bytes;
  try {
    ({ bytes: usageBytes } = await provisioner.usage({
      vpnId,
      region: before.region,
      runningAtMs: before.runningAt.getTime(),
    }));
  } catch (error) {
    context.log.warn({ vpnId, err: safeMessage(error).slice(0, 300) }, 'could not read VPN usage');
  }
  const nowMs = context.now();
  return db.transaction(async (tx) => {
    await lockUser(tx, before.userSub);
    const row = await lockVpn(tx, vpnId);
    if (!row || row.state !== 'Running' || !row.runningAt || !row.meteredAt) return undefined;
    const planned = planMetering({
      ...rowMeterInput(row),
      nowMs,
      intervalMs: context.intervalMs,
      usageBytes: Math.max(usageBytes, row.bytes),
      settleEveryIntervals: context.settleEveryIntervals,
      balanceNano: await ledger.balanceNano(row.userSub, tx),
      endNow,
    });
    await applyPlan(context, tx, row, planned, nowMs);
    return planned;
  });
}

/** Writes a metering plan in the transaction `tx` (the VPN row is locked). */
async function applyPlan(
  context: MeterOneContext,
  tx: Executor,
  row: VpnRow,
  plan: MeterPlan,
  nowMs: number,
): Promise<void> {
  const { settle } = plan;
  if (settle && settle.amountNano > 0) {
    const key = usageKey(row.vpnId, settle.index);
    const written = await context.ledger.append(
      { userSub: row.userSub, amountNano: -settle.amountNano, kind: 'usage', key },
      tx,
    );
    // Cannot happen while the row and the ledger change together; never settle twice.
    if (!written) context.log.error({ vpnId: row.vpnId, key }, 'usage settlement already written');
  }
  const totals = {
    meteredAt: new Date(plan.meteredAtMs),
    meteredIntervals: plan.meteredIntervals,
    bytes: plan.chargedBytes,
    consumedNano: plan.consumedNano,
    settledNano: plan.settledNano,
    settledIntervals: plan.settledIntervals,
  };
  if (plan.end) {
    await transition(tx, row.vpnId, ['Running'], 'Deprovisioning', nowMs, {
      ...totals,
      endedAt: new Date(plan.end.atMs),
      reason: plan.end.reason,
    });
  } else {
    await tx.update(vpns).set(totals).where(eq(vpns.vpnId, row.vpnId));
  }
}
