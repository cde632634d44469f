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
