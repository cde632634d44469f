/**
 * VPN hosts over NATS: a host that never comes back has its VPNs terminated after
 * HOST_LOST_S, charged only what it reported; a host that starts again is asked for its live set
 * and removes the servers the service no longer has.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { App } from '../../../src/server/app';
import { ledgerEntries, vpns } from '../../../src/server/db/schema';
import { HOST_LOST_REASON } from '../../../src/server/hosts/hostMonitor';
import { makeTempDir, openTestDatabase, removeDir, type TestDatabase } from '../../support/helpers';
import {
  natsSkipReason,
  startHost,
  startNats,
  waitFor,
  type TestHost,
  type TestNats,
} from '../../support/hostsHelpers';
import {
  buildVpnApp,
  createBody,
  createVpn,
  getVpn,
  signUpUser,
  waitForVpnState,
  type TestUser,
} from '../../support/vpnHelpers';

const skip = natsSkipReason();
const OSAKA = 'ap-northeast-3';
const HOST = 'osaka-1';

jest.setTimeout(240_000);

(skip ? describe.skip : describe)('a lost VPN host', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let app: App;
  let host: TestHost | undefined;
  let dataDir: string;
  let user: TestUser;

  const start = () =>
    startHost({
      natsUrl: nats.hostUrl(HOST),
      hostId: HOST,
      regions: [OSAKA],
      dataDir,
      endpointHost: '127.0.0.4',
    });
  const stateFile = () => path.join(dataDir, 'host-state.json');
  const vpnIdsOnHost = () =>
    Object.keys((JSON.parse(fs.readFileSync(stateFile(), 'utf8')) as { vpns: object }).vpns);

  beforeAll(async () => {
    nats = await startNats([HOST]);
    database = await openTestDatabase('pglite');
    dataDir = makeTempDir('host-osaka');
    host = await start();
    app = await buildVpnApp(database, {
      NATS_URL: nats.serviceUrl,
      HOST_GRACE_S: '1',
      HOST_LOST_S: '4',
      METER_INTERVAL_S: '0.3',
    });
    user = await signUpUser(app, 'hosts-lost');
  });

  afterAll(async () => {
    await app?.close();
    await host?.kill('SIGKILL');
    await database?.cleanup();
    await nats?.stop();
    if (dataDir) removeDir(dataDir);
  });

  test('its VPN is Paused, then terminated and charged only what was reported; a restart removes what the service no longer has', async () => {
    let vpnId = '';
    // The host may still be unknown to the service for a moment after it starts.
    await waitFor(async () => {
      try {
        vpnId = await createVpn(app, user, createBody(OSAKA));
        return true;
      } catch {
        return false;
      }
    }, 'a VPN created in Osaka');
    await waitForVpnState(app, user, vpnId, 'Running', 60_000);
    await waitFor(
      async () => ((await getVpn(app, user, vpnId)).metrics?.bytes ?? 0) > 0,
      'usage metered',
    );

    await host!.kill('SIGKILL');
    host = undefined;
    await waitForVpnState(app, user, vpnId, 'Deleted', 90_000);
    const [row] = await database.handle.db.select().from(vpns).where(eq(vpns.vpnId, vpnId));
    expect(row.reason).toBe(HOST_LOST_REASON);
    expect(row.serverPrivateKey).toBeNull();
    expect(row.presharedKey).toBeNull();
    // Paused first (the end is the pause), terminated later.
    expect(row.endedAt!.getTime()).toBeLessThan(row.updatedAt.getTime());
    // Charged for what was reported, and settled into the ledger once, when it was paused (the
    // settlement period is an hour; a Paused VPN holds nothing unsettled).
    const entries = await database.handle.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userSub, user.sub));
    const usage = entries.filter((entry) => entry.key.startsWith(`usage:${vpnId}:`));
    expect(usage.map((entry) => entry.key)).toEqual([`usage:${vpnId}:0`]);
    expect(row.consumedNano).toBeGreaterThan(0);
    expect(-usage[0].amountNano).toBe(row.consumedNano);
    expect(row.settledNano).toBe(row.consumedNano);

    // While it was away, the host's saved state got a server the service never had.
    const state = JSON.parse(fs.readFileSync(stateFile(), 'utf8')) as {
      vpns: Record<string, { region: string }>;
    };
    const stray = `${Date.now()}@${OSAKA}`;
    state.vpns[stray] = { ...state.vpns[vpnId] };
    fs.writeFileSync(stateFile(), JSON.stringify(state));
    expect(vpnIdsOnHost()).toEqual(expect.arrayContaining([vpnId, stray]));

    host = await start();
    await waitFor(() => vpnIdsOnHost().length === 0, 'the host removed both servers', 60_000);
  });
});
