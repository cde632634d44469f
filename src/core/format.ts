/**
 * Display formatting for the VPN list (spec §2 "VPN list", §9): bytes in MiB with two decimals,
 * human durations, peanuts with two decimals, and 'N/A' for missing values (null, undefined, NaN).
 */
import { roundPeanuts } from './peanuts';
import type { VpnConfig, VpnMetrics } from './vpn';

/** Text shown for a missing value (spec §2). */
export const NOT_AVAILABLE = 'N/A';

/** Bytes in one MiB. */
export const BYTES_PER_MIB = 1024 * 1024;

/** True for a finite number; null, undefined, NaN and infinities are missing. */
function present(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Bytes as MiB with two decimals, e.g. `12.34 MiB`; 'N/A' when missing. */
export function formatMiB(bytes: number | null | undefined): string {
  if (!present(bytes)) return NOT_AVAILABLE;
  return `${(bytes / BYTES_PER_MIB).toFixed(2)} MiB`;
}

/** The binary units of {@link formatBytes}, each 1024 times the one before. */
const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

/**
 * Bytes in the largest binary unit that keeps the number at 1 or more, with at most two decimals
 * and no trailing zeros: 0 -> `0 B`, 512 -> `512 B`, 1024 -> `1 KiB`, 1536 -> `1.5 KiB`,
 * 12.34 MiB -> `12.34 MiB` (a chart's axis; the VPN list keeps {@link formatMiB}). 'N/A' when
 * missing.
 */
export function formatBytes(bytes: number | null | undefined): string {
  if (!present(bytes)) return NOT_AVAILABLE;
  let unit = 0;
  let value = Math.abs(bytes);
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const sign = bytes < 0 ? '-' : '';
  return `${sign}${Number(value.toFixed(unit === 0 ? 0 : 2))} ${BYTE_UNITS[unit]}`;
}

/** Peanuts rounded to two decimals, e.g. `1.50` (no unit); 'N/A' when missing. */
export function formatPeanuts(peanuts: number | null | undefined): string {
  if (!present(peanuts)) return NOT_AVAILABLE;
  return roundPeanuts(peanuts).toFixed(2);
}

const DURATION_UNITS: readonly (readonly [string, number])[] = [
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * Seconds as a human duration: the largest non-zero unit (days, hours, minutes, seconds) and,
 * when not zero, the next smaller unit; whole units, truncated; singular for 1. Examples:
 * 0 -> `0 seconds`, 45 -> `45 seconds`, 65 -> `1 minute 5 seconds`, 3600 -> `1 hour`,
 * 3665 -> `1 hour 1 minute`, 3605 -> `1 hour`, 90000 -> `1 day 1 hour`.
 * Missing or negative values give 'N/A'.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (!present(seconds) || seconds < 0) return NOT_AVAILABLE;
  let rest = Math.floor(seconds);
  const counts = DURATION_UNITS.map(([, size]) => {
    const count = Math.floor(rest / size);
    rest -= count * size;
    return count;
  });
  const first = counts.findIndex((count) => count > 0);
  if (first < 0) return '0 seconds';
  const part = (i: number) => `${counts[i]} ${DURATION_UNITS[i][0]}${counts[i] === 1 ? '' : 's'}`;
  const next = first + 1;
  return next < counts.length && counts[next] > 0 ? `${part(first)} ${part(next)}` : part(first);
}

/**
 * The VPN list's Config column (spec §2): maxPeanuts and deleteAfter, e.g.
 * `maxPeanuts: 2.00, deleteAfter: 1 hour`; -1 (or any value at or below 0) reads `unlimited`;
 * 'N/A' without a config.
 */
export function formatVpnConfig(config: Partial<VpnConfig> | null | undefined): string {
  if (!config) return NOT_AVAILABLE;
  const { maxPeanuts, deleteAfter } = config;
  const peanuts = present(maxPeanuts) && maxPeanuts <= 0 ? 'unlimited' : formatPeanuts(maxPeanuts);
  return `maxPeanuts: ${peanuts}, deleteAfter: ${formatDuration(deleteAfter)}`;
}

/** The VPN list's Usage column texts (spec §2). */
export interface FormattedMetrics {
  /** Data transferred, e.g. `12.34 MiB`. */
  data: string;
  /** Time running, e.g. `1 hour 5 minutes`. */
  duration: string;
  /** Peanuts consumed, e.g. `0.12`. */
  peanuts: string;
}

/** The Usage column texts, or undefined without metrics (the list then shows a loader; spec §2). */
export function formatMetrics(
  metrics: VpnMetrics | null | undefined,
): FormattedMetrics | undefined {
  if (!metrics) return undefined;
  return {
    data: formatMiB(metrics.bytes),
    duration: formatDuration(metrics.duration),
    peanuts: formatPeanuts(metrics.peanuts),
  };
}
