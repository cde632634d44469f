/**
 * A real WireGuard VPN through the HTTP API with PROVISIONER=netns: create, download
 * the config, connect a client in a namespace of the test with exactly that config, reach an
 * HTTP server in a third namespace of the test over the tunnel, watch the bytes and peanuts grow
 * by at least what was sent, delete, and find the tunnel dead and nothing of the VPN left.
 *
 * On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. Needs root, wireguard-go, wg,
 * ip and nft (skipped with a printed reason elsewhere; a failure under CI=true). Traffic goes
 * only to the test's own namespaces.
 */
import type { App } from '../../../src/server/app';
import type { VpnWithMetricsJson } from '../../../src/core/vpn';
import { processExists } from '../../../src/server/provisioners/netnsSystem';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';
import {
  leftovers,
  netnsSkipReason,
  sh,
  sweep,
  testNetnsEnv,
  TestNetwork,
  type TestNamespace,
} from '../../support/netnsHelpers';
import {
  api,
  buildVpnApp,
  createBody,
  createVpn,
  getVpn,
  signUpUser,
  waitForVpnState,
  type TestUser,
} from '../../support/vpnHelpers';

const skip = netnsSkipReason();
const { env, settings } = testNetnsEnv(
  'pna',
  53101,
  '10.201.0.0/24',
  '10.251.1.1',
  '10.251.1.0/24',
);
const MIB = 1024 * 1024;

/** Polls `GET /v1/vpns/{vpnId}` until `done` holds (throws after `timeoutMs`). */
async function waitForMetrics(
  app: App,
  user: TestUser,
  vpnId: string,
  done: (vpn: VpnWithMetricsJson) => boolean,
  timeoutMs = 15_000,
): Promise<VpnWithMetricsJson> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const vpn = await getVpn(app, user, vpnId);
    if (done(vpn)) return vpn;
    if (Date.now() > deadline) throw new Error(`metrics never matched: ${JSON.stringify(vpn)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

(skip ? describe.skip : describe).each(DATABASE_KINDS)(
  'netns provisioner through the HTTP API on %s',
  (kind) => {
    let database: TestDatabase;
    let app: App | undefined;
    const network = new TestNetwork('pta', '10.251.1');
    let client: TestNamespace;
    let target: TestNamespace;

    beforeAll(async () => {
      await sweep(settings);
      database = await openTestDatabase(kind);
      client = await network.addNamespace('c', 0);
      target = await network.addNamespace('t', 1);
      await network.serveHttp(target);
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await network.cleanup();
      await sweep(settings);
      await database?.cleanup();
    }, 120_000);

    it('serves a real tunnel, meters its bytes and leaves nothing once deleted', async () => {
      app = await buildVpnApp(database, { ...env, METER_INTERVAL_S: '0.5' });
      const user = await signUpUser(app, 'netns');
      // Without the tunnel, the client has no route to the target.
      expect(await network.fetchFrom(client, target.address, 10, 1000)).toBe(-1);

      const vpnId = await createVpn(
        app,
        user,
        createBody('eu-west-3', { type: 'wireguard', maxPeanuts: 5, deleteAfter: 3600 }),
      );
      await waitForVpnState(app, user, vpnId, 'Running', 30_000);

      const config = await api<{ config: string }>(app, user, 'GET', `/v1/vpns/${vpnId}/config`);
      expect(config.status).toBe(200);
      const conf = Buffer.from(config.body.config, 'base64').toString('utf8');
      const port = Number(/^Endpoint = 10\.251\.1\.1:(\d+)$/m.exec(conf)?.[1]);
      expect(port).toBeGreaterThanOrEqual(53101);
      expect(port).toBeLessThanOrEqual(53116);
      // Dual-stack: the IPv6 one of the data directory's ULA /64.
      expect(conf).toMatch(/^Address = 10\.201\.0\.\d+\/32, fd[0-9a-f:]+\/128$/m);
      expect(conf).toMatch(/^DNS = 10\.0\.0\.53$/m);

      // The server: its namespace and a wireguard-go listening in it.
      const name = (await sh('ip', ['netns', 'list']))
        .split('\n')
        .map((line) => line.split(' ')[0])
        .find((item) => /^pna\d+$/.test(item));
      expect(name).toBeDefined();
      const pids = (await sh('ip', ['netns', 'pids', name as string])).split(/\s+/).filter(Boolean);
      expect(pids.length).toBe(1);

      await network.connectClient(client, conf);
      const before = await getVpn(app, user, vpnId);
      expect(await network.fetchFrom(client, target.address, 2 * MIB)).toBe(2 * MIB);
      const after = await waitForMetrics(
        app,
        user,
        vpnId,
        (vpn) => (vpn.metrics?.bytes ?? 0) >= (before.metrics?.bytes ?? 0) + 2 * MIB,
      );
      // 5e-7 peanut per byte: at least 1.048576 peanuts more for the 2 MiB.
      expect(after.metrics?.peanuts ?? 0).toBeGreaterThanOrEqual(
        (before.metrics?.peanuts ?? 0) + 1.04,
      );
      // The counters are the server's: `wg` sees the handshake and the same traffic.
      const transfer = await sh('wg', ['show', name as string, 'transfer']);
      const [, rx, tx] = transfer.trim().split(/\s+/).map(Number);
      expect(rx + tx).toBeGreaterThanOrEqual(2 * MIB);

      const deleted = await api(app, user, 'DELETE', `/v1/vpns/${vpnId}`);
      expect(deleted.status).toBeLessThan(300);
      await waitForVpnState(app, user, vpnId, 'Deleted', 30_000);

      expect(await network.fetchFrom(client, target.address, 10, 2000)).toBe(-1);
      expect(pids.map(Number).filter(processExists)).toEqual([]);
      expect(await leftovers(settings)).toEqual([]);
    }, 90_000);
  },
);
