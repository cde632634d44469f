/**
 * Shared fixtures for the SDK's VPN tests (`vpns*.test.ts`): a scripted fake API behind an
 * injected `fetch`, an SDK client on it, VPN and metrics fixtures, and a fake clock whose sleeps
 * advance time at once.
 */
import { createHttpClient } from '../../src/sdk/http';
import type { Clock } from '../../src/sdk/waitForState';
import type { Vpn, VpnMetricsJson, VpnState } from '../../src/core/vpn';

/** A request seen by {@link fakeApi}. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
}

/** A scripted answer: status and body (objects are sent as JSON, strings as text). */
export interface Answer {
  status: number;
  body?: unknown;
  /** Milliseconds before answering. */
  delayMs?: number;
}

/** An injected `fetch` answering each request with `route(request)`, recording the requests. */
export function fakeApi(route: (request: SeenRequest) => Answer) {
  const requests: SeenRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const request: SeenRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('authorization'),
    };
    requests.push(request);
    const answer = route(request);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    init?.signal?.throwIfAborted();
    const text =
      answer.body === undefined
        ? null
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

/** A VPN in `state` created at `ms` in `region`. */
export function makeVpn(ms: number, state: VpnState = 'Running', region = 'eu-west-3'): Vpn {
  return {
    vpnId: `${ms}@${region}`,
    createdAt: new Date(ms).toISOString(),
    region,
    state,
    config: { type: 'wireguard', deleteAfter: 300, maxPeanuts: 2 },
  };
}

/** A clock whose sleeps advance time at once; records each sleep. */
export function fakeClock(start = 0): Clock & { sleeps: number[]; time(): number } {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      now += ms;
      await Promise.resolve();
      signal?.throwIfAborted();
    },
    sleeps,
    time: () => now,
  };
}

/** The fake API's origin. */
export const BASE = 'http://api.test';

/** An SDK client on a fake API. */
export function client(route: (request: SeenRequest) => Answer) {
  const api = fakeApi(route);
  const http = createHttpClient({
    baseUrl: BASE,
    fetch: api.fetch,
    retryDelayMs: 1,
    getIdToken: async () => 'id.token',
  });
  return { http, requests: api.requests };
}

/** The metrics {@link ok} answers with by default. */
export const metrics: VpnMetricsJson = { duration: 3900, bytes: 12939428, peanuts: 5.85 };
/** A 200 answer to `GET /v1/vpns/{id}`: the VPN and its metrics (none when `m` is null). */
export const ok = (vpn: Vpn, m: VpnMetricsJson | null = metrics): Answer => ({
  status: 200,
  body: m ? { vpn, metrics: m } : { vpn },
});
