/**
 * A time-series line chart on uPlot (about 20 KiB gzip, canvas): the one charting library of the
 * product, used by the VPN usage drawer and the operator console. Import it through
 * `LazyTimeSeriesChart` (./index.tsx) so that uPlot is downloaded only where a chart is shown.
 *
 * Colours come from the antd theme tokens, so the chart follows light and dark mode. The canvas
 * is one image for assistive technology: `ariaLabel` names it, and callers show the figures
 * that matter (totals, forecast) as text beside it.
 */
import { useEffect, useRef } from 'react';
import { theme } from 'antd';
import uPlot from 'uplot';
import uPlotCss from 'uplot/dist/uPlot.min.css';
import { useTexts } from '../../i18n/context';
import { COMMON_TEXT } from '../commonText';
import { flatRange } from './axes';

/** One line of a chart. */
export interface TimeSeries {
  /** Shown in the legend and the cursor's readout. */
  label: string;
  /** One value per entry of `times` (`null` leaves a gap). */
  values: ReadonlyArray<number | null>;
  /** A CSS colour; defaults to the theme's primary colour, then its success and warning ones. */
  color?: string;
  /** The y axis: 'left' (default) or 'right'; series on the same side share a scale. */
  axis?: 'left' | 'right';
  /** Formats a value for the axis and the readout (e.g. bytes as "1.2 MiB"). */
  format?: (value: number) => string;
  /**
   * Top of its axis while every value is the same, e.g. 0 (axes.ts `flatRange`): 1024 for bytes
   * shows 0 B to 1 KiB. Default 1.
   */
  flatMax?: number;
  /** Tick steps of its axis, ascending (e.g. axes.ts `BYTE_TICK_STEPS`); default uPlot's. */
  tickSteps?: readonly number[];
}

/** Props of {@link TimeSeriesChart}. */
export interface TimeSeriesChartProps {
  /** The x values: instants in seconds since the Unix epoch, ascending. */
  times: ReadonlyArray<number>;
  series: ReadonlyArray<TimeSeries>;
  /** The accessible name of the chart, e.g. "Traffic and peanuts of VPN 2611…". */
  ariaLabel: string;
  /** In CSS pixels; the width follows the container. Default 240. */
  height?: number;
}

const STYLE_ID = 'uplot-styles';

/** Adds uPlot's stylesheet to the document once (it positions the cursor and legend). */
function ensureStyles(): void {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = uPlotCss;
  document.head.appendChild(style);
}

const SIDE = { left: 3, right: 1 } as const;

/** A responsive time-series chart; see the module comment. */
export default function TimeSeriesChart({
  times,
  series,
  ariaLabel,
  height = 240,
}: TimeSeriesChartProps) {
  const { token } = theme.useToken();
  const { chartTime } = useTexts('common', COMMON_TEXT);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    ensureStyles();
    const palette = [
      ...new Set([token.colorPrimary, token.colorSuccess, token.colorWarning, token.colorInfo]),
    ];
    const axisOf = (s: TimeSeries): 'left' | 'right' => s.axis ?? 'left';
    const sides = [...new Set(series.map(axisOf))];
    const axisStyle = {
      stroke: token.colorTextSecondary,
      grid: { stroke: token.colorBorderSecondary, width: 1 },
      ticks: { stroke: token.colorBorderSecondary, width: 1 },
    };
    // The first series of a side sets its axis (format, flat range, tick steps).
    const firstOf = (side: 'left' | 'right') => series.find((s) => axisOf(s) === side);
    const formatOf = (side: 'left' | 'right'): ((value: number) => string) =>
      firstOf(side)?.format ?? ((value) => String(value));
    const scales: uPlot.Scales = { x: { time: true } };
    for (const side of sides) {
      const flatMax = firstOf(side)?.flatMax ?? 1;
      scales[side] = {
        range: (_chart, min, max) =>
          flatRange(min, max, flatMax) ?? uPlot.rangeNum(min, max, 0.1, true),
      };
    }
    const options: uPlot.Options = {
      width: element.clientWidth || 320,
      height,
      scales,
      legend: { show: series.length > 1 },
      series: [
        { label: chartTime },
        ...series.map((s, index) => ({
          label: s.label,
          scale: axisOf(s),
          stroke: s.color ?? palette[index % palette.length],
          width: 2,
          value: (_chart: uPlot, value: number | null) =>
            value === null ? '–' : (s.format ?? String)(value),
        })),
      ],
      axes: [
        axisStyle,
        ...sides.map((side, index) => ({
          ...axisStyle,
          scale: side,
          side: SIDE[side],
          size: 72,
          grid: index === 0 ? axisStyle.grid : { show: false },
          ...(firstOf(side)?.tickSteps ? { incrs: [...firstOf(side)!.tickSteps!] } : {}),
          values: (_chart: uPlot, ticks: number[]) => ticks.map(formatOf(side)),
        })),
      ],
    };
    const data: uPlot.AlignedData = [Array.from(times), ...series.map((s) => Array.from(s.values))];
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => {
      if (element.clientWidth > 0) chart.setSize({ width: element.clientWidth, height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [times, series, height, token, chartTime]);

  return (
    <div
      ref={container}
      role="img"
      aria-label={ariaLabel}
      style={{ width: '100%', color: token.colorText }}
    />
  );
}
