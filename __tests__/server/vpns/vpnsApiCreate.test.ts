/**
 * The rules of creating a VPN through the API (spec §5, §7): every validation message
 * (400 with the exact text), the balance and peanut limits, the quota, the id token claim, the
 * concurrent-create race (one server and two on one database), and the limits of the mock preset
 * of spec §9; on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL. The endpoints
 * themselves are in vpnsApiEndpoints.test.ts.
 */
import { decodeJwt } from 'jose';
import type { ListVpnsResponse } from '../../../src/core/vpn';
import type { App } from '../../../src/server/app';
import { DATABASE_KINDS, type TestDatabase } from '../../support/helpers';
import {
  api,
  buildVpnApp,
  createBody,
  createVpn,
  creditNano,
  getVpn,
  setUpVpnApi,
  signUpUser,
  waitForVpnState,
  type TestUser,
} from '../../support/vpnHelpers';

describe.each(DATABASE_KINDS)('VPN API on %s', (kind) => {
  const suite = setUpVpnApi(kind);
  const { extraApps } = suite;
  let database: TestDatabase;
  let app: App;
  let alice: TestUser;

  beforeAll(() => {
    ({ database, app, alice } = suite);
  });

  /** Credits (or, negative, takes) peanuts to a user. */
  const credit = (user: TestUser, nano: number, key?: string) =>
    creditNano(app, user.sub, nano, key);

  describe('validation (spec §5), 400 with the exact message', () => {
    const wg = (config: Record<string, unknown>) => ({ type: 'wireguard', ...config });
    it.each<[string, unknown, string]>([
      ['a malformed region', createBody('paris'), "Incorrect region: 'paris'"],
      ['no region', { config: wg({ maxPeanuts: 1 }) }, "Incorrect region: 'undefined'"],
      ['an unknown region', createBody('xx-nowhere-1'), "Incorrect region: 'xx-nowhere-1'"],
      ['no body', undefined, "Incorrect region: 'undefined'"],
      ['no config', { region: 'eu-west-3' }, 'Config maxPeanuts is invalid'],
      [
        'a maxPeanuts that is not a number',
        createBody('eu-west-3', wg({ maxPeanuts: 'abc' })),
        'Config maxPeanuts is invalid',
      ],
      [
        'more peanuts than the balance',
        createBody('eu-west-3', wg({ maxPeanuts: 11 })),
        'Not enough peanuts, you specified: 11 and you have 10.',
      ],
      [
        'fewer peanuts than the minimum',
        createBody('eu-west-3', wg({ maxPeanuts: 0.05 })),
        'Minimum number of peanuts should be 0.1, you specified: 0.05 and you have 10.',
      ],
      ['no type', createBody('eu-west-3', { maxPeanuts: 1 }), 'Config type is null or undefined'],
      [
        'another type',
        createBody('eu-west-3', { type: 'openvpn', maxPeanuts: 1 }),
        'Config type is invalid',
      ],
      [
        'a fractional deleteAfter',
        createBody('eu-west-3', wg({ maxPeanuts: 1, deleteAfter: 1.5 })),
        'Config deleteAfter is invalid',
      ],
      [
        'a deleteAfter below the minimum',
        createBody('eu-west-3', wg({ maxPeanuts: 1, deleteAfter: 299 })),
        'deleteAfter must be greater than 300, you specified: 299.',
      ],
      [
        'a deleteAfter above the maximum',
        createBody('eu-west-3', wg({ maxPeanuts: 1, deleteAfter: 86401 })),
        'deleteAfter must be lesser than 86400, you specified: 86401.',
      ],
    ])('refuses %s', async (_label, body, message) => {
      const answer = await api(app, alice, 'POST', '/v1/vpns/', body);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 400,
        body: { message },
      });
    });

    it('refuses more peanuts than the maximum limit', async () => {
      const rich = await signUpUser(app, 'rich');
      await credit(rich, 100_000_000_000);
      const answer = await api(
        app,
        rich,
        'POST',
        '/v1/vpns/',
        createBody('eu-west-3', wg({ maxPeanuts: 101 })),
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        message: 'Maximum number of peanuts should be 100, you specified: 101 and you have 110.',
      });
    });

    it.each([
      [0, 'Negative peanuts balance: 0.'],
      [-2_500_000_000, 'Negative peanuts balance: -2.5.'],
    ])('refuses a balance of %d nano-peanuts', async (balance, message) => {
      const broke = await signUpUser(app, 'broke');
      await credit(broke, balance - 10_000_000_000);
      const answer = await api(app, broke, 'POST', '/v1/vpns/', createBody());
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message });
    });

    it('refuses a VPN beyond the quota, counting only the VPNs that count toward it', async () => {
      const limited = await buildVpnApp(database, { VPN_QUOTA: '2' });
      extraApps.push(limited);
      const user = await signUpUser(limited, 'quota');
      const first = await createVpn(limited, user, createBody('eu-west-1'));
      await createVpn(limited, user, createBody('eu-west-2'));
      const refused = await api(limited, user, 'POST', '/v1/vpns/', createBody('eu-west-3'));
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: 'User already has 2 active vpns. Quota reached.' });
      // A deleted VPN (Deprovisioning, then Deleted) no longer counts.
      await waitForVpnState(limited, user, first, 'Running');
      expect((await api(limited, user, 'DELETE', `/v1/vpns/${first}`)).status).toBe(202);
      await waitForVpnState(limited, user, first, 'Deleted');
      expect((await api(limited, user, 'POST', '/v1/vpns/', createBody('eu-west-3'))).status).toBe(
        202,
      );
    });

    it('needs the limits of the id token claim (spec §5)', async () => {
      await expect(app.vpns.create({ sub: alice.sub, claims: {} }, createBody())).rejects.toThrow(
        'Missing token claim custom:config',
      );
      await expect(
        app.vpns.create({ sub: alice.sub, claims: { 'custom:config': '{oops' } }, createBody()),
      ).rejects.toThrow('Failed to parse token claim custom:config');
    });

    it('uses 2 x the enabled regions as the default quota', async () => {
      expect(await app.vpns.quota()).toBe(54);
    });
  });

  describe('the concurrent-create race', () => {
    it('lets exactly one of 5 simultaneous creates pass a quota of 1', async () => {
      const single = await buildVpnApp(database, { VPN_QUOTA: '1' });
      extraApps.push(single);
      const user = await signUpUser(single, 'race');
      const answers = await Promise.all(
        ['eu-west-1', 'eu-west-2', 'eu-west-3', 'eu-north-1', 'eu-south-1'].map((region) =>
          api(single, user, 'POST', '/v1/vpns/', createBody(region)),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([202, 400, 400, 400, 400]);
      for (const answer of answers.filter((a) => a.status === 400)) {
        expect(answer.body).toEqual({ message: 'User already has 1 active vpns. Quota reached.' });
      }
      const list = await api<ListVpnsResponse>(single, user, 'GET', '/v1/vpns');
      expect(list.body.totalVpns).toBe(1);
    });

    it('serialises creates across two servers on the same database', async () => {
      const one = await buildVpnApp(database, { VPN_QUOTA: '1' });
      const two = await buildVpnApp(database, { VPN_QUOTA: '1' });
      extraApps.push(one, two);
      const user = await signUpUser(one, 'fleet');
      const answers = await Promise.all(
        [one, two, one, two, one, two].map((server, i) =>
          api(server, user, 'POST', '/v1/vpns/', createBody(i % 2 ? 'us-west-1' : 'us-west-2')),
        ),
      );
      expect(answers.filter((answer) => answer.status === 202)).toHaveLength(1);
    });
  });

  describe('the mock preset (spec §9)', () => {
    it('starts users at 37 peanuts with limits 0.1-2 and 60-300 s and answers in 50-150 ms', async () => {
      const mock = await buildVpnApp(database, { PRESET: 'mock' });
      extraApps.push(mock);
      const user = await signUpUser(mock, 'mock');
      const started = Date.now();
      const balance = await api(mock, user, 'GET', '/v1/peanuts');
      expect(Date.now() - started).toBeGreaterThanOrEqual(50);
      expect(balance.body).toEqual({ balance: 37 });
      expect(JSON.parse(decodeJwt(user.idToken)['custom:config'] as string)).toEqual({
        maxPeanutsFieldMinValue: 0.1,
        maxPeanutsFieldMaxValue: 2,
        deleteAfterFieldMinValue: 60,
        deleteAfterFieldMaxValue: 300,
      });
      const tooMuch = await api(
        mock,
        user,
        'POST',
        '/v1/vpns/',
        createBody('eu-west-3', { type: 'wireguard', maxPeanuts: 3 }),
      );
      expect(tooMuch.body).toEqual({
        message: 'Maximum number of peanuts should be 2, you specified: 3 and you have 37.',
      });
      const tooLong = await api(
        mock,
        user,
        'POST',
        '/v1/vpns/',
        createBody('eu-west-3', { type: 'wireguard', maxPeanuts: 1, deleteAfter: 301 }),
      );
      expect(tooLong.body).toEqual({
        message: 'deleteAfter must be lesser than 300, you specified: 301.',
      });
      const id = await createVpn(
        mock,
        user,
        createBody('eu-west-3', { type: 'wireguard', maxPeanuts: 2, deleteAfter: 60 }),
      );
      expect((await getVpn(mock, user, id)).vpn.config.deleteAfter).toBe(60);
    });
  });
});
