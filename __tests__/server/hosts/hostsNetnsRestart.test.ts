/**
 * Regions that are real, their hosts killed, restarted and stopped: two VPN host
 * processes, each in a network namespace of its own (set up by `hostsNetnsHelpers.ts`), serve
 * a VPN each to a client namespace. A host killed with SIGKILL pauses its VPN and, restarted,
 * re-adopts its server (or rebuilds it with the same keys and port): the client's config keeps
 * working, and nothing is charged twice. Once the VPNs are deleted (one while its host is down)
 * and the hosts stopped, nothing of the provisioner is left. (Traffic and metering of each
 * region: `hostsNetnsTraffic.test.ts`.)
 *
 * Names begin with `w` (the test's) and `x` (the provisioner's), subnets 10.254/198.18.126-250:
 * none of `hostsNetnsTraffic.test.ts`'s, which Jest may run at the same time.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { App } from '../../../src/server/app';
import { ledgerEntries } from '../../../src/server/db/schema';
import { namespacePids, processExists } from '../../../src/server/provisioners/netnsSystem';
import type { TestDatabase } from '../../support/helpers';
import { natsSkipReason, waitFor, type TestHost } from '../../support/hostsHelpers';
import { netnsHosts } from '../../support/hostsNetnsHelpers';
import { netnsSkipReason, sh } from '../../support/netnsHelpers';
import { api, balanceNano, waitForVpnState, type TestUser } from '../../support/vpnHelpers';

const skip = natsSkipReason() ?? netnsSkipReason();

jest.setTimeout(300_000);

(skip ? describe.skip : describe)('VPN hosts in network namespaces of their own (netns)', () => {
  const hosts = netnsHosts({ network: 'w', provisioner: 'x', octets: [126, 250] });
  const { network, hostA, hostB, clientA, clientB, processes, start } = hosts;
  const { echoThrough, exitAddress, metricsOf, row, configOf, serverName, daemons } = hosts;
  let database: TestDatabase;
  let app: App;
  let alice: TestUser;
  let bob: TestUser;
  let vpnA: string;
  let vpnB: string;

  /** Alice's VPN runs on host A, Bob's on host B, each client connected with its config. */
  beforeAll(async () => {
    ({ database, app, alice, bob } = await hosts.setUp());
    [vpnA, vpnB] = await hosts.createVpns();
    await network.connectClient(clientA, await configOf(alice, vpnA), true);
    await network.connectClient(clientB, await configOf(bob, vpnB), true);
  });

  afterAll(async () => {
    await hosts.tearDown();
  });

  test('a host killed: its VPN pauses; restarted in its namespace, it runs and passes traffic again', async () => {
    const keyBefore = (await row(vpnA)).serverPublicKey;
    const [daemonBefore] = namespacePids(serverName(hostA, vpnA));
    expect(daemonBefore).toBeDefined();

    await processes.get(hostA)?.kill('SIGKILL');
    await waitForVpnState(app, alice, vpnA, 'Paused', 120_000);
    const pausedRow = await row(vpnA);
    // The other host's VPN carries on and is metered; nothing is charged for the paused one
    // (read after a first metering pass, which ends whatever pass the pause fell in).
    const meteringPass = async (): Promise<void> => {
      const bytes = (await metricsOf(bob, vpnB)).bytes;
      expect(await exitAddress(clientB, 20_000)).toBe(hostB.ns.address);
      await waitFor(
        async () => (await metricsOf(bob, vpnB)).bytes > bytes,
        'a metering pass while A is paused',
        120_000,
      );
    };
    await meteringPass();
    const pausedBalance = await balanceNano(app, alice);
    await meteringPass();
    expect(await balanceNano(app, alice)).toBe(pausedBalance);

    // While it is down: an orphan of its names appears (removed when it starts), and the
    // other host's server namespace is not its to touch.
    const orphan = `${hostA.prefix}99`;
    await sh('ip', ['netns', 'add', orphan]);
    const serverB = serverName(hostB, vpnB);

    // Restarted: it re-adopts its server (the same wireguard-go), the client's config works.
    await start(hostA);
    await waitForVpnState(app, alice, vpnA, 'Running', 120_000);
    expect((await row(vpnA)).serverPublicKey).toBe(keyBefore);
    expect(namespacePids(serverName(hostA, vpnA))).toContain(daemonBefore);
    expect(fs.existsSync(`/var/run/netns/${orphan}`)).toBe(false);
    expect(fs.existsSync(`/var/run/netns/${serverB}`)).toBe(true);
    expect(await exitAddress(clientA, 50_000)).toBe(hostA.ns.address);
    expect(await exitAddress(clientB)).toBe(hostB.ns.address);
    await waitFor(
      async () => (await balanceNano(app, alice)) < pausedBalance,
      'charged again once running',
      120_000,
    );

    // Killed with its server this time (as a reboot would): rebuilt with the same keys and port.
    await processes.get(hostA)?.kill('SIGKILL');
    process.kill(daemonBefore, 'SIGKILL');
    await waitFor(() => !processExists(daemonBefore), 'the server gone', 30_000);
    await start(hostA);
    await waitFor(
      () => namespacePids(serverName(hostA, vpnA)).some((pid) => pid !== daemonBefore),
      'the server rebuilt',
      120_000,
    );
    expect(await exitAddress(clientA, 50_000)).toBe(hostA.ns.address);
    await waitForVpnState(app, alice, vpnA, 'Running', 120_000);
    expect((await row(vpnA)).serverPublicKey).toBe(keyBefore);
    const bytesNow = (await row(vpnA)).bytes;
    expect(bytesNow).toBeGreaterThanOrEqual(pausedRow.bytes);
  });

  test('deleted (one while its host is down) and stopped: every charge once, nothing left', async () => {
    // Host A is down when its VPN is deleted: the command waits for it in JetStream.
    await processes.get(hostA)?.kill('SIGKILL');
    for (const [user, vpnId] of [
      [alice, vpnA],
      [bob, vpnB],
    ] as const) {
      expect((await api(app, user, 'DELETE', `/v1/vpns/${vpnId}`)).status).toBe(202);
    }
    await waitForVpnState(app, bob, vpnB, 'Deleted', 120_000);
    await start(hostA);
    await waitForVpnState(app, alice, vpnA, 'Deleted', 120_000);
    // The client's tunnel leads nowhere now.
    expect(await echoThrough(clientA, 0, 2000)).toBeUndefined();

    // Each usage charge once: the VPN's entries have distinct keys and add up to its consumption.
    for (const [user, vpnId] of [
      [alice, vpnA],
      [bob, vpnB],
    ] as const) {
      const entries = (
        await database.handle.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.userSub, user.sub))
      ).filter((entry) => entry.kind === 'usage' && entry.key?.startsWith(`usage:${vpnId}:`));
      expect(new Set(entries.map((entry) => entry.key)).size).toBe(entries.length);
      expect(-entries.reduce((sum, entry) => sum + Number(entry.amountNano), 0)).toBe(
        (await row(vpnId)).consumedNano,
      );
    }

    // The hosts stop (SIGTERM, as a service manager stops them).
    for (const host of [hostA, hostB]) {
      const running = processes.get(host) as TestHost;
      await running.kill('SIGTERM');
      expect({ exitCode: running.child.exitCode, output: running.output() }).toEqual({
        exitCode: 0,
        output: expect.stringContaining('stopping') as unknown,
      });
    }
    const netns = (await sh('ip', ['netns', 'list'])).split('\n').map((line) => line.split(' ')[0]);
    for (const host of [hostA, hostB]) {
      expect(netns.filter((name) => name.startsWith(host.prefix))).toEqual([]);
      const links = JSON.parse(await sh('ip', ['-n', host.ns.name, '-j', 'link', 'show'])) as {
        ifname: string;
      }[];
      expect(
        links.map((link) => link.ifname).filter((name) => name.startsWith(host.prefix)),
      ).toEqual([]);
      const tables = await sh('ip', ['netns', 'exec', host.ns.name, 'nft', 'list', 'tables']);
      expect(tables).not.toContain(`${host.prefix}vpn`);
      expect(daemons(host)).toEqual([]);
      const sockets = fs.existsSync('/var/run/wireguard')
        ? fs.readdirSync('/var/run/wireguard')
        : [];
      expect(sockets.filter((name) => name.startsWith(host.prefix))).toEqual([]);
    }
  });
});
