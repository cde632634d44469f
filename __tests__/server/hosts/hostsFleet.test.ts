/**
 * VPN hosts over NATS: two service processes (apps) on one PostgreSQL with one host;
 * every VPN, created through either, is placed and provisioned once (one server on the host, whose
 * public key both processes agree on). Host liveness is in the database: a third process, on a
 * NATS server the host never reaches, knows the host is online (and later, that it is not); when
 * the host dies, each VPN is paused once although every process judges. Needs TEST_DATABASE_URL
 * (CI sets it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { App } from '../../../src/server/app';
import type { RegionDetailed } from '../../../src/core/regions';
import { openDatabase, MEMORY_DATA_DIR, type DatabaseHandle } from '../../../src/server/db';
import { vpns } from '../../../src/server/db/schema';
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
  api,
  buildVpnApp,
  createBody,
  createVpn,
  signUpUser,
  type TestUser,
} from '../../support/vpnHelpers';

const skip = natsSkipReason() ?? (process.env.TEST_DATABASE_URL ? undefined : 'no PostgreSQL');
const REGION = 'eu-central-1';
const HOST = 'frankfurt-1';

jest.setTimeout(240_000);

(skip ? describe.skip : describe)('two service processes and one VPN host', () => {
  let nats: TestNats;
  let database: TestDatabase;
  let second: DatabaseHandle;
  let apps: App[] = [];
  let host: TestHost;
  let dataDir: string;
  /** A NATS server the host is not on (the third process's). */
  let elsewhere: TestNats;
  let third: App | undefined;
  let thirdHandle: DatabaseHandle | undefined;
  const ids: string[] = [];
  const env = { NATS_URL: '', HOST_GRACE_S: '4', HOST_LOST_S: '3600' };

  const rows = () => database.handle.db.select().from(vpns).where(inArray(vpns.vpnId, ids));
  const available = async (app: App) =>
    (
      await api<{ regions: RegionDetailed[] }>(app, undefined, 'GET', '/v1/regionsDetailed/')
    ).body.regions.find((entry) => entry.name === REGION)?.available;

  beforeAll(async () => {
    [nats, elsewhere] = await Promise.all([startNats([HOST]), startNats([])]);
    database = await openTestDatabase('postgres');
    second = await openDatabase({ databaseUrl: database.url, dataDir: MEMORY_DATA_DIR });
    dataDir = makeTempDir('host-frankfurt');
    host = await startHost({
      natsUrl: nats.hostUrl(HOST),
      hostId: HOST,
      regions: [REGION],
      dataDir,
      endpointHost: '127.0.0.5',
    });
    env.NATS_URL = nats.serviceUrl;
    apps = [
      await buildVpnApp(database, env),
      await buildVpnApp({ ...database, handle: second }, env),
    ];
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await third?.close();
    await thirdHandle?.close();
    await elsewhere?.stop();
    await host?.kill('SIGKILL');
    await second?.close();
    await database?.cleanup();
    await nats?.stop();
    if (dataDir) removeDir(dataDir);
  });

  test('each VPN is provisioned once', async () => {
    const users: TestUser[] = await Promise.all(
      apps.map((app, index) => signUpUser(app, `fleet-${index}`)),
    );
    await waitFor(async () => {
      try {
        for (let i = ids.length; i < 6; i++) {
          ids.push(await createVpn(apps[i % 2], users[i % 2], createBody(REGION)));
        }
        return true;
      } catch {
        return false; // the host is not heard by that process yet
      }
    }, 'six VPNs created');
    await waitFor(
      async () => (await rows()).every((row) => row.state === 'Running'),
      'all Running',
      90_000,
    );
    const state = JSON.parse(fs.readFileSync(path.join(dataDir, 'host-state.json'), 'utf8')) as {
      vpns: Record<string, { serverPublicKey: string }>;
    };
    expect(Object.keys(state.vpns).sort()).toEqual([...ids].sort());
    for (const row of await rows()) {
      expect(row.hostId).toBe(HOST);
      expect(row.serverPublicKey).toBe(state.vpns[row.vpnId].serverPublicKey);
    }
  });

  test('a process that never heard the host knows from the database that it is online', async () => {
    thirdHandle = await openDatabase({ databaseUrl: database.url, dataDir: MEMORY_DATA_DIR });
    third = await buildVpnApp(
      { ...database, handle: thirdHandle },
      { ...env, NATS_URL: elsewhere.serviceUrl },
    );
    await waitFor(async () => (await available(third!)) === true, 'the region available', 60_000);
  });

  test('the host dies: every process judges, each VPN is paused once', async () => {
    await waitFor(
      async () => (await rows()).every((row) => row.state === 'Running'),
      'all Running',
      90_000,
    );
    const before = new Map((await rows()).map((row) => [row.vpnId, row.version]));
    await host.kill('SIGKILL');
    await waitFor(
      async () => (await rows()).every((row) => row.state === 'Paused'),
      'all Paused',
      120_000,
    );
    // Every process passes several times more (each once a second): no second change.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const app of [...apps, third!]) {
      await waitFor(async () => (await available(app)) === false, 'unavailable everywhere');
    }
    for (const row of await rows()) {
      expect(row.state).toBe('Paused');
      expect(row.version).toBe(before.get(row.vpnId)! + 1);
    }
  });
});
