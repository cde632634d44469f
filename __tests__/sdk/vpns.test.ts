import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient, NetworkError } from '../../src/sdk/http';
import {
  createVpn,
  deleteVpn,
  getBalance,
  getConfig,
  getQrConfig,
  getVpn,
  listVpns,
  requestVpnCreation,
  requestVpnDeletion,
} from '../../src/sdk/vpns';
import {
  deleteAndWait,
  realClock,
  stateOf,
  waitForState,
  type Clock,
} from '../../src/sdk/waitForState';
import {
  InvalidVpnIdError,
  VpnCreationError,
  VpnDeletionError,
  VpnListingError,
  WaitTimeoutError,
} from '../../src/core/errors';
import type { Vpn, VpnMetricsJson, VpnState, VpnWithMetrics } from '../../src/core/vpn';

/** A request seen by {@link fakeApi}. */
interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
}

/** A scripted answer: status and body (objects are sent as JSON, strings as text). */
interface Answer {
  status: number;
  body?: unknown;
  /** Milliseconds before answering. */
  delayMs?: number;
}

/** An injected `fetch` answering each request with `route(request)`, recording the requests. */
function fakeApi(route: (request: SeenRequest) => Answer) {
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
function makeVpn(ms: number, state: VpnState = 'Running', region = 'eu-west-3'): Vpn {
  return {
    vpnId: `${ms}@${region}`,
    createdAt: new Date(ms).toISOString(),
    region,
    state,
    config: { type: 'wireguard', deleteAfter: 300, maxPeanuts: 2 },
  };
}

/** A clock whose sleeps advance time at once; records each sleep. */
function fakeClock(start = 0): Clock & { sleeps: number[]; time(): number } {
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

const BASE = 'http://api.test';

/** An SDK client on a fake API. */
function client(route: (request: SeenRequest) => Answer) {
  const api = fakeApi(route);
  const http = createHttpClient({
    baseUrl: BASE,
    fetch: api.fetch,
    retryDelayMs: 1,
    getIdToken: async () => 'id.token',
  });
  return { http, requests: api.requests };
}

const metrics: VpnMetricsJson = { duration: 3900, bytes: 12939428, peanuts: 5.85 };
const ok = (vpn: Vpn, m: VpnMetricsJson | null = metrics): Answer => ({
  status: 200,
  body: m ? { vpn, metrics: m } : { vpn },
});

describe('getVpn (spec §7)', () => {
  it('gets a VPN and its metrics with the id token, keeping @ in the path', async () => {
    const vpn = makeVpn(1710931200000);
    const { http, requests } = client(() => ok(vpn));
    await expect(getVpn(http, vpn.vpnId)).resolves.toEqual({
      vpn,
      metrics: { duration: 3900, bytes: 12939428, peanuts: 5.85 },
    });
    expect(requests).toEqual([
      {
        method: 'GET',
        path: '/v1/vpns/1710931200000@eu-west-3',
        query: {},
        body: undefined,
        authorization: 'id.token',
      },
    ]);
  });

  it('turns null metric values into NaN and absent metrics into none', async () => {
    const vpn = makeVpn(1, 'Creating');
    const { http } = client((r) =>
      r.path.endsWith('@eu-west-3')
        ? ok(vpn, { duration: null, bytes: 0, peanuts: null })
        : ok(vpn, null),
    );
    expect((await getVpn(http, vpn.vpnId)).metrics).toEqual({
      duration: NaN,
      bytes: 0,
      peanuts: NaN,
    });
    expect(await getVpn(http, '1@us-east-1')).toEqual({ vpn });
  });

  it.each([
    ['', 'Undefined vpnId'],
    ['../peanuts', "Incorrect vpnId: '../peanuts'"],
  ])('rejects the id %p before any request', async (id, message) => {
    const { http, requests } = client(() => ({ status: 500 }));
    await expect(getVpn(http, id)).rejects.toThrow(new InvalidVpnIdError(id));
    await expect(getConfig(http, id)).rejects.toThrow(message);
    await expect(deleteVpn(http, id)).rejects.toThrow(message);
    expect(requests).toHaveLength(0);
  });

  it("passes on the server's 404", async () => {
    const { http } = client(() => ({ status: 404, body: { message: 'Vpn not found' } }));
    await expect(getVpn(http, '1@eu-west-3')).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      data: { message: 'Vpn not found' },
    });
  });
});

