/**
 * The VPN endpoints of spec §7, as a user calls them: authentication (401), a whole
 * VPN created, listed, configured and deleted, ownership (404 'Vpn not found') and malformed ids,
 * pagination, and the error mapping of spec §9; on PGlite and, when TEST_DATABASE_URL is set, on
 * PostgreSQL. The rules of creating a VPN are in vpnsApiCreate.test.ts.
 */
import type { ListVpnsResponse, Vpn, VpnWithMetricsJson } from '../../../src/core/vpn';
import type { App } from '../../../src/server/app';
import { configUnavailableMessage } from '../../../src/server/vpns/service';
import { DATABASE_KINDS } from '../../support/helpers';
import {
  api,
  createBody,
  createVpn,
  getVpn,
  setUpVpnApi,
  signUpUser,
  waitForVpnState,
  type TestUser,
} from '../../support/vpnHelpers';

/** The 8-byte PNG signature. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(DATABASE_KINDS)('VPN API on %s', (kind) => {
  const suite = setUpVpnApi(kind);
  let app: App;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(() => {
    ({ app, alice, bob } = suite);
  });

  describe('authentication', () => {
    it.each([
      ['GET', '/v1/vpns'],
      ['POST', '/v1/vpns/'],
      ['GET', '/v1/vpns/1700000000000@eu-west-3'],
      ['DELETE', '/v1/vpns/1700000000000@eu-west-3'],
      ['GET', '/v1/vpns/1700000000000@eu-west-3/config'],
      ['GET', '/v1/vpns/1700000000000@eu-west-3/qrconfig'],
    ] as const)('%s %s answers 401 without a session', async (method, url) => {
      const answer = await api(app, undefined, method, url, method === 'POST' ? {} : undefined);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: 'User needs to be authenticated to call this API.' });
    });
  });

  describe('a whole VPN', () => {
    it('is created (202), provisioned, listed, configured, deleted (202) and Deleted (204)', async () => {
      const user = await signUpUser(app, 'whole');
      const created = await api<{ vpn: { id: string } }>(app, user, 'POST', '/v1/vpns/', {
        region: 'eu-west-3',
        config: { type: 'wireguard', maxPeanuts: 2, deleteAfter: 3600 },
      });
      expect(created.status).toBe(202);
      expect(Object.keys(created.body)).toEqual(['vpn']);
      expect(Object.keys(created.body.vpn)).toEqual(['id']);
      const id = created.body.vpn.id;
      expect(id).toMatch(/^\d{13}@eu-west-3$/);

      const first = await getVpn(app, user, id);
      expect(first.vpn).toEqual({
        vpnId: id,
        createdAt: new Date(Number(id.split('@')[0])).toISOString(),
        region: 'eu-west-3',
        state: expect.stringMatching(/^(Creating|Created|Provisioning|Running)$/),
        config: { type: 'wireguard', deleteAfter: 3600, maxPeanuts: 2 },
      });

      const running = await waitForVpnState(app, user, id, 'Running');
      expect(running.metrics).toEqual({ duration: expect.any(Number), bytes: 0, peanuts: 0 });

      const list = await api<ListVpnsResponse>(app, user, 'GET', '/v1/vpns');
      expect(list.status).toBe(200);
      expect(list.body).toEqual({ vpns: [running.vpn], totalVpns: 1, totalPages: 1 });

      const config = await api<{ config: string }>(app, user, 'GET', `/v1/vpns/${id}/config`);
      expect(config.status).toBe(200);
      expect(config.response.headers['cache-control']).toBe('no-store');
      const text = Buffer.from(config.body.config, 'base64').toString('utf8');
      expect(text).toMatch(
        /^\[Interface\]\nPrivateKey = [A-Za-z0-9+/]{43}=\nAddress = 10\.64\.0\.2\/32, fd64::2\/128\nDNS = 1\.1\.1\.1, 2606:4700:4700::1111\n\n\[Peer\]\nPublicKey = [A-Za-z0-9+/]{43}=\nPresharedKey = [A-Za-z0-9+/]{43}=\nEndpoint = eu-west-3\.vpn\.peanut\.local:51820\nAllowedIPs = 0\.0\.0\.0\/0, ::\/0\nPersistentKeepalive = 25\n$/,
      );

      const qr = await api<{ qrconfig: string }>(app, user, 'GET', `/v1/vpns/${id}/qrconfig`);
      expect(qr.status).toBe(200);
      expect(Buffer.from(qr.body.qrconfig, 'base64').subarray(0, 8)).toEqual(PNG_SIGNATURE);

      const deleted = await api<{ vpn: Vpn }>(app, user, 'DELETE', `/v1/vpns/${id}`);
      expect(deleted.status).toBe(202);
      // A Running VPN has a forecast (docs/api.md "Forecast"); one that ends has none.
      const { forecast, ...ended } = running.vpn;
      expect(forecast).toEqual({ endsAt: expect.any(String), reason: 'max-peanuts' });
      expect(deleted.body.vpn).toEqual({ ...ended, state: 'Deprovisioning' });
      await waitForVpnState(app, user, id, 'Deleted');

      const again = await api(app, user, 'DELETE', `/v1/vpns/${id}`);
      expect(again.status).toBe(204);
      expect(again.response.body).toBe('');

      const gone = await api(app, user, 'GET', `/v1/vpns/${id}/config`);
      expect(gone.status).toBe(400);
      expect(gone.body).toEqual({ message: configUnavailableMessage(id, 'Deleted') });
      const goneQr = await api(app, user, 'GET', `/v1/vpns/${id}/qrconfig`);
      expect(goneQr.body).toEqual({ message: configUnavailableMessage(id, 'Deleted') });
    });

    it('accepts /v1/vpns without the trailing slash, an encoded @ and a twice-encoded @', async () => {
      const user = await signUpUser(app, 'slash');
      const created = await api<{ vpn: { id: string } }>(
        app,
        user,
        'POST',
        '/v1/vpns',
        createBody('ca-central-1'),
      );
      expect(created.status).toBe(202);
      const id = created.body.vpn.id;
      for (const path of [encodeURIComponent(id), id.replace('@', '%2540')]) {
        const answer = await api<VpnWithMetricsJson>(app, user, 'GET', `/v1/vpns/${path}`);
        expect(answer.status).toBe(200);
        expect(answer.body.vpn.vpnId).toBe(id);
      }
      expect((await api(app, user, 'DELETE', `/v1/vpns/${encodeURIComponent(id)}/`)).status).toBe(
        202,
      );
    });

    it('defaults deleteAfter to the maximum and treats maxPeanuts 0 or less as unlimited (-1)', async () => {
      const user = await signUpUser(app, 'defaults');
      const id = await createVpn(
        app,
        user,
        createBody('us-east-1', { type: 'wireguard', maxPeanuts: 0 }),
      );
      expect((await getVpn(app, user, id)).vpn.config).toEqual({
        type: 'wireguard',
        deleteAfter: 86400,
        maxPeanuts: -1,
      });
      const other = await createVpn(
        app,
        user,
        createBody('us-east-2', { type: 'wireguard', maxPeanuts: '-3', deleteAfter: '600' }),
      );
      expect((await getVpn(app, user, other)).vpn.config).toEqual({
        type: 'wireguard',
        deleteAfter: 600,
        maxPeanuts: -1,
      });
    });
  });

  describe('ownership', () => {
    let vpnId: string;
    beforeAll(async () => {
      vpnId = await createVpn(app, alice, createBody('ap-south-1'));
      await waitForVpnState(app, alice, vpnId, 'Running');
    });

    it.each([
      ['GET', ''],
      ['DELETE', ''],
      ['GET', '/config'],
      ['GET', '/qrconfig'],
    ] as const)("answers another user's %s %s with 404 'Vpn not found'", async (method, suffix) => {
      const answer = await api(app, bob, method, `/v1/vpns/${vpnId}${suffix}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Vpn not found' });
    });

    it("leaves the VPN untouched and out of the other user's list", async () => {
      expect((await getVpn(app, alice, vpnId)).vpn.state).toBe('Running');
      const list = await api<ListVpnsResponse>(app, bob, 'GET', '/v1/vpns');
      expect(list.body.vpns.map((vpn) => vpn.vpnId)).not.toContain(vpnId);
    });

    it("answers a missing VPN like another user's", async () => {
      const answer = await api(app, alice, 'GET', '/v1/vpns/1600000000000@eu-west-3');
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Vpn not found' });
    });

    it.each([
      ['abc', "Incorrect vpnId: 'abc'"],
      ['1700000000000@paris', "Incorrect vpnId: '1700000000000@paris'"],
    ])('answers a malformed id %s with 400 %s', async (id, message) => {
      const answer = await api(app, alice, 'GET', `/v1/vpns/${id}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message });
    });
  });

  describe('pagination', () => {
    it('pages newest first with an opaque token and totals', async () => {
      const user = await signUpUser(app, 'pages');
      const ids: string[] = [];
      for (const region of ['eu-west-1', 'eu-west-2', 'eu-west-3', 'eu-north-1', 'eu-south-1']) {
        ids.push(await createVpn(app, user, createBody(region)));
      }
      const newestFirst = [...ids].reverse();
      const seen: string[] = [];
      let token: string | undefined;
      const pages: ListVpnsResponse[] = [];
      do {
        const query = `pageSize=2${token ? `&nextPageToken=${encodeURIComponent(token)}` : ''}`;
        const answer = await api<ListVpnsResponse>(app, user, 'GET', `/v1/vpns?${query}`);
        expect(answer.status).toBe(200);
        pages.push(answer.body);
        seen.push(...answer.body.vpns.map((vpn) => vpn.vpnId));
        token = answer.body.nextPageToken ?? undefined;
      } while (token);
      expect(seen).toEqual(newestFirst);
      expect(pages.map((page) => page.vpns.length)).toEqual([2, 2, 1]);
      expect(pages.every((page) => page.totalVpns === 5 && page.totalPages === 3)).toBe(true);
      expect(pages[2]).not.toHaveProperty('nextPageToken');

      const all = await api<ListVpnsResponse>(app, user, 'GET', '/v1/vpns?pageSize=4');
      expect(all.body.totalPages).toBe(2);
      const whole = await api<ListVpnsResponse>(app, user, 'GET', '/v1/vpns');
      expect(whole.body.vpns.map((vpn) => vpn.vpnId)).toEqual(newestFirst);
    });

    it('lists nothing for a user without VPNs', async () => {
      const user = await signUpUser(app, 'empty');
      const answer = await api<ListVpnsResponse>(app, user, 'GET', '/v1/vpns?pageSize=4');
      expect(answer.body).toEqual({ vpns: [], totalVpns: 0, totalPages: 0 });
    });

    it.each(['pageSize=0', 'pageSize=1001', 'pageSize=two', 'nextPageToken=garbage'])(
      'answers 400 to %s',
      async (query) => {
        const answer = await api<{ message: string }>(app, alice, 'GET', `/v1/vpns?${query}`);
        expect(answer.status).toBe(400);
        expect(answer.body.message).toEqual(expect.any(String));
      },
    );
  });

  describe('errors (spec §9)', () => {
    it("answers an internal error with 500 'An error happened in the backend', never its text", async () => {
      const spy = jest.spyOn(app.vpns, 'get').mockRejectedValueOnce(new Error('db password=42'));
      try {
        const answer = await api(app, alice, 'GET', '/v1/vpns/1700000000000@eu-west-3');
        expect(answer.status).toBe(500);
        expect(answer.body).toEqual({ message: 'An error happened in the backend' });
      } finally {
        spy.mockRestore();
      }
    });
  });
});
