/**
 * The SDK's extendVpn and getVpnUsage against a fake API: `PATCH /v1/vpns/{vpnId}` with `{config}` and the id
 * token, the VPN with its metrics back, the id checked before any request, and the server's
 * refusal passed on with its message.
 */
import { InvalidVpnIdError } from '../../src/core/errors';
import { extendVpn, getVpnUsage } from '../../src/sdk/vpns';
import { client, makeVpn, metrics, ok } from './vpnsHelpers';

describe('extendVpn (docs/api.md "Extending a VPN")', () => {
  it('sends the new values and returns the VPN as it then is', async () => {
    const vpn = {
      ...makeVpn(1710931200000),
      config: { type: 'wireguard' as const, maxPeanuts: 5, deleteAfter: 7200 },
    };
    const { http, requests } = client(() => ok(vpn));
    await expect(extendVpn(http, vpn.vpnId, { maxPeanuts: 5, deleteAfter: 7200 })).resolves.toEqual(
      {
        vpn,
        metrics: { duration: metrics.duration, bytes: metrics.bytes, peanuts: metrics.peanuts },
      },
    );
    expect(requests).toEqual([
      {
        method: 'PATCH',
        path: '/v1/vpns/1710931200000@eu-west-3',
        query: {},
        body: { config: { maxPeanuts: 5, deleteAfter: 7200 } },
        authorization: 'id.token',
      },
    ]);
  });

  it('checks the id first and passes on a refusal with its message', async () => {
    const { http, requests } = client(() => ({
      status: 400,
      body: {
        message:
          'maxPeanuts must be at least the 3 peanuts the vpn has consumed, you specified: 2.',
      },
    }));
    await expect(extendVpn(http, 'nonsense', { maxPeanuts: 2 })).rejects.toThrow(
      new InvalidVpnIdError('nonsense'),
    );
    expect(requests).toHaveLength(0);
    await expect(extendVpn(http, '1@eu-west-3', { maxPeanuts: 2 })).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      data: { message: expect.stringContaining('the 3 peanuts the vpn has consumed') },
    });
  });
});

describe('getVpnUsage (docs/api.md "Usage over time")', () => {
  it('reads the points of the VPN', async () => {
    const points = [
      { at: '2024-03-20T10:40:00.000Z', bytes: 0, peanuts: 0 },
      { at: '2024-03-20T10:41:00.000Z', bytes: 2000, peanuts: 0.091 },
    ];
    const { http, requests } = client(() => ({ status: 200, body: { points } }));
    await expect(getVpnUsage(http, '1710931200000@eu-west-3')).resolves.toEqual({ points });
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/vpns/1710931200000@eu-west-3/usage',
    });
  });
});
