/**
 * The service's Prometheus metrics (prom-client; docs/operations.md "Metrics"): one registry per
 * app. Counters and histograms are fed by the domains' events (events.ts); the gauges of what
 * the database holds (VPNs by state and region, the job queue, the VPN hosts) are read at
 * scrape time. No label carries a user id, email or VPN id.
 */
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { rowsOf, type Database } from '../db';
import { END_REASONS } from '../vpns/metering';
import { releaseRegistry } from './registry';
import { onEvent } from './events';
import { RequestDurationHistogram } from './requestDurations';

/** Buckets (seconds) of the HTTP request duration histogram. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Buckets (seconds) of the slower histograms: create to Running, termination lag, passes. */
const SLOW_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
/** Nano-peanuts in a peanut. */
const NANO = 1e9;
/** The label of each end reason (`vpns.reason` text -> its key, e.g. `maxPeanuts`). */
const REASON_LABELS: ReadonlyMap<string, string> = new Map(
  Object.entries(END_REASONS).map(([key, text]) => [text, key]),
);

/** The service's metrics and their registry. */
export interface ServiceMetrics {
  /** Every metric, for `GET /metrics`. */
  registry: Registry;
  /** Records one answered HTTP request: its route pattern (never its URL), method and status. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** Unsubscribes from the domains' events. */
  close(): void;
}

/** Runs `query` on `db` and returns its rows. */
async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Creates the metrics of a service whose database is `db` (`jobQueue` names its job queue). */
export function createServiceMetrics(db: Database, jobQueue: string): ServiceMetrics {
  const registry = releaseRegistry();
  const registers = [registry];

  const http = new RequestDurationHistogram(
    'peanut_http_request_duration_seconds',
    'HTTP requests answered, by route pattern, method and status code',
    HTTP_BUCKETS,
    registry,
  );

  const created = new Counter({
    name: 'peanut_vpns_created_total',
    help: 'VPNs created, by region',
    labelNames: ['region'],
    registers,
  });
  const deleted = new Counter({
    name: 'peanut_vpns_deleted_total',
    help: 'VPN deletions asked by their owners, by region',
    labelNames: ['region'],
    registers,
  });
  const ended = new Counter({
    name: 'peanut_vpns_terminated_total',
    help: 'Running VPNs ended, by reason (balance, maxPeanuts, deleteAfter, deleted, ...)',
    labelNames: ['reason'],
    registers,
  });
  const toRunning = new Histogram({
    name: 'peanut_vpn_create_to_running_seconds',
    help: 'Time from a VPN creation to Running, by region',
    labelNames: ['region'],
    buckets: SLOW_BUCKETS,
    registers,
  });
  const terminationLag = new Histogram({
    name: 'peanut_vpn_termination_lag_seconds',
    help: 'Time from a VPN ending to its server being deprovisioned',
    buckets: SLOW_BUCKETS,
    registers,
  });
  const meteringPass = new Histogram({
    name: 'peanut_metering_pass_duration_seconds',
    help: 'Duration of the metering passes',
    buckets: SLOW_BUCKETS,
    registers,
  });
  const metered = new Counter({
    name: 'peanut_metering_vpns_metered_total',
    help: 'Running VPNs metered, summed over the passes',
    registers,
  });
  const credited = new Counter({
    name: 'peanut_peanuts_credited_total',
    help: 'Peanuts credited to accounts, by kind (signup_bonus, purchase, referral...)',
    labelNames: ['kind'],
    registers,
  });
  const consumed = new Counter({
    name: 'peanut_peanuts_consumed_total',
    help: 'Peanuts charged for VPN usage by the metering passes',
    registers,
  });
  const auth = new Counter({
    name: 'peanut_auth_total',
    help: 'Sign-ins, sign-ups and confirmations by kind and outcome, and failures by reason',
    labelNames: ['kind', 'outcome', 'reason'],
    registers,
  });

  new Gauge({
    name: 'peanut_vpns',
    help: 'VPNs by state and region (Deleted ones excluded)',
    labelNames: ['state', 'region'],
    registers,
    async collect() {
      this.reset();
      const found = await rows<{ state: string; region: string; count: number }>(
        db,
        sql`SELECT state, region, count(*)::integer AS count FROM vpns
            WHERE state <> 'Deleted' GROUP BY state, region`,
      );
      for (const row of found) this.set({ state: row.state, region: row.region }, row.count);
    },
  });
  new Gauge({
    name: 'peanut_job_queue_depth',
    help: 'VPN lifecycle jobs waiting or retrying in the job queue',
    registers,
    async collect() {
      const [row] = await rows<{ count: number }>(
        db,
        sql`SELECT count(*)::integer AS count FROM pgboss.job
            WHERE name = ${jobQueue} AND state IN ('created', 'retry')`,
      ).catch(() => [{ count: 0 }]);
      this.set(row?.count ?? 0);
    },
  });
  registerHostGauges(db, registry);

  const unsubscribe = [
    onEvent('vpnCreated', ({ region }) => created.inc({ region })),
    onEvent('vpnDeleted', ({ region }) => deleted.inc({ region })),
    onEvent('vpnEnded', ({ reason }) =>
      ended.inc({ reason: REASON_LABELS.get(reason) ?? 'other' }),
    ),
    onEvent('vpnRunning', ({ region, seconds }) => toRunning.observe({ region }, seconds)),
    onEvent('vpnTerminated', ({ lagSeconds }) => terminationLag.observe(lagSeconds)),
    onEvent('meteringPass', ({ seconds, vpns, chargedNano }) => {
      meteringPass.observe(seconds);
      metered.inc(vpns);
      if (chargedNano > 0) consumed.inc(chargedNano / NANO);
    }),
    onEvent('peanutsCredited', ({ kind, amountNano }) => credited.inc({ kind }, amountNano / NANO)),
    onEvent('auth', ({ kind, outcome, reason }) =>
      auth.inc({ kind, outcome, reason: reason ?? '' }),
    ),
  ];

  return {
    registry,
    observeRequest: (route, method, status, seconds) =>
      http.observe(route, method, status, seconds),
    close: () => {
      for (const stop of unsubscribe) stop();
    },
  };
}

