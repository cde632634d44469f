/**
 * The caches of the API's hot paths keep their guarantees: a signed-out or deleted
 * user's id token stops working (verified tokens and session checks are remembered only so
 * long), a VPN changed by another server process on the same PostgreSQL database (or by SQL
 * from outside any server) is seen changed, and a caller sees their own change at once. On
 * PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL (the second process needs it).
 */
import { eq } from 'drizzle-orm';
import type { App } from '../../../src/server/app';
import { MEMORY_DATA_DIR, openDatabase, type DatabaseHandle } from '../../../src/server/db';
import { users, vpns } from '../../../src/server/db/schema';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';
import {
  api,
  buildVpnApp,
  createBody,
  createVpn,
  deleteAccount,
  getVpn,
  signUpUser,
  waitForVpnState,
  type TestUser,
} from '../../support/vpnHelpers';

/** Polls `check` every 50 ms until it returns true (throws after `timeoutMs`). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** GlobalSignOut of `user` through the identity endpoint. */
async function signOutEverywhere(app: App, user: TestUser): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/idp/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
    },
    payload: JSON.stringify({ AccessToken: user.accessToken }),
  });
  expect(response.statusCode).toBe(200);
}

describe.each(DATABASE_KINDS)('API caches on %s', (kind) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildVpnApp(database);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('refuses the tokens of a user who signed out everywhere', async () => {
    const user = await signUpUser(app, 'cachesignout');
    // Warm every cache: the token verified, its session checked, the list read.
    for (let i = 0; i < 3; i++) {
      expect((await api(app, user, 'GET', '/v1/vpns?pageSize=4')).status).toBe(200);
    }
    await signOutEverywhere(app, user);
    await eventually(
      async () => (await api(app, user, 'GET', '/v1/vpns?pageSize=4')).status === 401,
    );
    // And it stays refused.
    expect((await api(app, user, 'GET', '/v1/vpns?pageSize=4')).status).toBe(401);
  });

  it('refuses on the very next request a sign-out or a disabling in this process, though the auth hook remembered every answer', async () => {
    // Each request below after the warm-up is answered by the auth hook's fast path (token,
    // session and account answers all remembered): it must not outlive a change made here.
    const warm = async (user: TestUser): Promise<void> => {
      for (let i = 0; i < 3; i++) {
        expect((await api(app, user, 'GET', '/v1/vpns?pageSize=4')).status).toBe(200);
      }
    };
    const signedOut = await signUpUser(app, 'fastsignout');
    await warm(signedOut);
    await signOutEverywhere(app, signedOut);
    expect((await api(app, signedOut, 'GET', '/v1/vpns?pageSize=4')).status).toBe(401);

    const disabled = await signUpUser(app, 'fastdisabled');
    await warm(disabled);
    // As an operator's disabling does (admin/accountActions.ts): the flag, then the hook told.
    await app.db.update(users).set({ disabled: true }).where(eq(users.sub, disabled.sub));
    app.accountAccessChanged();
    expect((await api(app, disabled, 'GET', '/v1/vpns?pageSize=4')).status).toBe(401);
    expect((await api(app, disabled, 'GET', '/v1/vpns/1%40eu-west-3')).status).toBe(401);
  });

  it('refuses the tokens of a deleted account and forgets its VPNs', async () => {
    const user = await signUpUser(app, 'cachedelete');
    const vpnId = await createVpn(app, user);
    await waitForVpnState(app, user, vpnId, 'Running');
    expect((await api(app, user, 'GET', `/v1/vpns/${vpnId}`)).status).toBe(200);
    await deleteAccount(app, user);
    await eventually(async () => (await api(app, user, 'GET', `/v1/vpns/${vpnId}`)).status === 401);
    expect((await api(app, user, 'GET', '/v1/vpns?pageSize=4')).status).toBe(401);
  });

  it("shows the caller's own deletion at once", async () => {
    const user = await signUpUser(app, 'cacheown');
    const vpnId = await createVpn(app, user);
    await waitForVpnState(app, user, vpnId, 'Running');
    const listed = await api<{ vpns: { state: string }[] }>(
      app,
      user,
      'GET',
      '/v1/vpns?pageSize=4',
    );
    expect(listed.body.vpns.map((vpn) => vpn.state)).toEqual(['Running']);
    expect((await api(app, user, 'DELETE', `/v1/vpns/${vpnId}`)).status).toBe(202);
    expect((await getVpn(app, user, vpnId)).vpn.state).not.toBe('Running');
    const after = await api<{ vpns: { state: string }[] }>(app, user, 'GET', '/v1/vpns?pageSize=4');
    expect(after.body.vpns[0].state).not.toBe('Running');
  });

  it('answers a cached VPN with its metrics of the moment, the list unchanged', async () => {
    const user = await signUpUser(app, 'cacheclock');
    const vpnId = await createVpn(app, user);
    await waitForVpnState(app, user, vpnId, 'Running');
    const first = await getVpn(app, user, vpnId);
    const list = await api(app, user, 'GET', '/v1/vpns?pageSize=4');
    await eventually(
      async () =>
        ((await getVpn(app, user, vpnId)).metrics?.duration ?? 0) > (first.metrics?.duration ?? 0),
    );
    const again = await api(app, user, 'GET', '/v1/vpns?pageSize=4');
    expect(again.status).toBe(200);
    expect(again.response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.response.body).toBe(list.response.body);
  });

  if (kind === 'postgres') {
    describe('a second server process on the same database', () => {
      let secondHandle: DatabaseHandle;
      let second: App;

      beforeAll(async () => {
        secondHandle = await openDatabase({ databaseUrl: database.url, dataDir: MEMORY_DATA_DIR });
        second = await buildVpnApp({ ...database, handle: secondHandle });
      }, 120_000);

      afterAll(async () => {
        await second?.close();
        await secondHandle?.close();
      });

      it('sees a VPN deleted through the first, and a change made by SQL', async () => {
        const user = await signUpUser(app, 'cachefleet');
        const vpnId = await createVpn(app, user, createBody('us-east-1'));
        await waitForVpnState(second, user, vpnId, 'Running');
        // The second server has the Running VPN cached now.
        expect((await getVpn(second, user, vpnId)).vpn.state).toBe('Running');
        expect((await api(app, user, 'DELETE', `/v1/vpns/${vpnId}`)).status).toBe(202);
        await eventually(async () => (await getVpn(second, user, vpnId)).vpn.state !== 'Running');
        await waitForVpnState(second, user, vpnId, 'Deleted', 30_000);

        // A change from outside any server (an operator's SQL) reaches both caches too.
        const other = await createVpn(second, user, createBody('eu-west-3'));
        await waitForVpnState(app, user, other, 'Running');
        await waitForVpnState(second, user, other, 'Running');
        await secondHandle.db.update(vpns).set({ bytes: 123_456 }).where(eq(vpns.vpnId, other));
        for (const server of [app, second]) {
          // Well under the 30 s life of a cached answer: only the notification can do it.
          await eventually(
            async () => (await getVpn(server, user, other)).metrics?.bytes === 123_456,
            20_000,
          );
        }
      });

      it('sees a user signed out through the other server', async () => {
        const user = await signUpUser(app, 'cachefleetout');
        expect((await api(second, user, 'GET', '/v1/vpns?pageSize=4')).status).toBe(200);
        await signOutEverywhere(app, user);
        await eventually(
          async () => (await api(second, user, 'GET', '/v1/vpns?pageSize=4')).status === 401,
        );
      });
    });
  }
});
