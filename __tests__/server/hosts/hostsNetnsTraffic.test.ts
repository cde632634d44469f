/**
 * Regions that are real, their traffic: two VPN host processes, each in a network
 * namespace of its own (set up by `hostsNetnsHelpers.ts`), serve two regions with the `netns`
 * provisioner. A host refuses to start under `ip netns exec` (a private mount namespace). A
 * client namespace per VPN connects with exactly the config the API gives and reaches an HTTP
 * echo server, which answers the caller's address: each VPN exits from its own host, and each
 * is metered and charged; the host applies the egress rules (docs/hosts.md): a client reaches
 * neither the host's private network nor 169.254.169.254, both of which the host itself reaches.
 * (Kills, restarts and deletion: `hostsNetnsRestart.test.ts`.)
 *
 * Names begin with `y` (the test's) and `z` (the provisioner's), subnets 10.254/198.18.1-125:
 * none of `hostsNetnsRestart.test.ts`'s, which Jest may run at the same time.
 */
import fs from 'node:fs';
import { makeTempDir, removeDir } from '../../support/helpers';
import { natsSkipReason, startHost, waitFor, type TestNats } from '../../support/hostsHelpers';
import { netnsHosts } from '../../support/hostsNetnsHelpers';
import { netnsSkipReason, sh, type TestNamespace } from '../../support/netnsHelpers';
import { balanceNano, type TestUser } from '../../support/vpnHelpers';
import type { App } from '../../../src/server/app';

const skip = natsSkipReason() ?? netnsSkipReason();

jest.setTimeout(300_000);

(skip ? describe.skip : describe)('VPN hosts in network namespaces of their own (netns)', () => {
  const hosts = netnsHosts({ network: 'y', provisioner: 'z', octets: [1, 125] });
  const { network, hostA, hostB, clientA, clientB } = hosts;
  const { echoThrough, exitAddress, metricsOf, row, configOf, serverName, daemons } = hosts;
  let nats: TestNats;
  let app: App;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    ({ nats, app, alice, bob } = await hosts.setUp());
  });

  afterAll(async () => {
    await hosts.tearDown();
  });

  test('a netns host refuses to start under ip netns exec (its servers would be lost)', async () => {
    const dataDir = makeTempDir('host-netns-exec');
    try {
      await expect(
        startHost({
          natsUrl: nats.hostUrl(hostA.id),
          hostId: hostA.id,
          regions: [hostA.region],
          dataDir,
          endpointHost: hostA.ns.address,
          env: hostA.env,
          wrapper: ['ip', 'netns', 'exec', hostA.ns.name],
        }),
      ).rejects.toThrow('cannot run in a private mount namespace');
    } finally {
      removeDir(dataDir);
    }
  });

  test('a VPN in each region: each config names its host, each exits from it, each is metered', async () => {
    const [vpnA, vpnB] = await hosts.createVpns();
    expect((await row(vpnA)).hostId).toBe(hostA.id);
    expect((await row(vpnB)).hostId).toBe(hostB.id);

    const confA = await configOf(alice, vpnA);
    const confB = await configOf(bob, vpnB);
    expect(confA).toMatch(
      new RegExp(`^Endpoint = ${hostA.ns.address.replace(/\./g, '\\.')}:518\\d\\d$`, 'm'),
    );
    expect(confB).toMatch(
      new RegExp(`^Endpoint = ${hostB.ns.address.replace(/\./g, '\\.')}:518\\d\\d$`, 'm'),
    );
    // Each server is a namespace of its host's names, with a wireguard-go of its own.
    expect(fs.existsSync(`/var/run/netns/${serverName(hostA, vpnA)}`)).toBe(true);
    expect(fs.existsSync(`/var/run/netns/${serverName(hostB, vpnB)}`)).toBe(true);
    expect(daemons(hostA)).toHaveLength(1);
    expect(daemons(hostB)).toHaveLength(1);

    // Without a tunnel, the clients cannot reach the echo server.
    expect(await echoThrough(clientA, 0, 1000)).toBeUndefined();
    await network.connectClient(clientA, confA, true);
    await network.connectClient(clientB, confB, true);
    expect(await exitAddress(clientA, 100_000)).toBe(hostA.ns.address);
    expect(await exitAddress(clientB, 100_000)).toBe(hostB.ns.address);

    const balanceA = await balanceNano(app, alice);
    const balanceB = await balanceNano(app, bob);
    await waitFor(
      async () =>
        (await metricsOf(alice, vpnA)).bytes >= 100_000 &&
        (await metricsOf(bob, vpnB)).bytes >= 100_000,
      'both VPNs metered',
      120_000,
    );
    expect((await metricsOf(alice, vpnA)).peanuts).toBeGreaterThan(0);
    expect((await metricsOf(bob, vpnB)).peanuts).toBeGreaterThan(0);
    await waitFor(
      async () =>
        (await balanceNano(app, alice)) < balanceA && (await balanceNano(app, bob)) < balanceB,
      'both users charged',
      120_000,
    );
  });

  test('the host applies the egress rules: its client reaches no private address', async () => {
    // The host's private network: a namespace behind host A (10.253.20.2, and 169.254.169.254
    // routed to it), reached from host A's namespace alone: no traffic leaves the machine.
    const lan: TestNamespace = {
      name: `${network.prefix}lan`,
      hostAddress: '10.253.20.1',
      address: '10.253.20.2',
    };
    network.namespaces.push(lan);
    await sh('ip', ['netns', 'add', lan.name]);
    await sh(
      'ip',
      ['-batch', '-'],
      [
        `link add ${network.prefix}lx type veth peer name eth0 netns ${lan.name}`,
        `link set ${network.prefix}lx netns ${hostA.ns.name}`,
        '',
      ].join('\n'),
    );
    await sh(
      'ip',
      ['-n', hostA.ns.name, '-batch', '-'],
      [
        `addr add ${lan.hostAddress}/24 dev ${network.prefix}lx`,
        `link set ${network.prefix}lx up`,
        `route add 169.254.169.254/32 via ${lan.address} dev ${network.prefix}lx`,
        '',
      ].join('\n'),
    );
    await sh(
      'ip',
      ['-n', lan.name, '-batch', '-'],
      [
        'link set lo up',
        `addr add ${lan.address}/24 dev eth0`,
        'addr add 169.254.169.254/32 dev eth0',
        'link set eth0 up',
        `route add default via ${lan.hostAddress} dev eth0`,
        '',
      ].join('\n'),
    );
    await network.serveHttp(lan);
    const hostSide: TestNamespace = { ...hostA.ns };
    for (const address of [lan.address, '169.254.169.254']) {
      const [route] = JSON.parse(
        await sh('ip', ['-n', hostA.ns.name, '-j', 'route', 'get', address]),
      ) as { dev: string }[];
      expect(route.dev).toBe(`${network.prefix}lx`);
      // The host reaches them; its VPN's client (connected above) does not.
      expect(await network.fetchFrom(hostSide, address, 10, 10_000)).toBe(10);
    }
    expect(await exitAddress(clientA)).toBe(hostA.ns.address); // the tunnel is up
    const reached = {
      [lan.address]: await network.fetchFrom(clientA, lan.address, 10, 3000),
      '169.254.169.254': await network.fetchFrom(clientA, '169.254.169.254', 10, 3000),
    };
    expect(reached).toEqual({ [lan.address]: -1, '169.254.169.254': -1 });
  });
});
