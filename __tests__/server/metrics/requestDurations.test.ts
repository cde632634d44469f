/**
 * The request duration histogram (metrics/requestDurations.ts) gives, through prom-client's
 * Registry, the same text and JSON as prom-client's own Histogram fed the same requests.
 */
import { Histogram, Registry } from 'prom-client';
import { RequestDurationHistogram } from '../../../src/server/metrics/requestDurations';

const NAME = 'peanut_http_request_duration_seconds';
const HELP = 'HTTP requests answered, by route pattern, method and status code';
const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Requests with durations on, between and past the bounds, over several series. */
const REQUESTS: [string, string, number, number][] = [
  ['/v1/vpns', 'GET', 200, 0.001],
  ['/v1/vpns', 'GET', 200, 0.005],
  ['/v1/vpns', 'GET', 200, 0.0051],
  ['/v1/vpns', 'POST', 201, 0.3],
  ['/v1/vpns/:vpnId', 'GET', 200, 10],
  ['/v1/vpns/:vpnId', 'GET', 404, 11.5],
  ['unmatched', 'GET', 404, 0],
  ['/v1/vpns', 'GET', 200, 2.5],
];

/** Both histograms, each alone in a registry, fed REQUESTS. */
function both(): { ours: Registry; theirs: Registry; histogram: RequestDurationHistogram } {
  const ours = new Registry();
  const theirs = new Registry();
  const histogram = new RequestDurationHistogram(NAME, HELP, BOUNDS, ours);
  const reference = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['route', 'method', 'status_code'],
    buckets: BOUNDS,
    registers: [theirs],
  });
  for (const [route, method, status, seconds] of REQUESTS) {
    histogram.observe(route, method, status, seconds);
    reference.observe({ route, method, status_code: String(status) }, seconds);
  }
  return { ours, theirs, histogram };
}

describe('RequestDurationHistogram', () => {
  it("writes the text prom-client's Histogram writes for the same requests", async () => {
    const { ours, theirs } = both();
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(
      `${NAME}_bucket{le="0.005",route="/v1/vpns",method="GET",status_code="200"} 2`,
    );
    expect(text).toContain(`${NAME}_count{route="/v1/vpns",method="GET",status_code="200"} 4`);
  });

  it('gives the same JSON, and reset drops every series', async () => {
    const { ours, theirs, histogram } = both();
    // prom-client's values carry `exemplar: null` (exemplars are off); ours carry none.
    const reference = (await theirs.getMetricsAsJSON()).map((metric) => ({
      ...metric,
      values: (metric as unknown as { values: Record<string, unknown>[] }).values.map(
        ({ exemplar, ...value }) => {
          expect(exemplar ?? null).toBeNull();
          return value;
        },
      ),
    }));
    expect(await ours.getMetricsAsJSON()).toEqual(reference);
    histogram.reset();
    expect(await ours.metrics()).not.toContain(`${NAME}_count`);
  });
});
