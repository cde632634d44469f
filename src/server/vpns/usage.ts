/**
 * A VPN's usage over time (`GET /v1/vpns/{vpnId}/usage`, docs/api.md "Usage over time"): the
 * cumulative totals the metering passes recorded (vpn_usage_points, at most one a minute:
 * meterBatchSql.ts), from 0 when it became Running to its totals now, downsampled to at most
 * {@link MAX_USAGE_POINTS}. The points go when the VPN reaches Deleted.
 */
import { asc, eq } from 'drizzle-orm';
import { fromNano } from '../../core/peanuts';
import type { UsagePoint } from '../../core/vpnUsage';
import { vpnUsagePoints, type VpnRow } from '../db/schema';
import { transition, type Executor } from './store';

/** Most points an answer holds. */
export const MAX_USAGE_POINTS = 300;

/**
 * At most `max` of `points` (at least 2), evenly spread over them, the first and the last always
 * kept (the points are cumulative, so any subset still reads right).
 */
export function downsample<T>(points: readonly T[], max: number = MAX_USAGE_POINTS): T[] {
  if (points.length <= max) return [...points];
  const last = points.length - 1;
  return Array.from({ length: max }, (_, i) => points[Math.round((i * last) / (max - 1))]);
}

/** A point of the API from totals (peanuts from nano-peanuts, unrounded). */
const pointOf = (at: Date, bytes: number, consumedNano: number): UsagePoint => ({
  at: at.toISOString(),
  bytes,
  peanuts: fromNano(consumedNano),
});

/**
 * The usage over time of the VPN `row` (see the module comment): oldest first; none when it
 * never ran.
 */
export async function usageOf(db: Executor, row: VpnRow): Promise<UsagePoint[]> {
  if (row.runningAt === null) return [];
  const recorded = await db
    .select()
    .from(vpnUsagePoints)
    .where(eq(vpnUsagePoints.vpnId, row.vpnId))
    .orderBy(asc(vpnUsagePoints.at));
  const points = [pointOf(row.runningAt, 0, 0)];
  for (const p of recorded) {
    if (p.at > row.runningAt) points.push(pointOf(p.at, p.bytes, p.consumedNano));
  }
  // Its totals as charged now (up to its metered time, or its end).
  const now = row.endedAt ?? row.meteredAt;
  if (now && now > new Date(points[points.length - 1].at)) {
    points.push(pointOf(now, row.bytes, row.consumedNano));
  }
  return downsample(points);
}

/**
 * Moves `vpnId` from Deprovisioning to Deleted and deletes its usage points, in the caller's
 * transaction `tx`; the row, or undefined when it was not Deprovisioning.
 */
export async function deleteWithUsage(
  tx: Executor,
  vpnId: string,
  nowMs: number,
): Promise<VpnRow | undefined> {
  const row = await transition(tx, vpnId, ['Deprovisioning'], 'Deleted', nowMs);
  if (row) await tx.delete(vpnUsagePoints).where(eq(vpnUsagePoints.vpnId, vpnId));
  return row;
}
