/** The forecast of a Running VPN (core's vpnUsage.ts): its recent rate and the earliest end. */
import { forecastEnd, recentRate } from '../../src/core/vpnUsage';

const MINUTE = 60_000;

describe('recentRate', () => {
  it('measures over the last window, never below the price of time', () => {
    const points = [
      { atMs: 0, consumedNano: 0 },
      { atMs: 10 * MINUTE, consumedNano: 100 * MINUTE },
      { atMs: 15 * MINUTE, consumedNano: 110 * MINUTE },
    ];
    // The last 5 minutes: 10 * MINUTE nano over 5 minutes.
    expect(recentRate(points, 5 * MINUTE, 1)).toBe(2);
    expect(recentRate(points, 5 * MINUTE, 3)).toBe(3);
    expect(recentRate([], 5 * MINUTE, 1.5)).toBe(1.5);
  });
});

describe('forecastEnd', () => {
  const base = {
    fromMs: 1_000_000,
    deadlineMs: 1_000_000 + 3_600_000,
    consumedNano: 1_000,
    maxPeanutsNano: 2_000 as number | null,
    balanceNano: 5_000,
    rate: 1,
    ownerRate: 1,
  };

  it('picks the earliest of maxPeanuts, balance and deadline', () => {
    expect(forecastEnd(base)).toEqual({ endsAtMs: 1_001_000, reason: 'max-peanuts' });
    expect(forecastEnd({ ...base, maxPeanutsNano: null })).toEqual({
      endsAtMs: 1_005_000,
      reason: 'balance',
    });
    expect(forecastEnd({ ...base, maxPeanutsNano: null, ownerRate: 0.001 })).toEqual({
      endsAtMs: 4_600_000,
      reason: 'deadline',
    });
  });

  it('counts the other Running VPNs of the owner against the balance', () => {
    expect(forecastEnd({ ...base, maxPeanutsNano: 1e9, ownerRate: 10 })).toEqual({
      endsAtMs: 1_000_500,
      reason: 'balance',
    });
  });
});
