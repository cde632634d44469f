/**
 * The SDK's VPN reads against a fake API: getVpn (id token, ids checked before any request,
 * null metrics, the server's 404) and listVpns (page size and token, a metric fetch per VPN with
 * retries and bounded concurrency, failed fetches kept and reported once, abort).
 */
import { createHttpClient } from '../../src/sdk/http';
import { deleteVpn, getConfig, getVpn, listVpns } from '../../src/sdk/vpns';
import { InvalidVpnIdError, VpnListingError } from '../../src/core/errors';
import { BASE, client, makeVpn, metrics, ok } from './vpnsHelpers';

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
