/**
 * A scripted VPN API over a fake fetch for the SPA's VPN tests: VPNs in memory, each GET of a VPN
 * moves it to the next state of its script, pagination by index tokens, config and QR answers.
 */
import type { RegionDetailed } from '../../../src/core/regions';
import type { Vpn, VpnMetricsJson, VpnState } from '../../../src/core/vpn';
import { createHttpClient, type HttpClient } from '../../../src/sdk/http';
import { jsonResponse, TEST_APP_CONFIG } from '../testUtils';

/** A VPN of the fake API. */
export interface FakeVpn {
  vpn: Vpn;
  metrics: VpnMetricsJson | null;
  /** States taken on the next GETs of the VPN, one per GET. */
  script: VpnState[];
}

/** The WireGuard config text the fake API serves. */
export const CONFIG_TEXT =
  '[Interface]\nPrivateKey = cHJpdmF0ZQ==\nAddress = 10.8.0.2/32\n\n[Peer]\nEndpoint = 203.0.113.7:51820\n';
/** A tiny base64 'PNG' the fake API serves as QR code. */
export const QR_BASE64 = 'iVBORw0KGgo=';

/** Regions the fake API lists. */
export const FAKE_REGIONS: RegionDetailed[] = [
  { name: 'eu-west-3', city: 'Paris', country: 'France', cctld: 'fr' },
  { name: 'ca-central-1', city: 'Montreal', country: 'Canada', cctld: 'ca' },
];

/** Options of {@link fakeVpnApi}. */
export interface FakeVpnApiOptions {
  balance?: number;
  /** Status of POST /v1/vpns/ (default 202) and its body when not 202. */
  createStatus?: number;
  createErrorBody?: unknown;
  /** States a new VPN takes on its next GETs (default Created, Provisioning, Running). */
  createScript?: VpnState[];
  /** VPN ids whose GET fails with 500. */
  failingGets?: string[];
}

/** Metrics of a VPN that has run `seconds`. */
export function metricsAfter(seconds: number): VpnMetricsJson {
  return { duration: seconds, bytes: seconds * 1024 * 1024, peanuts: seconds * 0.0015 };
}

/** A VPN record. */
export function makeVpn(createdAtMs: number, region: string, state: VpnState): Vpn {
  return {
    vpnId: `${createdAtMs}@${region}`,
    createdAt: new Date(createdAtMs).toISOString(),
    region,
    state,
    config: { type: 'wireguard', deleteAfter: 14400, maxPeanuts: 2 },
  };
}

