/**
 * Axis rules of the time-series chart (TimeSeriesChart.tsx), apart from uPlot so that they are
 * tested without a canvas: the range of a flat series and the tick steps of a byte axis.
 */

/**
 * The range of an axis whose values are all the same (`min` = `max`, both null when it has no
 * value): from 0 to `flatMax` (e.g. 1024 for bytes: 0 B to 1 KiB) when the value is 0 or less
 * than it, else from 0 to twice the value (a negative value: from twice it to 0). Undefined when
 * the values differ: the chart's usual range applies. Without this rule uPlot shows a zero
 * series on 0 to 100, which means nothing for bytes or peanuts.
 */
export function flatRange(
  min: number | null,
  max: number | null,
  flatMax: number,
): [number, number] | undefined {
  if (min !== null && max !== null && max > min) return undefined;
  const value = max ?? min ?? 0;
  if (value < 0) return [value * 2, 0];
  return [0, Math.max(flatMax, value * 2)];
}

/**
 * Tick steps of a byte axis: every power of two from 1 B to 1 PiB, so that ticks fall on round
 * binary amounts (256 B, 1 KiB, 8 MiB) that `formatBytes` writes without decimals.
 */
export const BYTE_TICK_STEPS: readonly number[] = Array.from({ length: 51 }, (_, i) => 2 ** i);

/**
 * Tick steps of a peanut axis written with two decimals: 1, 2 and 5 times every power of ten
 * from 0.01 to 1,000,000 peanuts, so that no two ticks read the same (uPlot's own steps go
 * below 0.01: 0.0025 apart they read 0.01, 0.01, 0.01).
 */
export const PEANUT_TICK_STEPS: readonly number[] = Array.from({ length: 9 }, (_, power) =>
  [1, 2, 5].map((factor) => Number((factor * 10 ** (power - 2)).toFixed(2))),
).flat();
