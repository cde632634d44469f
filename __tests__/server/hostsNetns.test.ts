/**
 * Regions that are real (issue 18): two VPN host processes, each in a network namespace of its
 * own with its own address (`nsenter --net`, as the README's "Deploying at scale" runs them),
 * serving two regions with the `netns` provisioner, driven by the service (the app, on PGlite)
 * over the test's own nats-server. A client namespace per VPN connects with exactly the config
 * the API gives and reaches an HTTP echo server, which answers the caller's address: each VPN
 * exits from its own host. A host killed with SIGKILL pauses its VPN and, restarted, re-adopts
 * its server (or rebuilds it with the same keys and port): the client's config keeps working,
 * and nothing is charged twice. Once the VPNs are deleted and the hosts stopped, nothing of the
 * provisioner is left.
 *
 * The test's network: a bridge in the machine's namespace (`.1`, where nats-server listens),
 * the hosts (`.2`, `.3`) and the clients (`.4`, `.5`) on it; the echo server listens on an
 * address of the machine outside that network, so the clients reach it only through a tunnel.
 * Every name carries a random suffix; everything is removed at the end, even after a failure.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import type { RegionDetailed } from '../../src/core/regions';
import { ledgerEntries, vpns } from '../../src/server/db/schema';
import { loadNetnsSettings } from '../../src/server/provisioners/netnsSettings';
import { namespacePids, processExists } from '../../src/server/provisioners/netnsSystem';
import { makeTempDir, openTestDatabase, removeDir, type TestDatabase } from './helpers';
import {
  natsSkipReason,
  startHost,
  startNats,
  waitFor,
  type TestHost,
  type TestNats,
} from './hostsHelpers';
import { netnsSkipReason, sh, sweep, TestNetwork, type TestNamespace } from './netnsHelpers';
import {
  api,
  balanceNano,
  buildVpnApp,
  createBody,
  createVpn,
  getVpn,
  signUpUser,
  waitForVpnState,
  type TestUser,
} from './vpnHelpers';

const skip = natsSkipReason() ?? netnsSkipReason();
const PARIS = 'eu-west-3';
const TOKYO = 'ap-northeast-1';

/** Two random lower-case letters for this run's names, none of which exists yet. */
function pickTag(): string {
  const names = fs.existsSync('/var/run/netns') ? fs.readdirSync('/var/run/netns') : [];
  for (;;) {
    const letters = Array.from(randomBytes(2), (byte) => String.fromCharCode(97 + (byte % 26)));
    const candidate = letters.join('');
    if (!names.some((name) => name.startsWith(`y${candidate}`) || name.startsWith(`z${candidate}`)))
      return candidate;
  }
}

/** A third octet for this run's networks that no address of the machine uses yet. */
function pickOctet(): number {
  const addresses = Object.values(os.networkInterfaces())
    .flat()
    .map((item) => item?.address ?? '');
  for (;;) {
    const candidate = 1 + (randomBytes(1)[0] % 250);
    const taken = (prefix: string) => addresses.some((address) => address.startsWith(prefix));
    if (!taken(`10.254.${candidate}.`) && !taken(`10.255.${candidate}.`)) return candidate;
  }
}

const tag = pickTag();
const octet = pickOctet();
/** The test's network (a /24) and the echo server's address, outside it. */
const NET = `10.254.${octet}`;
const ECHO = `10.255.${octet}.1`;
const BRIDGE = `y${tag}br`;

/** One host of the test: its namespace, address, provisioner settings and process. */
interface HostSpec {
  id: string;
  region: string;
  ns: TestNamespace;
  env: Record<string, string>;
  prefix: string;
  dataDir: string;
}

function hostSpec(id: string, region: string, label: string, address: string): HostSpec {
  const prefix = `z${tag}${label}`;
  return {
    id,
    region,
    ns: { name: `y${tag}h${label}`, hostAddress: `${NET}.1`, address },
    prefix,
    dataDir: '',
    env: {
      PROVISIONER: 'netns',
      NETNS_PREFIX: prefix,
      WG_PORTS: '51820-51835',
      WG_ADDRESSES: '10.205.0.0/24',
      WG_DNS: '10.0.0.53',
      HOST_HEARTBEAT_S: '0.5',
    },
  };
}

