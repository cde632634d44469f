/**
 * Forecasts of Running VPNs (docs/api.md "Forecast"): for each Running VPN of an owner, when
 * it is expected to end and why, from its usage of the last minutes (its usage points and its
 * totals now: usage.ts) and its owner's balance (core's forecastEnd). Three small queries per
 * owner (two of them prepared once), made only when a page or VPN read holds a Running VPN.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { NANO_PER_SECOND } from '../../core/peanuts';
import { forecastEnd, recentRate, type ConsumedAt, type VpnForecast } from '../../core/vpnUsage';
import { vpnUsagePoints, vpns, type VpnRow } from '../db/schema';
import type { LedgerService } from '../ledger/service';
import { prepared } from '../db/prepared';
import { textsLiteral } from './meterBatchSql';
import type { Executor } from './store';

/** How far back a forecast looks, ms: the last five minutes of usage. */
export const FORECAST_WINDOW_MS = 5 * 60_000;

/** The price of running time alone, nano-peanuts per ms (spec §9): the least rate. */
const TIME_RATE = NANO_PER_SECOND / 1000;

/** The columns of a Running VPN a forecast reads (not the whole row: no keys). */
const FORECAST_COLUMNS = {
  vpnId: vpns.vpnId,
  runningAt: vpns.runningAt,
  meteredAt: vpns.meteredAt,
  deleteAfter: vpns.deleteAfter,
  consumedNano: vpns.consumedNano,
  maxPeanutsNano: vpns.maxPeanutsNano,
};

/** A Running VPN's columns that a forecast reads. */
type ForecastRow = Pick<
  VpnRow,
  'vpnId' | 'runningAt' | 'meteredAt' | 'deleteAfter' | 'consumedNano' | 'maxPeanutsNano'
>;

/**
 * The forecast of each Running VPN of `sub` at `nowMs`, by vpnId (see the module comment).
 * Empty when none runs.
 */
export async function forecastsOf(
  db: Executor,
  ledger: Pick<LedgerService, 'balanceNano'>,
  sub: string,
  nowMs: number,
): Promise<Map<string, VpnForecast>> {
  // Both statements built once per database (prepared.ts), their values placeholders.
  const p = sql.placeholder;
  const running = await prepared(db, 'forecastRunning', () =>
    db
      .select(FORECAST_COLUMNS)
      .from(vpns)
      .where(and(eq(vpns.userSub, p('sub')), eq(vpns.state, 'Running'))),
  ).execute({ sub });
  const forecasts = new Map<string, VpnForecast>();
  if (running.length === 0) return forecasts;
  // (An ISO string: PGlite takes no Date for a placeholder; pg and PGlite agree on these.)
  const since = new Date(nowMs - 2 * FORECAST_WINDOW_MS).toISOString();
  const [recent, balanceNano] = await Promise.all([
    prepared(db, 'forecastPoints', () =>
      db
        .select()
        .from(vpnUsagePoints)
        .where(
          and(
            sql`${vpnUsagePoints.vpnId} = ANY(${p('ids')}::text[])`,
            gte(vpnUsagePoints.at, p('since')),
          ),
        )
        .orderBy(vpnUsagePoints.at),
    ).execute({ ids: textsLiteral(running.map((r) => r.vpnId)), since }),
    ledger.balanceNano(sub),
  ]);
  const rates = new Map(
    running.map((row) => {
      const points = recent
        .filter((p) => p.vpnId === row.vpnId)
        .map((p): ConsumedAt => ({ atMs: p.at.getTime(), consumedNano: p.consumedNano }));
      return [row.vpnId, recentRate(withTotals(row, points), FORECAST_WINDOW_MS, TIME_RATE)];
    }),
  );
  const ownerRate = [...rates.values()].reduce((a, b) => a + b, 0);
  for (const row of running) {
    if (!row.runningAt) continue;
    const { endsAtMs, reason } = forecastEnd({
      fromMs: (row.meteredAt ?? row.runningAt).getTime(),
      deadlineMs: row.runningAt.getTime() + row.deleteAfter * 1000,
      consumedNano: row.consumedNano,
      maxPeanutsNano: row.maxPeanutsNano,
      balanceNano,
      rate: rates.get(row.vpnId) ?? TIME_RATE,
      ownerRate,
    });
    forecasts.set(row.vpnId, { endsAt: new Date(endsAtMs).toISOString(), reason });
  }
  return forecasts;
}

/** The VPN's start (0 at runningAt), its recorded points, and its totals as charged now. */
function withTotals(row: ForecastRow, points: ConsumedAt[]): ConsumedAt[] {
  const all = [...points];
  if (row.runningAt && (all.length === 0 || all[0].atMs > row.runningAt.getTime())) {
    all.unshift({ atMs: row.runningAt.getTime(), consumedNano: 0 });
  }
  const meteredMs = row.meteredAt?.getTime();
  if (meteredMs !== undefined && meteredMs > all[all.length - 1].atMs) {
    all.push({ atMs: meteredMs, consumedNano: row.consumedNano });
  }
  return all;
}
