/**
 * The set-up of the tests of VPN hosts in network namespaces of their own
 * (`hostsNetns*.test.ts`): two VPN host processes, each in a namespace of its own with its own
 * address (`nsenter --net`, as docs/hosts.md runs them), serving two regions
 * with the `netns` provisioner, driven by the service (the app, on PGlite) over the test's own
 * nats-server; a client namespace per VPN, and an HTTP echo server answering the caller's address.
 *
 * The test's network: a bridge in the machine's namespace (`.1`, where nats-server listens),
 * the hosts (`.2`, `.3`) and the clients (`.4`, `.5`) on it; the echo server listens on a
 * public-space address of the machine (198.18.0.0/15, the benchmarking range) outside that
 * network, so the clients reach it only through a tunnel.
 * Every name carries a random suffix; everything is removed at the end, even after a failure.
 *
 * Jest runs test files in parallel, and wireguard-go's control sockets
 * (`/var/run/wireguard/<interface>.sock`) are shared by all namespaces: each file passes
 * {@link NetnsHostsNames} of its own (first letters of its names, range of its subnets).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import type { RegionDetailed } from '../../src/core/regions';
import { vpns } from '../../src/server/db/schema';
import { loadNetnsSettings } from '../../src/server/provisioners/netnsSettings';
import { processExists } from '../../src/server/provisioners/netnsSystem';
import { makeTempDir, openTestDatabase, removeDir, type TestDatabase } from './helpers';
import { startHost, startNats, waitFor, type TestHost, type TestNats } from './hostsHelpers';
import { sh, sweep, TestNetwork, type TestNamespace } from './netnsHelpers';
import {
  api,
  buildVpnApp,
  createBody,
  createVpn,
  getVpn,
  signUpUser,
  waitForVpnState,
  type TestUser,
} from './vpnHelpers';

export const PARIS = 'eu-west-3';
export const TOKYO = 'ap-northeast-1';

/** What keeps one test file's names and addresses apart from another's. */
export interface NetnsHostsNames {
  /** First letter of the test's namespaces and bridge (e.g. `y`). */
  network: string;
  /** First letter of the provisioner's names (`NETNS_PREFIX`, e.g. `z`). */
  provisioner: string;
  /** The range (inclusive) of the third octet of the test's subnets. */
  octets: [number, number];
}

/** Two random lower-case letters for this run's names, none of which exists yet. */
function pickTag({ network, provisioner }: NetnsHostsNames): string {
  const names = fs.existsSync('/var/run/netns') ? fs.readdirSync('/var/run/netns') : [];
  for (;;) {
    const letters = Array.from(randomBytes(2), (byte) => String.fromCharCode(97 + (byte % 26)));
    const candidate = letters.join('');
    const taken = (name: string) =>
      name.startsWith(`${network}${candidate}`) || name.startsWith(`${provisioner}${candidate}`);
    if (!names.some(taken)) return candidate;
  }
}

/** A third octet (within `octets`) for this run's networks that no address of the machine uses yet. */
function pickOctet({ octets: [low, high] }: NetnsHostsNames): number {
  const addresses = Object.values(os.networkInterfaces())
    .flat()
    .map((item) => item?.address ?? '');
  for (;;) {
    const candidate = low + (randomBytes(1)[0] % (high - low + 1));
    const taken = (prefix: string) => addresses.some((address) => address.startsWith(prefix));
    if (!taken(`10.254.${candidate}.`) && !taken(`198.18.${candidate}.`)) return candidate;
  }
}

/** One host of the test: its namespace, address, provisioner settings and process. */
export interface HostSpec {
  id: string;
  region: string;
  ns: TestNamespace;
  env: Record<string, string>;
  prefix: string;
  dataDir: string;
}

/** What `setUp()` of {@link netnsHosts} started: the nats-server, the app and its two users. */
export interface NetnsHostsRun {
  nats: TestNats;
  database: TestDatabase;
  app: App;
  alice: TestUser;
  bob: TestUser;
}

/** The two hosts (Paris, Tokyo), their clients, and what the tests ask of them. */
export type NetnsHosts = ReturnType<typeof netnsHosts>;

/**
 * The test's network, hosts and clients named after `names` (nothing is created until
 * `setUp()`, the tests' beforeAll; `tearDown()`, their afterAll, removes everything).
 */