jest.setTimeout(300_000);

(skip ? describe.skip : describe)('VPN hosts in network namespaces of their own (netns)', () => {
  const network = new TestNetwork(`y${tag}`, NET);
  const hostA = hostSpec('paris-1', PARIS, 'a', `${NET}.2`);
  const hostB = hostSpec('tokyo-1', TOKYO, 'b', `${NET}.3`);
  const clientA: TestNamespace = {
    name: `y${tag}ca`,
    hostAddress: `${NET}.1`,
    address: `${NET}.4`,
  };
  const clientB: TestNamespace = {
    name: `y${tag}cb`,
    hostAddress: `${NET}.1`,
    address: `${NET}.5`,
  };
  const processes = new Map<HostSpec, TestHost>();
  let nats: TestNats;
  let database: TestDatabase;
  let app: App;
  let echo: http.Server;
  let echoPort: number;
  let alice: TestUser;
  let bob: TestUser;
  let vpnA: string;
  let vpnB: string;

  /** Namespace `ns` on the bridge, with `ns.address`/24 (and a default route to the machine). */
  async function addToBridge(ns: TestNamespace, routed: boolean): Promise<void> {
    network.namespaces.push(ns);
    await sh('ip', ['netns', 'add', ns.name]);
    await sh(
      'ip',
      ['-batch', '-'],
      [
        `link add ${ns.name}h type veth peer name eth0 netns ${ns.name}`,
        `link set ${ns.name}h master ${BRIDGE} up`,
        '',
      ].join('\n'),
    );
    await sh(
      'ip',
      ['-n', ns.name, '-batch', '-'],
      [
        'link set lo up',
        `addr add ${ns.address}/24 dev eth0`,
        'link set eth0 up',
        ...(routed ? [`route add default via ${NET}.1 dev eth0`] : []),
        '',
      ].join('\n'),
    );
  }

  /** Starts (or restarts) `host`'s process in its namespace, as the README shows. */
  async function start(host: HostSpec): Promise<void> {
    processes.set(
      host,
      await startHost({
        natsUrl: nats.hostUrl(host.id),
        hostId: host.id,
        regions: [host.region],
        dataDir: host.dataDir,
        endpointHost: host.ns.address,
        env: host.env,
        wrapper: ['nsenter', `--net=/var/run/netns/${host.ns.name}`, '--'],
      }),
    );
  }

  /**
   * The address the echo server saw, asking through `client`'s tunnel (with `bytes` of padding
   * in the answer), or undefined when no answer came within `timeoutMs`.
   */
  async function echoThrough(
    client: TestNamespace,
    bytes = 0,
    timeoutMs = 10_000,
  ): Promise<string | undefined> {
    const url = `http://${ECHO}:${echoPort}/?bytes=${bytes}`;
    const script = `fetch('${url}', { signal: AbortSignal.timeout(${timeoutMs}) })
      .then((r) => r.text()).then((t) => console.log(t.split('\\n')[0]), () => console.log('-'));`;
    const out = (await sh('ip', ['netns', 'exec', client.name, process.execPath, '-e', script]))
      .trim()
      .split('\n')
      .pop();
    return out && out !== '-' ? out : undefined;
  }

  /** Polls {@link echoThrough} until an answer comes (a re-handshake may take 20 s). */
  async function exitAddress(client: TestNamespace, bytes = 0): Promise<string> {
    let seen: string | undefined;
    await waitFor(
      async () => (seen = await echoThrough(client, bytes)) !== undefined,
      `an answer through ${client.name}'s tunnel`,
      120_000,
    );
    return seen as string;
  }

  const regions = async (): Promise<RegionDetailed[]> =>
    (await api<{ regions: RegionDetailed[] }>(app, undefined, 'GET', '/v1/regionsDetailed/')).body
      .regions;
  const available = async (region: string) =>
    (await regions()).find((entry) => entry.name === region)?.available;
  const metricsOf = async (user: TestUser, vpnId: string) => {
    const metrics = (await getVpn(app, user, vpnId)).metrics;
    return { bytes: metrics?.bytes ?? 0, peanuts: metrics?.peanuts ?? 0 };
  };
  const row = async (vpnId: string) =>
    (await database.handle.db.select().from(vpns).where(eq(vpns.vpnId, vpnId)))[0];
  const configOf = async (user: TestUser, vpnId: string): Promise<string> => {
    const answer = await api<{ config: string }>(app, user, 'GET', `/v1/vpns/${vpnId}/config`);
    expect(answer.status).toBe(200);
    return Buffer.from(answer.body.config, 'base64').toString('utf8');
  };
  /** The namespace of `vpnId`'s server on `host`, from the host's own state. */
  const serverName = (host: HostSpec, vpnId: string): string => {
    const state = JSON.parse(fs.readFileSync(`${host.dataDir}/host-state.json`, 'utf8')) as {
      servers: Record<string, { slot: number }>;
    };
    return `${host.prefix}${state.servers[vpnId].slot}`;
  };
  /** The wireguard-go processes of a host's servers (found by their command line in /proc). */
  const daemons = (host: HostSpec): string[] =>
    fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
          return (
            /(^|\/)wireguard-go$/.test(argv[0]) &&
            new RegExp(`^${host.prefix}\\d+$`).test(argv[1] ?? '') &&
            processExists(Number(pid))
          );
        } catch {
          return false; // gone meanwhile
        }
      });

  beforeAll(async () => {
    hostA.dataDir = makeTempDir('host-netns-a');
    hostB.dataDir = makeTempDir('host-netns-b');
    await sh(
      'ip',
      ['-batch', '-'],
      [
        `link add ${BRIDGE} type bridge`,
        `addr add ${NET}.1/24 dev ${BRIDGE}`,
        `addr add ${ECHO}/32 dev ${BRIDGE}`,
        `link set ${BRIDGE} up`,
        '',
      ].join('\n'),
    );
    for (const ns of [hostA.ns, hostB.ns]) await addToBridge(ns, true);
    // The clients have no route beyond the bridge but their tunnels.
    for (const ns of [clientA, clientB]) await addToBridge(ns, false);

    echo = http.createServer((request, response) => {
      const bytes = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('bytes') ?? 0);
      response.end(`${request.socket.remoteAddress ?? ''}\n${'a'.repeat(bytes)}`);
    });
    await new Promise<void>((resolve) => echo.listen(0, ECHO, resolve));
    echoPort = (echo.address() as AddressInfo).port;

    nats = await startNats([hostA.id, hostB.id], 'password', `${NET}.1`);
    database = await openTestDatabase('pglite');
    await Promise.all([start(hostA), start(hostB)]);
    app = await buildVpnApp(database, {
      NATS_URL: nats.serviceUrl,
      HOST_GRACE_S: '3',
      HOST_LOST_S: '3600',
      METER_INTERVAL_S: '0.5',
    });
    [alice, bob] = await Promise.all([signUpUser(app, 'hn-a'), signUpUser(app, 'hn-b')]);
    await waitFor(
      async () => (await available(PARIS)) === true && (await available(TOKYO)) === true,
      'both regions available',
      120_000,
    );
  });

  afterAll(async () => {
    await Promise.all([...processes.values()].map((host) => host.kill('SIGKILL')));
    await app?.close();
    await nats?.stop();
    await new Promise((resolve) => (echo ? echo.close(resolve) : resolve(undefined)));
    for (const host of [hostA, hostB]) {
      await sweep(loadNetnsSettings(host.env)).catch(() => undefined);
    }
    await network.cleanup();
    await sh('ip', ['link', 'del', BRIDGE]).catch(() => undefined);
    await database?.cleanup();
    for (const host of [hostA, hostB]) if (host.dataDir) removeDir(host.dataDir);
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
    const body = (region: string) =>
      createBody(region, { type: 'wireguard', maxPeanuts: 4, deleteAfter: 3600 });
    vpnA = await createVpn(app, alice, body(PARIS));
    vpnB = await createVpn(app, bob, body(TOKYO));
    await waitForVpnState(app, alice, vpnA, 'Running', 120_000);
    await waitForVpnState(app, bob, vpnB, 'Running', 120_000);
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
