/**
 * `peanut_http_request_duration_seconds{route,method,status_code}` (docs/operations.md
 * "Metrics"): a Prometheus histogram of the answered HTTP requests, counted on the request path
 * and served by prom-client's registry like its own histograms (same series, same text).
 *
 * Why not prom-client's `Histogram` for this one: every `observe` there builds and validates a
 * label object, hashes it into a string, and finds the bucket through an object keyed by the
 * bound's text. Under the API bench that was 3.7% of the server's CPU (perf, docs/performance.md
 * "API at half the bare route"), one of the largest parts that is ours. Here a request finds
 * its series through three Maps keyed by the route pattern, the method and the status (strings
 * and a number V8 hashes once) and counts in a Float64Array. The other histograms, fed a few
 * times a second at most, stay prom-client's.
 */
import type { Metric, MetricValueWithName, Registry } from 'prom-client';

/** The labels of one series. */
type Labels = Record<'route' | 'method' | 'status_code', string>;

/** One series: the counts per bucket (not cumulative; the last is past every bound), sum, count. */
interface Series {
  labels: Labels;
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * What `get()` gives prom-client's Registry, as its histograms give it at run time (its typing
 * declares `type` a numeric enum, but the registry writes the text).
 */
export interface HistogramValues {
  name: string;
  help: string;
  type: 'histogram';
  aggregator: 'sum';
  values: HistogramValue[];
}

/** One value of a {@link HistogramValues}: `labels` (`le`), and the series' own labels. */
export interface HistogramValue extends MetricValueWithName<string> {
  sharedLabels?: Labels;
}

/** A Prometheus histogram of request durations by route pattern, method and status code. */
export class RequestDurationHistogram {
  /** prom-client's metric type and cluster aggregation. */
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private series = new Map<string, Map<string, Map<number, Series>>>();

  /**
   * Registers the histogram `name` in `registry`, with buckets at `bounds` (seconds,
   * increasing; `+Inf` is added).
   */
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    // prom-client's Registry serves any metric with a name, a help, a type and get(); its
    // typing names only its own classes.
    registry.registerMetric(this as unknown as Metric);
  }

  /**
   * Counts one answered request: its route pattern (never its URL), method, HTTP status and
   * duration in seconds.
   */
  observe(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: { route, method, status_code: String(status) },
        buckets: new Float64Array(this.bounds.length + 1),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, series);
    }
    const { bounds } = this;
    let bucket = 0;
    while (bucket < bounds.length && seconds > bounds[bucket]) bucket++;
    series.buckets[bucket]++;
    series.sum += seconds;
    series.count++;
  }

  /**
   * The series as prom-client's histograms give them to the registry's text: per series the
   * cumulative `_bucket{le}` values, `le="+Inf"`, `_sum` and `_count`, the series' labels as
   * `sharedLabels` (written after `le`, as prom-client writes them).
   */
  getForPromString(): Promise<HistogramValues> {
    const values: HistogramValue[] = [];
    const bucketName = `${this.name}_bucket`;
    for (const byMethod of this.series.values()) {
      for (const byStatus of byMethod.values()) {
        for (const { labels, buckets, sum, count } of byStatus.values()) {
          let cumulative = 0;
          this.bounds.forEach((le, i) => {
            cumulative += buckets[i];
            values.push({
              labels: { le },
              sharedLabels: labels,
              value: cumulative,
              metricName: bucketName,
            });
          });
          values.push(
            { labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: bucketName },
            { labels: {}, sharedLabels: labels, value: sum, metricName: `${this.name}_sum` },
            { labels: {}, sharedLabels: labels, value: count, metricName: `${this.name}_count` },
          );
        }
      }
    }
    const { name, help, type, aggregator } = this;
    return Promise.resolve({ name, help, type, aggregator, values });
  }

  /** The same values with each one's labels in one object (prom-client's `getMetricsAsJSON`). */
  async get(): Promise<HistogramValues> {
    const data = await this.getForPromString();
    return {
      ...data,
      values: data.values.map(({ sharedLabels, labels, ...value }) => ({
        ...value,
        labels: { ...labels, ...sharedLabels },
      })),
    };
  }

  /** Drops every series (prom-client's `registry.resetMetrics()`). */
  reset(): void {
    this.series = new Map();
  }
}
