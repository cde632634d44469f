/**
 * The server speaks the SDK's wire shapes (src/sdk/vpns.ts, spec §7): the SDK's own calls run the
 * whole journey against a real server on a random port, as the SPA and the CLI do.
 */
import { confFileName } from '../../../src/core/vpnConfFile';
import { createHttpClient, type HttpClient } from '../../../src/sdk/http';
import {
  createVpn as sdkCreateVpn,
  getBalance,
  getConfig,
  getQrConfig,
  getVpn as sdkGetVpn,
  listVpns,
} from '../../../src/sdk/vpns';
import { deleteAndWait, waitForState } from '../../../src/sdk/waitForState';
import { startLiveServer, type LiveServer } from '../../support/liveServer';
import { signUpUser, VPN_TEST_ENV } from '../../support/vpnHelpers';

describe('the SDK against the server', () => {
  let server: LiveServer;
  let http: HttpClient;

  beforeAll(async () => {
    server = await startLiveServer({ ...VPN_TEST_ENV });
    const user = await signUpUser(server.app, 'sdk');
    http = createHttpClient({ baseUrl: server.origin, getIdToken: async () => user.idToken });
  });
  afterAll(() => server?.close());

  it('creates, waits for Running, lists, downloads the config and QR code, and deletes', async () => {
    const created = await sdkCreateVpn(http, {
      region: 'eu-west-3',
      config: { type: 'wireguard', maxPeanuts: 1, deleteAfter: 600 },
    });
    const vpnId = created.vpn.vpnId;
    expect(created.vpn.state).toMatch(/^(Creating|Created|Provisioning|Running)$/);

    const running = await waitForState((signal) => sdkGetVpn(http, vpnId, { signal }), 'Running', {
      intervalMs: 20,
      timeoutMs: 10_000,
    });
    expect(running.metrics).toEqual({ duration: expect.any(Number), bytes: 0, peanuts: 0 });

    const page = await listVpns(http, { pageSize: 4 });
    expect(page.error).toBeUndefined();
    expect(page.totalVpns).toBe(1);
    expect(page.totalPages).toBe(1);
    expect(page.nextPageToken).toBeUndefined();
    expect(page.items).toEqual([running]);

    const config = await getConfig(http, vpnId);
    expect(config.fileName).toBe(confFileName(vpnId));
    expect(config.text).toContain('Endpoint = eu-west-3.vpn.peanut.local:51820\n');
    const qr = await getQrConfig(http, vpnId);
    expect(qr.dataUrl).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);

    const deleted = await deleteAndWait(http, vpnId, { intervalMs: 20, timeoutMs: 10_000 });
    expect(deleted.vpn.state).toBe('Deleted');
    expect((await getBalance(http)).balance).toBeLessThanOrEqual(10);
  });

  it('raises the spec message of a refused creation', async () => {
    await expect(
      sdkCreateVpn(http, { region: 'eu-west-3', config: { type: 'wireguard', maxPeanuts: 50 } }),
    ).rejects.toThrow(
      /^Error during creation of vpn in: eu-west-3: \{"message":"Not enough peanuts, you specified: 50 and you have \d+(\.\d+)?\."\}$/,
    );
  });
});
