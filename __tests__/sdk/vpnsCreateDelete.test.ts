/**
 * The SDK's VPN creation and deletion against a fake API: createVpn posts and expects 202,
 * deleteVpn expects 202 or 204, each then fetches the VPN; other statuses fail with the spec
 * messages, network errors pass unchanged.
 */
import { createHttpClient, NetworkError } from '../../src/sdk/http';
import { createVpn, deleteVpn, requestVpnCreation, requestVpnDeletion } from '../../src/sdk/vpns';
import { VpnCreationError, VpnDeletionError } from '../../src/core/errors';
import { BASE, client, makeVpn, ok } from './vpnsHelpers';

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
