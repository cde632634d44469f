/**
 * A VPN's usage over time and its forecast (docs/api.md "Usage over time", "Forecast"): the
 * wire shapes shared by the server, the SDK and the web app.
 */

/** A point of `GET /v1/vpns/{vpnId}/usage`: cumulative totals at an instant. */
export interface UsagePoint {
  /** ISO 8601 instant, up to when the VPN was charged. */
  at: string;
  /** Bytes through the tunnel so far, both directions. */
  bytes: number;
  /** Peanuts consumed so far (unrounded). */
  peanuts: number;
}

/** `GET /v1/vpns/{vpnId}/usage` answer: oldest first, at most 300 points over the VPN's life. */
export interface VpnUsageResponse {
  points: UsagePoint[];
}

/** Why a Running VPN is expected to end: its maxPeanuts, its owner's balance, its deadline. */
export type ForecastReason = 'max-peanuts' | 'balance' | 'deadline';

/** `forecast` of a Running VPN in the API: when it is expected to end and why. */
export interface VpnForecast {
  /** ISO 8601 instant. */
  endsAt: string;
  reason: ForecastReason;
}

/** Cumulative nano-peanuts at an instant (epoch ms). */
export interface ConsumedAt {
  atMs: number;
  consumedNano: number;
}

/**
 * How fast a VPN consumes, nano-peanuts per ms: over its points of the last `windowMs` (the
 * oldest in the window to the newest), at least `floorRate` (the price of its running time
 * alone, spec §9). `points` are cumulative, oldest first.
 */
export function recentRate(
  points: readonly ConsumedAt[],
  windowMs: number,
  floorRate: number,
): number {
  const last = points[points.length - 1];
  if (!last) return floorRate;
  const first = points.find((p) => p.atMs >= last.atMs - windowMs) ?? last;
  const spanMs = last.atMs - first.atMs;
  if (spanMs <= 0) return floorRate;
  return Math.max(floorRate, (last.consumedNano - first.consumedNano) / spanMs);
}

/** What {@link forecastEnd} needs (nano-peanuts, epoch ms, nano-peanuts per ms). */
export interface ForecastInput {
  /** The instant the totals below are from (the VPN's last charge), epoch ms. */
  fromMs: number;
  /** runningAt + deleteAfter. */
  deadlineMs: number;
  consumedNano: number;
  /** null: unlimited. */
  maxPeanutsNano: number | null;
  /** The owner's balance now (their Running VPNs' unsettled charges deducted). */
  balanceNano: number;
  /** This VPN's rate. */
  rate: number;
  /** The sum of the rates of the owner's Running VPNs (they all draw on the balance). */
  ownerRate: number;
}

/**
 * When a Running VPN is expected to end and why (spec §4's three reasons), at its recent rates:
 * the earliest of its deadline, its maxPeanuts reached and its owner's balance used up; on a tie
 * maxPeanuts, then balance, then deadline (the order the metering judges them). Counted from
 * `fromMs`, the instant of the totals, so the forecast only changes when the VPN is charged.
 */
export function forecastEnd(input: ForecastInput): { endsAtMs: number; reason: ForecastReason } {
  const { fromMs } = input;
  const candidates: { endsAtMs: number; reason: ForecastReason }[] = [];
  if (input.maxPeanutsNano !== null && input.rate > 0) {
    const left = Math.max(0, input.maxPeanutsNano - input.consumedNano);
    candidates.push({ endsAtMs: fromMs + left / input.rate, reason: 'max-peanuts' });
  }
  if (input.ownerRate > 0) {
    const left = Math.max(0, input.balanceNano);
    candidates.push({ endsAtMs: fromMs + left / input.ownerRate, reason: 'balance' });
  }
  candidates.push({ endsAtMs: input.deadlineMs, reason: 'deadline' });
  const best = candidates.reduce((a, b) => (b.endsAtMs < a.endsAtMs ? b : a));
  return { endsAtMs: Math.round(best.endsAtMs), reason: best.reason };
}