describe('listVpns (spec §7, §8)', () => {
  const vpns = [makeVpn(3000), makeVpn(2000, 'Provisioning'), makeVpn(1000, 'Deleted')];
  const listBody = { vpns, nextPageToken: 'page-2', totalVpns: 7, totalPages: 3 };

  it('lists a page with the library page size, then fetches each VPN for its metrics', async () => {
    const fresh = { ...vpns[1], state: 'Running' as const };
    const { http, requests } = client((r) =>
      r.path === '/v1/vpns'
        ? { status: 200, body: listBody }
        : ok(r.path.includes('2000@') ? fresh : vpns.find((v) => r.path.endsWith(v.vpnId))!),
    );
    const result = await listVpns(http, { nextPageToken: 'page-1' });
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/vpns',
      query: { pageSize: '1000', nextPageToken: 'page-1' },
      authorization: 'id.token',
    });
    expect(requests.slice(1).map((r) => r.path)).toEqual(vpns.map((v) => `/v1/vpns/${v.vpnId}`));
    const m = { duration: 3900, bytes: 12939428, peanuts: 5.85 };
    expect(result).toEqual({
      items: [
        { vpn: vpns[0], metrics: m },
        { vpn: fresh, metrics: m },
        { vpn: vpns[2], metrics: m },
      ],
      nextPageToken: 'page-2',
      totalVpns: 7,
      totalPages: 3,
    });
    expect('error' in result).toBe(false);
  });

  it('uses the given page size and leaves out an empty token; no next page gives undefined', async () => {
    const { http, requests } = client(() => ({
      status: 200,
      body: { vpns: [], nextPageToken: null, totalVpns: 0, totalPages: 0 },
    }));
    const result = await listVpns(http, { pageSize: 4, nextPageToken: '' });
    expect(requests[0].query).toEqual({ pageSize: '4' });
    expect(result).toEqual({ items: [], nextPageToken: undefined, totalVpns: 0, totalPages: 0 });
  });

  it("keeps VPNs whose metric fetch failed, without metrics, and reports ONE error ('occured')", async () => {
    const logged: unknown[][] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((...args) => {
      logged.push(args);
    });
    try {
      const { http } = client((r) => {
        if (r.path === '/v1/vpns') return { status: 200, body: listBody };
        if (r.path.includes('3000@')) return { status: 404, body: { message: 'Vpn not found' } };
        if (r.path.includes('1000@')) return { status: 500, body: { message: 'x' } };
        return ok(vpns[1]);
      });
      const result = await listVpns(http);
      expect(result.items).toEqual([
        { vpn: vpns[0] },
        { vpn: vpns[1], metrics: { duration: 3900, bytes: 12939428, peanuts: 5.85 } },
        { vpn: vpns[2] },
      ]);
      expect(result.error).toBeInstanceOf(VpnListingError);
      expect(result.error?.message).toBe(
        '2 errors occured while listing vpns. See the console log for details',
      );
      expect(result.error?.causes).toHaveLength(2);
      expect(logged).toHaveLength(2);
      expect(logged[0][0]).toBe('Failed to get vpn 3000@eu-west-3:');
      expect(logged[0][1]).toMatchObject({ status: 404 });
      expect(logged[1][1]).toMatchObject({ status: 500 });
    } finally {
      spy.mockRestore();
    }
  });

  it('retries a metric fetch on 503 before counting it as failed', async () => {
    let attempts = 0;
    const { http } = client((r) => {
      if (r.path === '/v1/vpns') return { status: 200, body: { ...listBody, vpns: [vpns[0]] } };
      return ++attempts < 3 ? { status: 503 } : ok(vpns[0]);
    });
    const result = await listVpns(http, { logError: () => undefined });
    expect(attempts).toBe(3);
    expect(result.error).toBeUndefined();
    expect(result.items[0].metrics).toBeDefined();
  });

  it('fetches at most `concurrency` VPNs at once', async () => {
    const many = Array.from({ length: 10 }, (_, i) => makeVpn(1000 + i));
    let inFlight = 0;
    let most = 0;
    const fetch: typeof globalThis.fetch = async (input) => {
      const path = new URL(String(input)).pathname;
      const body =
        path === '/v1/vpns'
          ? { vpns: many, totalVpns: 10, totalPages: 1 }
          : { vpn: many.find((v) => path.endsWith(v.vpnId)), metrics };
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return new Response(JSON.stringify(body), { status: 200 });
    };
    const http = createHttpClient({ baseUrl: BASE, fetch });
    const result = await listVpns(http, { concurrency: 3 });
    expect(result.items.map((item) => item.vpn)).toEqual(many);
    expect(most).toBe(3);
  });

  it('fails as a whole when the list call fails, and stops when aborted', async () => {
    const { http } = client(() => ({ status: 400, body: { message: 'bad' } }));
    await expect(listVpns(http)).rejects.toMatchObject({ name: 'ApiError', status: 400 });

    const controller = new AbortController();
    const slow = client((r) =>
      r.path === '/v1/vpns' ? { status: 200, body: listBody } : { ...ok(vpns[0]), delayMs: 50 },
    );
    setTimeout(() => controller.abort(new Error('stop')), 10);
    await expect(
      listVpns(slow.http, { signal: controller.signal, logError: () => undefined }),
    ).rejects.toThrow('stop');
  });
});