/** The fake API. */
export function fakeVpnApi(options: FakeVpnApiOptions = {}) {
  const vpns: FakeVpn[] = [];
  const requests: { method: string; path: string; body?: unknown }[] = [];
  let clockMs = Date.UTC(2026, 10, 21, 6, 0, 0);
  const state = { balance: options.balance ?? 10 };

  const find = (id: string) => vpns.find((v) => v.vpn.vpnId === id);
  const answer = (v: FakeVpn) => jsonResponse({ vpn: v.vpn, metrics: v.metrics });

  const fetch = jest.fn(
    async (input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
      const method = init?.method ?? 'GET';
      const path = decodeURIComponent(url.pathname);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, path, ...(body === undefined ? {} : { body }) });

      if (method === 'GET' && path === '/v1/peanuts')
        return jsonResponse({ balance: state.balance });
      if (method === 'GET' && path === '/v1/regionsDetailed/') {
        return jsonResponse({ regions: FAKE_REGIONS });
      }
      if (method === 'GET' && path === '/v1/vpns') {
        const pageSize = Number(url.searchParams.get('pageSize') ?? 1000);
        const start = Number(url.searchParams.get('nextPageToken') ?? 0);
        const sorted = [...vpns].sort(
          (a, b) => Date.parse(b.vpn.createdAt) - Date.parse(a.vpn.createdAt),
        );
        const page = sorted.slice(start, start + pageSize);
        const next = start + pageSize < sorted.length ? String(start + pageSize) : undefined;
        return jsonResponse({
          vpns: page.map((v) => v.vpn),
          ...(next ? { nextPageToken: next } : {}),
          totalVpns: sorted.length,
          totalPages: Math.ceil(sorted.length / pageSize),
        });
      }
      if (method === 'POST' && path === '/v1/vpns/') {
        if ((options.createStatus ?? 202) !== 202) {
          return jsonResponse(options.createErrorBody ?? { message: 'nope' }, options.createStatus);
        }
        clockMs += 60_000;
        const vpn = makeVpn(clockMs, body.region, 'Creating');
        vpn.config = { type: 'wireguard', ...body.config };
        vpns.push({
          vpn,
          metrics: null,
          script: [...(options.createScript ?? ['Created', 'Provisioning', 'Running'])],
        });
        return jsonResponse({ vpn: { id: vpn.vpnId } }, 202);
      }
      const match = /^\/v1\/vpns\/([^/]+)(\/config|\/qrconfig|\/usage)?$/.exec(path);
      const v = match ? find(match[1]) : undefined;
      if (!match || !v) return jsonResponse({ message: 'Vpn not found' }, 404);
      if (method === 'PATCH') {
        // An extension (docs/api.md): more than the mock limit (2) is refused as the server does.
        const config = (body as { config: { maxPeanuts?: number; deleteAfter?: number } }).config;
        if ((config.maxPeanuts ?? 0) > 2) {
          return jsonResponse(
            {
              message: `Maximum number of peanuts should be 2, you specified: ${config.maxPeanuts} and you have ${state.balance}.`,
            },
            400,
          );
        }
        v.vpn = { ...v.vpn, config: { ...v.vpn.config, ...config } };
        return answer(v);
      }
      if (match[2] === '/usage') {
        return jsonResponse({
          points: [
            { at: v.vpn.createdAt, bytes: 0, peanuts: 0 },
            {
              at: new Date(Date.parse(v.vpn.createdAt) + 60_000).toISOString(),
              bytes: 2_097_152,
              peanuts: 1.14,
            },
          ],
        });
      }
      if (method === 'DELETE') {
        v.vpn = { ...v.vpn, state: 'Deprovisioning' };
        v.script = ['Deprovisioning', 'Deleted'];
        return jsonResponse({ vpn: v.vpn }, 202);
      }
      if (match[2] === '/config') {
        return jsonResponse({ config: Buffer.from(CONFIG_TEXT).toString('base64') });
      }
      if (match[2] === '/qrconfig') return jsonResponse({ qrconfig: QR_BASE64 });
      if (options.failingGets?.includes(v.vpn.vpnId)) return jsonResponse({ message: 'boom' }, 500);
      const next = v.script.shift();
      if (next) {
        v.vpn = { ...v.vpn, state: next };
        if (next === 'Running') v.metrics = metricsAfter(0);
      }
      if (v.vpn.state === 'Running' && v.metrics && !next) {
        v.metrics = metricsAfter((v.metrics.duration ?? 0) + 10);
      }
      return answer(v);
    },
  );

  const http: HttpClient = createHttpClient({
    baseUrl: TEST_APP_CONFIG.apiBaseUrl,
    fetch: fetch as unknown as typeof globalThis.fetch,
    retryDelayMs: 0,
    attempts: 1,
  });

  return {
    vpns,
    requests,
    fetch,
    http,
    state,
    /** Adds a VPN in `vpnState` with `metrics` (null: none yet). */
    add(
      createdAtMs: number,
      region: string,
      vpnState: VpnState,
      metrics: VpnMetricsJson | null = null,
    ) {
      const record: FakeVpn = { vpn: makeVpn(createdAtMs, region, vpnState), metrics, script: [] };
      vpns.push(record);
      return record;
    },
    /** Requests of `method` to `path` (exact). */
    calls(method: string, path: string) {
      return requests.filter((r) => r.method === method && r.path === path);
    },
  };
}

/** A clock whose sleeps resolve at once, moving its time; `sleeps` lists them. */
export function instantClock() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms: number, signal?: AbortSignal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      now += ms;
    },
  };
}

/**
 * A clock whose sleeps wait until aborted (they reject with the abort reason); `pending` counts
 * the sleeps in progress, `aborted` those ended by an abort.
 */
export function stuckClock() {
  const stats = { pending: 0, aborted: 0 };
  return {
    stats,
    now: () => 0,
    sleep: (_ms: number, signal?: AbortSignal) =>
      new Promise<void>((_resolve, reject) => {
        stats.pending += 1;
        signal?.addEventListener('abort', () => {
          stats.pending -= 1;
          stats.aborted += 1;
          reject(signal.reason);
        });
      }),
  };
}

/**
 * A clock whose sleeps end only when the test moves time with `advance(ms)` (which then lets the
 * sagas run for a moment); an aborted sleep rejects with the abort reason. `pending()` counts the
 * sleeps in progress.
 */
export function manualClock() {
  let now = 0;
  const sleepers = new Set<{ until: number; resolve: () => void }>();
  return {
    now: () => now,
    sleep: (ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        signal?.throwIfAborted();
        const sleeper = { until: now + ms, resolve };
        sleepers.add(sleeper);
        signal?.addEventListener('abort', () => {
          sleepers.delete(sleeper);
          reject(signal.reason);
        });
      }),
    pending: () => sleepers.size,
    /** Moves time by `ms`, ends the sleeps due, and lets the sagas and the fake API run. */
    async advance(ms: number) {
      now += ms;
      for (const sleeper of [...sleepers]) {
        if (sleeper.until <= now) {
          sleepers.delete(sleeper);
          sleeper.resolve();
        }
      }
      await settle();
    },
  };
}

/** Lets pending promises, sagas and the fake API's answers run. */
export function settle(ms = 30): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
