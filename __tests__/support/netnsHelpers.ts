/**
 * Helpers of the `netns` provisioner tests: whether this host can run them, the test's
 * own network namespaces (WireGuard clients and an HTTP target, each joined to the host by a veth
 * pair), a client brought up with exactly a downloaded config (wireguard-go + `wg setconf`),
 * HTTP requests and pings from inside a namespace, and a sweep that leaves nothing behind.
 *
 * Traffic only ever goes to loopback or to namespaces these helpers created.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { netnsAvailability, processExists } from '../../src/server/provisioners/netnsSystem';
import { loadNetnsSettings, type NetnsSettings } from '../../src/server/provisioners/netnsSettings';
import { removeHostRules, tableName } from '../../src/server/provisioners/netnsHost';
import { LOCK_DIR } from '../../src/server/provisioners/netnsLock';

/**
 * Why the netns tests cannot run here, or undefined when they can. Under CI=true a missing
 * requirement throws instead (CI must run them).
 */
export function netnsSkipReason(): string | undefined {
  const { available, missing } = netnsAvailability();
  if (available) return undefined;
  const reason = `netns tests skipped: missing ${missing.join(', ')}`;
  if (process.env.CI === 'true') throw new Error(`${reason} (required under CI=true)`);
  process.stdout.write(`${reason}\n`);
  return reason;
}

/**
 * Runs a command (no shell); resolves with stdout, rejects with the exit status, stderr and
 * stdout in the message (wireguard-go logs its errors on stdout, after a banner on stderr).
 */
export function sh(file: string, args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(file, args, { timeout: 30_000 }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`${file} ${args.join(' ')}: ${error.message}\n${stderr}${stdout}`));
      } else resolve(stdout);
    });
    child.stdin?.on('error', () => undefined); // it may exit before reading
    child.stdin?.end(input ?? '');
  });
}

/** Like {@link sh}, but resolves false instead of rejecting. */
export async function succeeds(file: string, args: string[]): Promise<boolean> {
  try {
    await sh(file, args);
    return true;
  } catch {
    return false;
  }
}

/** A namespace of the test joined to the host: `<name>` with `eth0` = .2, host end `<name>h` = .1. */
export interface TestNamespace {
  name: string;
  hostAddress: string;
  address: string;
}

/** The test's network: its namespaces and processes, removed by {@link TestNetwork.cleanup}. */
export class TestNetwork {
  readonly namespaces: TestNamespace[] = [];
  readonly processes: ChildProcess[] = [];

  /**
   * @param prefix the test's names start with it (2 to 4 letters, unlike the provisioner's)
   * @param subnet the /24 of the test's veth pairs, e.g. `10.251.1`
   */
  constructor(
    readonly prefix: string,
    readonly subnet: string,
  ) {}

  /**
   * Creates namespace `<prefix><label>` joined to the host by a /30 (the `index`-th); with
   * `options.group`, the host's end is made in that link group (as the provisioner's veths are:
   * netnsSettings.ts `linkGroup`); with `options.defaultRoute`, the namespace routes everything
   * through the host.
   */
  async addNamespace(
    label: string,
    index: number,
    options: { group?: number; defaultRoute?: boolean } = {},
  ): Promise<TestNamespace> {
    const name = `${this.prefix}${label}`;
    const hostAddress = `${this.subnet}.${4 * index + 1}`;
    const address = `${this.subnet}.${4 * index + 2}`;
    const ns: TestNamespace = { name, hostAddress, address };
    this.namespaces.push(ns);
    await sh('ip', ['netns', 'add', name]);
    await sh(
      'ip',
      ['-batch', '-'],
      [
        `link add ${name}h${options.group === undefined ? '' : ` group ${options.group}`} type veth peer name eth0 netns ${name}`,
        `addr add ${hostAddress}/30 dev ${name}h`,
        `link set ${name}h up`,
        '',
      ].join('\n'),
    );
    await sh(
      'ip',
      ['-n', name, '-batch', '-'],
      [
        'link set lo up',
        `addr add ${address}/30 dev eth0`,
        'link set eth0 up',
        ...(options.defaultRoute ? [`route add default via ${hostAddress}`] : []),
        '',
      ].join('\n'),
    );
    return ns;
  }