export function netnsHosts(names: NetnsHostsNames) {
  const tag = pickTag(names);
  const octet = pickOctet(names);
  /** The test's network (a /24) and the echo server's address, outside it. */
  const NET = `10.254.${octet}`;
  const ECHO = `198.18.${octet}.1`; // public space (198.18.0.0/15): clients may reach it
  const BRIDGE = `${names.network}${tag}br`;

  function hostSpec(id: string, region: string, label: string, address: string): HostSpec {
    const prefix = `${names.provisioner}${tag}${label}`;
    return {
      id,
      region,
      ns: { name: `${names.network}${tag}h${label}`, hostAddress: `${NET}.1`, address },
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

  const network = new TestNetwork(`${names.network}${tag}`, NET);
  const hostA = hostSpec('paris-1', PARIS, 'a', `${NET}.2`);
  const hostB = hostSpec('tokyo-1', TOKYO, 'b', `${NET}.3`);
  const clientA: TestNamespace = {
    name: `${names.network}${tag}ca`,
    hostAddress: `${NET}.1`,
    address: `${NET}.4`,
  };
  const clientB: TestNamespace = {
    name: `${names.network}${tag}cb`,
    hostAddress: `${NET}.1`,
    address: `${NET}.5`,
  };
  const processes = new Map<HostSpec, TestHost>();
  const run: Partial<NetnsHostsRun> = {};
  let echo: http.Server | undefined;
  let echoPort: number;

  /** `run[key]`, once setUp has made it (throws before). */
  function need<K extends keyof NetnsHostsRun>(key: K): NetnsHostsRun[K] {
    const value = run[key];
    if (value === undefined) throw new Error(`netnsHosts: no ${key} before setUp()`);
    return value as NetnsHostsRun[K];
  }

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

  /** Starts (or restarts) `host`'s process in its namespace, as docs/hosts.md shows. */
  async function start(host: HostSpec): Promise<void> {
    processes.set(
      host,
      await startHost({
        natsUrl: need('nats').hostUrl(host.id),
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
    (
      await api<{ regions: RegionDetailed[] }>(
        need('app'),
        undefined,
        'GET',
        '/v1/regionsDetailed/',
      )
    ).body.regions;
  const available = async (region: string) =>
    (await regions()).find((entry) => entry.name === region)?.available;
  const metricsOf = async (user: TestUser, vpnId: string) => {
    const metrics = (await getVpn(need('app'), user, vpnId)).metrics;
    return { bytes: metrics?.bytes ?? 0, peanuts: metrics?.peanuts ?? 0 };
  };
  const row = async (vpnId: string) =>
    (await need('database').handle.db.select().from(vpns).where(eq(vpns.vpnId, vpnId)))[0];
  const configOf = async (user: TestUser, vpnId: string): Promise<string> => {
    const answer = await api<{ config: string }>(
      need('app'),
      user,
      'GET',
      `/v1/vpns/${vpnId}/config`,
    );
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

  /** Alice's VPN in Paris and Bob's in Tokyo (4 peanuts, an hour), once both are Running. */
  async function createVpns(): Promise<[string, string]> {
    const [app, alice, bob] = [need('app'), need('alice'), need('bob')];
    const body = (region: string) =>
      createBody(region, { type: 'wireguard', maxPeanuts: 4, deleteAfter: 3600 });
    const vpnA = await createVpn(app, alice, body(PARIS));
    const vpnB = await createVpn(app, bob, body(TOKYO));
    await waitForVpnState(app, alice, vpnA, 'Running', 120_000);
    await waitForVpnState(app, bob, vpnB, 'Running', 120_000);
    return [vpnA, vpnB];
  }

  /** The network, the echo server, nats-server, both hosts and the app, once both regions serve. */
  async function setUp(): Promise<NetnsHostsRun> {
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

    const server = http.createServer((request, response) => {
      const bytes = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('bytes') ?? 0);
      response.end(`${request.socket.remoteAddress ?? ''}\n${'a'.repeat(bytes)}`);
    });
    echo = server;
    await new Promise<void>((resolve) => server.listen(0, ECHO, resolve));
    echoPort = (server.address() as AddressInfo).port;

    run.nats = await startNats([hostA.id, hostB.id], 'password', `${NET}.1`);
    run.database = await openTestDatabase('pglite');
    await Promise.all([start(hostA), start(hostB)]);
    run.app = await buildVpnApp(run.database, {
      NATS_URL: run.nats.serviceUrl,
      HOST_GRACE_S: '3',
      HOST_LOST_S: '3600',
      METER_INTERVAL_S: '0.5',
    });
    [run.alice, run.bob] = await Promise.all([
      signUpUser(run.app, 'hn-a'),
      signUpUser(run.app, 'hn-b'),
    ]);
    await waitFor(
      async () => (await available(PARIS)) === true && (await available(TOKYO)) === true,
      'both regions available',
      120_000,
    );
    return run as NetnsHostsRun;
  }

  /** Kills the hosts, stops everything and removes every name of the test's. */
  async function tearDown(): Promise<void> {
    await Promise.all([...processes.values()].map((host) => host.kill('SIGKILL')));
    await run.app?.close();
    await run.nats?.stop();
    await new Promise((resolve) => (echo ? echo.close(resolve) : resolve(undefined)));
    for (const host of [hostA, hostB]) {
      await sweep(loadNetnsSettings(host.env)).catch(() => undefined);
    }
    await network.cleanup();
    await sh('ip', ['link', 'del', BRIDGE]).catch(() => undefined);
    await run.database?.cleanup();
    for (const host of [hostA, hostB]) if (host.dataDir) removeDir(host.dataDir);
  }

  return {
    network,
    hostA,
    hostB,
    clientA,
    clientB,
    processes,
    setUp,
    tearDown,
    start,
    echoThrough,
    exitAddress,
    metricsOf,
    row,
    configOf,
    serverName,
    daemons,
    createVpns,
  };
}