describe('createVpn (spec §7, §8)', () => {
  const request = {
    region: 'eu-west-3',
    config: { type: 'wireguard', maxPeanuts: 1, deleteAfter: 300 },
  };

  it('posts the request, expects 202, returns the id, then fetches the VPN', async () => {
    const vpn = makeVpn(1710931200000, 'Creating');
    const { http, requests } = client((r) =>
      r.method === 'POST' ? { status: 202, body: { vpn: { id: vpn.vpnId } } } : ok(vpn, null),
    );
    await expect(createVpn(http, request)).resolves.toEqual({ vpn });
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', '/v1/vpns/'],
      ['GET', `/v1/vpns/${vpn.vpnId}`],
    ]);
    expect(requests[0].body).toEqual(request);
    expect(requests[0].authorization).toBe('id.token');
    await expect(requestVpnCreation(http, request)).resolves.toBe(vpn.vpnId);
  });

  it.each([
    [
      200,
      { vpn: { id: '1@eu-west-3' } },
      'Error during creation of vpn in: eu-west-3: {"vpn":{"id":"1@eu-west-3"}}',
    ],
    [201, undefined, 'Error during creation of vpn in: eu-west-3: '],
    [
      400,
      { message: 'User already has 54 active vpns. Quota reached.' },
      'Error during creation of vpn in: eu-west-3: {"message":"User already has 54 active vpns. Quota reached."}',
    ],
    [500, 'Internal', 'Error during creation of vpn in: eu-west-3: Internal'],
  ])('fails on status %p with the spec message', async (status, body, message) => {
    const { http, requests } = client(() => ({ status, body }));
    const error = await createVpn(http, request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VpnCreationError);
    expect((error as VpnCreationError).message).toBe(message);
    expect((error as VpnCreationError).status).toBe(status);
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(0);
    expect(requests).toHaveLength(status === 500 ? 3 : 1);
  });

  it('passes network errors on unchanged', async () => {
    const http = createHttpClient({
      baseUrl: BASE,
      retryDelayMs: 1,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(createVpn(http, request)).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('deleteVpn (spec §7, §8)', () => {
  const vpn = makeVpn(1710931200000, 'Deprovisioning');

  it.each([202, 204])('accepts %p, then fetches the VPN', async (status) => {
    const { http, requests } = client((r) =>
      r.method === 'DELETE' ? { status, body: status === 204 ? undefined : {} } : ok(vpn),
    );
    await expect(deleteVpn(http, vpn.vpnId)).resolves.toMatchObject({ vpn });
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['DELETE', `/v1/vpns/${vpn.vpnId}`],
      ['GET', `/v1/vpns/${vpn.vpnId}`],
    ]);
  });

  it.each([
    [200, {}, 'Error during deletion of vpn: 1710931200000@eu-west-3: {}'],
    [
      404,
      { message: 'Vpn not found' },
      'Error during deletion of vpn: 1710931200000@eu-west-3: {"message":"Vpn not found"}',
    ],
    [502, 'Bad Gateway', 'Error during deletion of vpn: 1710931200000@eu-west-3: Bad Gateway'],
  ])('fails on status %p with the spec message', async (status, body, message) => {
    const { http, requests } = client(() => ({ status, body }));
    const error = await requestVpnDeletion(http, vpn.vpnId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VpnDeletionError);
    expect((error as Error).message).toBe(message);
    expect(requests.every((r) => r.method === 'DELETE')).toBe(true);
  });
});

describe('config, QR config and balance (spec §7)', () => {
  const id = '1710931200000@eu-west-3';
  const conf =
    '[Interface]\nPrivateKey = yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=\nAddress = 10.0.0.2/32\n# é\n';
  const base64 = Buffer.from(conf).toString('base64');

  it('decodes the base64 config and names the file', async () => {
    const { http, requests } = client(() => ({ status: 200, body: { config: base64 } }));
    await expect(getConfig(http, id)).resolves.toEqual({
      text: conf,
      base64,
      fileName: '2403201040euw3.conf',
    });
    expect(requests[0].path).toBe(`/v1/vpns/${id}/config`);
  });

  it('accepts a bare base64 string and rejects a missing payload', async () => {
    const bare = client(() => ({ status: 200, body: base64 }));
    expect((await getConfig(bare.http, id)).text).toBe(conf);
    const empty = client(() => ({ status: 200, body: {} }));
    await expect(getConfig(empty.http, id)).rejects.toThrow('Missing config in the answer');
  });

  it('returns the QR code PNG as base64 and a data URL', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64');
    const { http, requests } = client(() => ({ status: 200, body: { qrconfig: png } }));
    await expect(getQrConfig(http, id)).resolves.toEqual({
      base64: png,
      dataUrl: `data:image/png;base64,${png}`,
    });
    expect(requests[0].path).toBe(`/v1/vpns/${id}/qrconfig`);
    const empty = client(() => ({ status: 200, body: { config: png } }));
    await expect(getQrConfig(empty.http, id)).rejects.toThrow('Missing qrconfig in the answer');
  });

  it('reads the balance', async () => {
    const { http, requests } = client(() => ({ status: 200, body: { balance: -0.25 } }));
    await expect(getBalance(http)).resolves.toEqual({ balance: -0.25 });
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/peanuts',
      authorization: 'id.token',
    });
  });
});