  /** Runs an HTTP server in `ns` on `port` (8000), IPv4 and IPv6: `GET /?bytes=N` answers N bytes. */
  async serveHttp(ns: TestNamespace, port = 8000): Promise<void> {
    const script = `require('http').createServer((q, r) => {
      const n = Number(new URL(q.url, 'http://x').searchParams.get('bytes') || 0);
      r.end(Buffer.alloc(n, 97));
    }).listen(${port}, '::', () => console.log('listening'));`;
    const child = spawn('ip', ['netns', 'exec', ns.name, process.execPath, '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.processes.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout?.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`HTTP server exited with ${code}`)));
    });
  }

  /**
   * Brings up WireGuard in `ns` with exactly the client config `conf` (wg-quick format): an
   * interface named like the namespace, `wg setconf` with the [Interface] keys wg-quick alone
   * reads (Address, DNS) left out, those addresses, and every route through the tunnel except
   * the endpoint's, which stays on the veth pair (as wg-quick does; `endpointOnLink`: the
   * endpoint is on the namespace's own network, whose route is more specific than the tunnel's).
   */
  async connectClient(ns: TestNamespace, conf: string, endpointOnLink = false): Promise<void> {
    const wgQuickOnly = /^\s*(Address|DNS)\s*=\s*(.*)$/;
    const addresses = conf
      .split('\n')
      .map((line) => wgQuickOnly.exec(line))
      .filter((match): match is RegExpExecArray => match !== null && match[1] === 'Address')
      .flatMap((match) => match[2].split(',').map((item) => item.trim()));
    const setconf = conf
      .split('\n')
      .filter((line) => !wgQuickOnly.test(line))
      .join('\n');
    const endpointHost = /^\s*Endpoint\s*=\s*(.*):\d+\s*$/m.exec(conf)?.[1];
    await sh('ip', ['netns', 'exec', ns.name, 'wireguard-go', ns.name]);
    // The keys go through a 0600 file, removed at once (stdin is a socket `wg` cannot fopen).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'peanut-wg-'));
    const file = path.join(dir, 'client.conf');
    try {
      fs.writeFileSync(file, setconf, { mode: 0o600 });
      await sh('ip', ['netns', 'exec', ns.name, 'wg', 'setconf', ns.name, file]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await sh(
      'ip',
      ['-n', ns.name, '-batch', '-'],
      [
        // IPv6 ones too, usable at once (`nodad`), and IPv6's default route.
        ...addresses.map(
          (cidr) => `addr add ${cidr} dev ${ns.name}${cidr.includes(':') ? ' nodad' : ''}`,
        ),
        `link set ${ns.name} up`,
        `route add default dev ${ns.name}`,
        ...(addresses.some((cidr) => cidr.includes(':')) ? [`route add ::/0 dev ${ns.name}`] : []),
        // The endpoint stays reachable outside the tunnel (a no-op when it is the host's end).
        ...(endpointHost && endpointHost !== ns.hostAddress && !endpointOnLink
          ? [`route add ${endpointHost}/32 via ${ns.hostAddress} dev eth0`]
          : []),
        '',
      ].join('\n'),
    );
  }

  /** Stops the WireGuard client of `ns` (its interface goes with its wireguard-go). */
  async disconnectClient(ns: TestNamespace): Promise<void> {
    await killNamespaceProcesses(ns.name);
    fs.rmSync(`/var/run/wireguard/${ns.name}.sock`, { force: true });
    // The kernel removes the TUN interface after its process is gone, not at once: a new
    // wireguard-go of the same name fails while it is still there (a CI run saw it).
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const present = await sh('ip', ['-n', ns.name, 'link', 'show', ns.name]).then(
        () => true,
        () => false,
      );
      if (!present) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`interface ${ns.name} still present 10 s after its wireguard-go died`);
  }

  /**
   * `GET http://<address>:<port>/?bytes=N` (IPv4 or IPv6) from inside `ns`; resolves with the
   * bytes received, or -1 when no answer came within `timeoutMs`.
   */
  async fetchFrom(
    ns: TestNamespace,
    address: string,
    bytes: number,
    timeoutMs = 30_000,
    port = 8000,
  ): Promise<number> {
    const host = address.includes(':') ? `[${address}]` : address;
    const script = `fetch('http://${host}:${port}/?bytes=${bytes}', { signal: AbortSignal.timeout(${timeoutMs}) })
      .then((r) => r.arrayBuffer()).then((b) => console.log(b.byteLength), () => console.log(-1));`;
    const out = await sh('ip', ['netns', 'exec', ns.name, process.execPath, '-e', script]);
    return Number(out.trim());
  }

  /**
   * True when `address` answers one ping from `ns` within `waitS` seconds (default 1: enough
   * to show that nothing answers; give more where an answer is expected on a busy machine).
   */
  pingFrom(ns: TestNamespace, address: string, waitS = 1): Promise<boolean> {
    return succeeds('ip', [
      'netns',
      'exec',
      ns.name,
      'ping',
      '-n',
      '-q',
      '-c',
      '1',
      '-W',
      String(waitS),
      address,
    ]);
  }

  /** Stops the test's processes and removes its namespaces (with their WireGuard clients). */
  async cleanup(): Promise<void> {
    for (const child of this.processes) child.kill('SIGKILL');
    for (const ns of this.namespaces) {
      await killNamespaceProcesses(ns.name);
      await sh('ip', ['link', 'del', `${ns.name}h`]).catch(() => undefined);
      await sh('ip', ['netns', 'del', ns.name]).catch(() => undefined);
      fs.rmSync(`/var/run/wireguard/${ns.name}.sock`, { force: true });
    }
  }
}

/** Kills every process in namespace `name` and waits until they are gone. */
async function killNamespaceProcesses(name: string): Promise<void> {
  const pids = (await sh('ip', ['netns', 'pids', name]).catch(() => ''))
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  while (pids.some(processExists)) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Everything of the provisioner with `settings` present on this host (names, pids, rules). */
export async function leftovers(settings: NetnsSettings): Promise<string[]> {
  const found: string[] = [];
  const ours = new RegExp(`^${settings.namePrefix}\\d+h?(\\.sock)?$`);
  const list = (dir: string) => {
    try {
      return fs.readdirSync(dir);
    } catch {
      return [];
    }
  };
  for (const name of list('/var/run/netns')) if (ours.test(name)) found.push(`netns ${name}`);
  for (const name of list('/var/run/wireguard')) if (ours.test(name)) found.push(`socket ${name}`);
  const links = JSON.parse(await sh('ip', ['-j', 'link', 'show'])) as { ifname: string }[];
  for (const { ifname } of links) if (ours.test(ifname)) found.push(`link ${ifname}`);
  const table = await sh('nft', ['list', 'map', 'inet', tableName(settings), 'wgports']).catch(
    () => '',
  );
  const elements = /elements = \{([^}]*)\}/.exec(table)?.[1].trim();
  if (elements) found.push(`nft elements ${elements}`);
  return found;
}

/**
 * Removes everything the provisioner with `settings` may have left (namespaces with their
 * processes, links, sockets, our nft table): the tests' last word, even after a failure.
 */
export async function sweep(settings: NetnsSettings): Promise<void> {
  const ours = new RegExp(`^${settings.namePrefix}\\d+$`);
  let names: string[] = [];
  try {
    names = fs.readdirSync('/var/run/netns').filter((name) => ours.test(name));
  } catch {
    // none
  }
  for (const name of names) {
    await killNamespaceProcesses(name);
    await sh('ip', ['link', 'del', `${name}h`]).catch(() => undefined);
    await sh('ip', ['netns', 'del', name]).catch(() => undefined);
    fs.rmSync(`/var/run/wireguard/${name}.sock`, { force: true });
  }
  await removeHostRules(settings);
  // The prefix's lock file, once its owner is gone (a killed server or host leaves it).
  const lock = path.join(LOCK_DIR, `${settings.namePrefix}.lock`);
  try {
    const { pid } = JSON.parse(fs.readFileSync(lock, 'utf8')) as { pid: number };
    if (pid !== process.pid && !processExists(pid)) fs.rmSync(lock, { force: true });
  } catch {
    // none, or unreadable: left alone
  }
}

/**
 * The netns settings of a test: its own prefix, ports and addresses (no clash with others);
 * `allowedPrivate` (WG_ALLOWED_PRIVATE) opens the test's own private subnet to its clients.
 */
export function testNetnsEnv(
  prefix: string,
  firstPort: number,
  addresses: string,
  endpoint: string,
  allowedPrivate = '',
) {
  const env = {
    PROVISIONER: 'netns',
    NETNS_PREFIX: prefix,
    WG_PORTS: `${firstPort}-${firstPort + 15}`,
    WG_ADDRESSES: addresses,
    WG_ENDPOINT_HOST: endpoint,
    WG_DNS: '10.0.0.53',
    WG_ALLOWED_PRIVATE: allowedPrivate,
  };
  return { env, settings: loadNetnsSettings(env) };
}
