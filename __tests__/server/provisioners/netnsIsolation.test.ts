/**
 * Two users' `netns` VPNs at once: each client reaches the test's target through its
 * own tunnel, and neither reaches the other's server (its namespace, tunnel or veth addresses)
 * or client. Then the usage stays exact across a restart of wireguard-go: the service restarts
 * with one server's daemon killed, rebuilds it with the same keys and port, counts on from the
 * last reading, and a client reconnecting with the same config is served and metered again.
 *
 * Needs root, wireguard-go, wg, ip and nft (skipped with a printed reason elsewhere; a failure
 * under CI=true). Traffic goes only to the test's own namespaces.
 */
import type { App } from '../../../src/server/app';
import {
  createNetnsProvisioner,
  type NetnsProvisioner,
} from '../../../src/server/provisioners/netns';
import type { ServerPlan } from '../../../src/server/provisioners/netnsSettings';
import { namespacePids, processExists } from '../../../src/server/provisioners/netnsSystem';
import { openTestDatabase, type TestDatabase } from '../../support/helpers';
import {
  netnsSkipReason,
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
  signUpUser,
  waitForVpnState,
  type TestUser,
} from '../../support/vpnHelpers';

const skip = netnsSkipReason();
const { env, settings } = testNetnsEnv(
  'pnb',
  53201,
  '10.202.0.0/24',
  '10.252.1.1',
  '10.252.1.0/24',
);
const MIB = 1024 * 1024;

/** One user's VPN and client. */
interface Side {
  user: TestUser;
  vpnId: string;
  conf: string;
  plan: ServerPlan;
  client: TestNamespace;
}

(skip ? describe.skip : describe)('two users’ netns VPNs', () => {
  let database: TestDatabase;
  let app: App | undefined;
  let provisioner: NetnsProvisioner;
  const network = new TestNetwork('pti', '10.252.1');
  let target: TestNamespace;
  const sides: Side[] = [];

  const build = async () =>
    buildVpnApp(database, { ...env, METER_INTERVAL_S: '0.5' }, { provisioner });

  beforeAll(async () => {
    await sweep(settings);
    database = await openTestDatabase('pglite');
    provisioner = createNetnsProvisioner({ db: database.handle.db, settings });
    target = await network.addNamespace('t', 2);
    await network.serveHttp(target);
    app = await build();
    for (const [index, label] of ['a', 'b'].entries()) {
      const user = await signUpUser(app, `netns${label}`);
      const vpnId = await createVpn(
        app,
        user,
        createBody('eu-west-3', { type: 'wireguard', maxPeanuts: 5, deleteAfter: 3600 }),
      );
      const client = await network.addNamespace(label, index);
      sides.push({ user, vpnId, client, conf: '', plan: undefined as unknown as ServerPlan });
    }
    for (const side of sides) {
      await waitForVpnState(app, side.user, side.vpnId, 'Running', 30_000);
      const answer = await api<{ config: string }>(
        app,
        side.user,
        'GET',
        `/v1/vpns/${side.vpnId}/config`,
      );
      side.conf = Buffer.from(answer.body.config, 'base64').toString('utf8');
      side.plan = (await provisioner.planOf(side.vpnId)) as ServerPlan;
      await network.connectClient(side.client, side.conf);
    }
  }, 90_000);

  afterAll(async () => {
    await app?.close();
    await network.cleanup();
    await sweep(settings);
    await database?.cleanup();
  }, 120_000);

  it('lets each client reach the target but nothing of the other VPN', async () => {
    const [a, b] = sides;
    expect(a.plan.slot).not.toBe(b.plan.slot);
    for (const [self, other] of [
      [a, b],
      [b, a],
    ]) {
      expect(await network.fetchFrom(self.client, target.address, 1000)).toBe(1000);
      expect(await network.pingFrom(self.client, self.plan.serverAddress, 10)).toBe(true);
      for (const address of [
        other.plan.serverAddress,
        other.plan.namespaceAddress,
        other.plan.clientAddress,
        other.plan.hostAddress,
      ]) {
        expect([address, await network.pingFrom(self.client, address)]).toEqual([address, false]);
      }
    }
  }, 120_000);

  it('counts exactly across a restart of wireguard-go', async () => {
    const [a] = sides;
    const read = async () =>
      (await provisioner.usage({ vpnId: a.vpnId, region: 'eu-west-3', runningAtMs: 0 })).bytes;
    expect(await network.fetchFrom(a.client, target.address, MIB)).toBe(MIB);
    const before = await read();
    expect(before).toBeGreaterThanOrEqual(MIB);

    // The service stops, the daemon dies (a crash), the service starts again.
    await app?.close();
    app = undefined;
    const pids = namespacePids(a.plan.name);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    while (pids.some(processExists)) await new Promise((resolve) => setTimeout(resolve, 10));
    app = await build();
    const restarted = namespacePids(a.plan.name);
    expect(restarted.length).toBe(1);
    expect(restarted).not.toEqual(pids);
    expect(await read()).toBe(before);

    // The same config connects again, and the new traffic is counted on top.
    await network.disconnectClient(a.client);
    await network.connectClient(a.client, a.conf);
    expect(await network.fetchFrom(a.client, target.address, MIB)).toBe(MIB);
    expect(await read()).toBeGreaterThanOrEqual(before + MIB);
  }, 90_000);
});