describe('the VPN calls over real HTTP (loopback)', () => {
  let server: Server;
  let origin: string;
  const urls: string[] = [];
  const vpn = makeVpn(1710931200000, 'Running', 'ap-northeast-1');

  beforeAll(async () => {
    server = createServer((req, res) => {
      urls.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/v1/vpns?')) {
        res.end(JSON.stringify({ vpns: [vpn], totalVpns: 1, totalPages: 1 }));
      } else if (req.method === 'DELETE') {
        res.writeHead(204).end();
      } else {
        res.end(JSON.stringify({ vpn, metrics: { duration: 1, bytes: null, peanuts: 0 } }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('lists, gets and deletes', async () => {
    const http = createHttpClient({ baseUrl: origin });
    const list = await listVpns(http, { pageSize: 4 });
    expect(list.items).toEqual([{ vpn, metrics: { duration: 1, bytes: NaN, peanuts: 0 } }]);
    await deleteVpn(http, vpn.vpnId);
    expect(urls).toEqual([
      'GET /v1/vpns?pageSize=4',
      `GET /v1/vpns/${vpn.vpnId}`,
      `DELETE /v1/vpns/${vpn.vpnId}`,
      `GET /v1/vpns/${vpn.vpnId}`,
    ]);
  });
});

describe('waitForState (spec §4)', () => {
  /** A poll returning `states` in order (the last one repeats), recording the clock's times. */
  function scripted(clock: { now(): number }, states: VpnState[]) {
    const times: number[] = [];
    const poll = async () => {
      times.push(clock.now());
      return makeVpn(1, states[Math.min(times.length - 1, states.length - 1)]);
    };
    return { poll, times };
  }

  it('polls at once, then every 10 s, until the target state', async () => {
    const clock = fakeClock();
    const { poll, times } = scripted(clock, ['Creating', 'Created', 'Provisioning', 'Running']);
    const vpn = await waitForState(poll, 'Running', { clock });
    expect(vpn.state).toBe('Running');
    expect(times).toEqual([0, 10000, 20000, 30000]);
    expect(clock.sleeps).toEqual([10000, 10000, 10000]);
  });

  it("times out with 'Timeout 300 expires!' after 300 s (31 polls, the last at 300 s)", async () => {
    const clock = fakeClock(1_000_000);
    const { poll, times } = scripted(clock, ['Provisioning']);
    const error = await waitForState(poll, 'Running', { clock }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as Error).message).toBe('Timeout 300 expires!');
    expect(times).toHaveLength(31);
    expect(times[30] - times[0]).toBe(300_000);
    expect(times.every((t, i) => i === 0 || t - times[i - 1] === 10_000)).toBe(true);
  });

  it('takes a custom interval and time-out, the message naming the seconds', async () => {
    const clock = fakeClock();
    const { poll, times } = scripted(clock, ['Creating']);
    await expect(
      waitForState(poll, 'Running', { clock, intervalMs: 10_000, timeoutMs: 25_000 }),
    ).rejects.toThrow(/^Timeout 25 expires!$/);
    expect(times).toEqual([0, 10000, 20000, 25000]);
  });

  it.each<[string, VpnState, VpnState[], VpnState, number]>([
    ['Failed', 'Running', ['Creating', 'Failed', 'Running'], 'Failed', 2],
    ['target Created', 'Created', ['Creating', 'Running'], 'Creating', 1],
    ['Paused below Running', 'Provisioning', ['Creating', 'Paused', 'Provisioning'], 'Paused', 2],
    ['rank above', 'Running', ['Provisioning', 'Deprovisioning', 'Running'], 'Deprovisioning', 2],
    ['rank above (Deleted)', 'Running', ['Provisioning', 'Deleted'], 'Deleted', 2],
    ['reached', 'Running', ['Provisioning', 'Running', 'Deleted'], 'Running', 2],
  ])('ends early (%s) when waiting for %s', async (_rule, target, states, end, polls) => {
    const clock = fakeClock();
    const { poll, times } = scripted(clock, states);
    const vpn = await waitForState(poll, target, { clock });
    expect(vpn.state).toBe(end);
    expect(times).toHaveLength(polls);
  });

  it('keeps polling a Paused VPN while waiting for Running', async () => {
    const clock = fakeClock();
    const { poll, times } = scripted(clock, ['Paused', 'Paused', 'Paused', 'Running']);
    await expect(waitForState(poll, 'Running', { clock })).resolves.toMatchObject({
      state: 'Running',
    });
    expect(times).toHaveLength(4);
  });

  it('reads the state of a state, a Vpn, or a VPN with metrics', async () => {
    const vpn = makeVpn(1, 'Paused');
    expect(stateOf('Running')).toBe('Running');
    expect(stateOf(vpn)).toBe('Paused');
    expect(stateOf({ vpn })).toBe('Paused');
    await expect(waitForState(async () => 'Deleted' as const, 'Running')).resolves.toBe('Deleted');
  });

  it('stops when aborted: before starting, after a poll, and during a real sleep', async () => {
    const clock = fakeClock();
    const before = new AbortController();
    before.abort(new Error('gone'));
    const first = scripted(clock, ['Creating']);
    await expect(
      waitForState(first.poll, 'Running', { clock, signal: before.signal }),
    ).rejects.toThrow('gone');
    expect(first.times).toHaveLength(0);

    const during = new AbortController();
    let polls = 0;
    const poll = async () => {
      if (++polls === 3) during.abort(new Error('cancelled'));
      return 'Provisioning' as const;
    };
    await expect(waitForState(poll, 'Running', { clock, signal: during.signal })).rejects.toThrow(
      'cancelled',
    );
    expect(polls).toBe(3);

    const sleeping = new AbortController();
    const started = Date.now();
    setTimeout(() => sleeping.abort(new Error('signed out')), 20);
    await expect(
      waitForState(async () => 'Creating' as const, 'Running', {
        signal: sleeping.signal,
        intervalMs: 60_000,
      }),
    ).rejects.toThrow('signed out');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('passes the signal to the poll and propagates poll errors', async () => {
    const controller = new AbortController();
    const seen: (AbortSignal | undefined)[] = [];
    await expect(
      waitForState(
        async (signal) => {
          seen.push(signal);
          throw new Error('boom');
        },
        'Running',
        { signal: controller.signal, clock: fakeClock() },
      ),
    ).rejects.toThrow('boom');
    expect(seen).toEqual([controller.signal]);
  });

  it('has a real clock', async () => {
    const start = realClock.now();
    await realClock.sleep(5);
    expect(realClock.now() - start).toBeGreaterThanOrEqual(4);
    const controller = new AbortController();
    controller.abort(new Error('no'));
    await expect(realClock.sleep(1000, controller.signal)).rejects.toThrow('no');
  });
});

describe('deleteAndWait (spec §4 "Delete")', () => {
  /**
   * A fake API for one VPN: GET answers the scripted states in order (the last repeats) and
   * DELETE answers `deleteStatus`, switching the script to `afterDelete`.
   */
  function vpnApi(before: VpnState[], afterDelete: VpnState[] = [], deleteStatus = 202) {
    let script = before;
    let index = 0;
    const vpn = makeVpn(1710931200000);
    const api = client((r) => {
      if (r.method === 'DELETE') {
        if (deleteStatus >= 300) return { status: deleteStatus, body: { message: 'no' } };
        script = afterDelete;
        index = 0;
        return { status: deleteStatus };
      }
      const state = script[Math.min(index++, script.length - 1)];
      return ok({ ...vpn, state });
    });
    const calls = () => api.requests.map((r) => r.method);
    return { ...api, vpnId: vpn.vpnId, calls };
  }

  it('does nothing for a Deleted VPN', async () => {
    const api = vpnApi(['Deleted']);
    const result = await deleteAndWait(api.http, api.vpnId, { clock: fakeClock() });
    expect(result.vpn.state).toBe('Deleted');
    expect(api.calls()).toEqual(['GET']);
  });

  it('deletes a Running VPN, reports the returned state, then waits for Deleted', async () => {
    const api = vpnApi(['Running'], ['Deprovisioning', 'Deprovisioning', 'Deleted']);
    const seen: VpnWithMetrics[] = [];
    const clock = fakeClock();
    const result = await deleteAndWait(api.http, api.vpnId, {
      clock,
      onDeleting: (v) => seen.push(v),
    });
    expect(result.vpn.state).toBe('Deleted');
    expect(seen.map((v) => v.vpn.state)).toEqual(['Deprovisioning']);
    // GET, DELETE, GET (the returned state), then polls: Deprovisioning, Deleted.
    expect(api.calls()).toEqual(['GET', 'DELETE', 'GET', 'GET', 'GET']);
    expect(clock.sleeps).toEqual([10000]);
  });

  it('first waits for a provisioning VPN to be Running', async () => {
    const api = vpnApi(
      ['Creating', 'Provisioning', 'Provisioning', 'Running'],
      ['Deprovisioning', 'Deleted'],
    );
    const clock = fakeClock();
    const result = await deleteAndWait(api.http, api.vpnId, { clock });
    expect(result.vpn.state).toBe('Deleted');
    expect(api.calls()).toEqual(['GET', 'GET', 'GET', 'GET', 'DELETE', 'GET', 'GET']);
  });

  it('does not request a deletion for a VPN already Deprovisioning; waits for Deleted', async () => {
    const api = vpnApi(['Deprovisioning', 'Deprovisioning', 'Deleted']);
    const result = await deleteAndWait(api.http, api.vpnId, { clock: fakeClock() });
    expect(result.vpn.state).toBe('Deleted');
    expect(api.calls()).toEqual(['GET', 'GET', 'GET']);
  });

  it('does not request a deletion when the VPN went past Running while waiting', async () => {
    const api = vpnApi(['Provisioning', 'Deprovisioning', 'Deleted']);
    const result = await deleteAndWait(api.http, api.vpnId, { clock: fakeClock() });
    expect(result.vpn.state).toBe('Deleted');
    expect(api.calls()).toEqual(['GET', 'GET', 'GET']);
  });

  it('requests the deletion of a Failed VPN (rank below Running) and stops: Failed ends a wait', async () => {
    const api = vpnApi(['Failed'], ['Failed']);
    const result = await deleteAndWait(api.http, api.vpnId, { clock: fakeClock() });
    expect(result.vpn.state).toBe('Failed');
    expect(api.calls()).toEqual(['GET', 'DELETE', 'GET']);
  });

  it('fails with the deletion error, and with the time-out when Deleted never comes', async () => {
    const refused = vpnApi(['Running'], [], 409);
    await expect(
      deleteAndWait(refused.http, refused.vpnId, { clock: fakeClock() }),
    ).rejects.toThrow('Error during deletion of vpn: 1710931200000@eu-west-3: {"message":"no"}');

    const stuck = vpnApi(['Running'], ['Deprovisioning']);
    await expect(
      deleteAndWait(stuck.http, stuck.vpnId, { clock: fakeClock(), timeoutMs: 60_000 }),
    ).rejects.toThrow('Timeout 60 expires!');
  });

  it('stops when aborted', async () => {
    const api = vpnApi(['Provisioning']);
    const controller = new AbortController();
    const clock = fakeClock();
    const sleep = clock.sleep;
    clock.sleep = async (ms, signal) => {
      if (clock.sleeps.length === 2) controller.abort(new Error('signed out'));
      return sleep(ms, signal);
    };
    await expect(
      deleteAndWait(api.http, api.vpnId, { clock, signal: controller.signal }),
    ).rejects.toThrow('signed out');
    expect(api.calls()).not.toContain('DELETE');
  });
});
