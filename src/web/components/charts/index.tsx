/**
 * The chart, loaded on demand: uPlot and its styles arrive in the `chart` chunk the first time a
 * chart is shown, never with the landing page or the dashboard's first paint.
 */
import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { TimeSeriesChartProps } from './TimeSeriesChart';

export type { TimeSeries, TimeSeriesChartProps } from './TimeSeriesChart';
export { BYTE_TICK_STEPS, flatRange, PEANUT_TICK_STEPS } from './axes';

const TimeSeriesChart = lazy(() => import(/* webpackChunkName: "chart" */ './TimeSeriesChart'));

/** {@link TimeSeriesChart} behind React.lazy, with a skeleton of its height while it loads. */
export function LazyTimeSeriesChart(props: TimeSeriesChartProps) {
  return (
    <Suspense
      fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 240 }} />}
    >
      <TimeSeriesChart {...props} />
    </Suspense>
  );
}