/** The gauges of the VPN hosts (docs/hosts.md), read from `vpn_hosts` at scrape time. */
function registerHostGauges(db: Database, registry: Registry): void {
  interface HostRow {
    host_id: string;
    region: string;
    capacity: number | null;
    live: number;
    age: number;
  }
  let last: Promise<HostRow[]> | undefined;
  // One query per scrape for the four gauges.
  const hosts = (): Promise<HostRow[]> =>
    (last ??= rows<HostRow>(
      db,
      sql`SELECT host_id, unnest(regions) AS region, capacity,
            cardinality(alive)::integer AS live,
            extract(epoch FROM (now() - last_seen_at))::float8 AS age
          FROM vpn_hosts`,
    ).finally(() => setImmediate(() => (last = undefined))));
  const registers = [registry];
  new Gauge({
    name: 'peanut_hosts_online',
    help: 'VPN hosts that sent a heartbeat in the last 60 seconds, by region',
    labelNames: ['region'],
    registers,
    async collect() {
      this.reset();
      for (const host of await hosts()) this.inc({ region: host.region }, host.age < 60 ? 1 : 0);
    },
  });
  new Gauge({
    name: 'peanut_hosts_capacity',
    help: 'Live VPNs the VPN hosts announce they can hold, by region',
    labelNames: ['region'],
    registers,
    async collect() {
      this.reset();
      for (const host of await hosts()) this.inc({ region: host.region }, host.capacity ?? 0);
    },
  });
  new Gauge({
    name: 'peanut_hosts_live_vpns',
    help: 'Live VPNs the VPN hosts report, by region',
    labelNames: ['region'],
    registers,
    async collect() {
      this.reset();
      for (const host of await hosts()) this.inc({ region: host.region }, host.live);
    },
  });
  new Gauge({
    name: 'peanut_host_heartbeat_age_seconds',
    help: "Seconds since each VPN host's last heartbeat (host ids are the operator's names)",
    labelNames: ['host'],
    registers,
    async collect() {
      this.reset();
      for (const host of await hosts()) this.set({ host: host.host_id }, host.age);
    },
  });
}
