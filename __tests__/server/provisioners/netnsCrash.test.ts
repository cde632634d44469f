/**
 * Crash safety with the `netns` provisioner: the server process
 * (`src/server/server.ts`, PROVISIONER=netns, PGlite) runs create / run / delete cycles of
 * several users while a seeded chaos loop SIGKILLs it — when a VPN is being provisioned, when one
 * is being deprovisioned, and at a random moment while VPNs run and are metered every 0.5 s — and
 * starts it again. wireguard-go daemons are detached: they outlive the service, and the restarted
 * service must reconcile them. Afterwards every VPN settles; the namespaces, host links, UAPI
 * sockets, nft port entries and wireguard-go processes of the test's prefix are exactly those of
 * the Running VPNs (each with its namespace and its daemon); deleting those leaves nothing. Prints
 * the counts.
 *
 * Needs root, wireguard-go, wg, ip and nft (skipped with a printed reason elsewhere; a failure
 * under CI=true). Its own prefix, ports and addresses; no traffic is sent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadPglite } from '../../../src/server/db/pglite';
import { slotOfName } from '../../../src/server/provisioners/netnsSettings';
import { namespacePids } from '../../../src/server/provisioners/netnsSystem';
import { makeTempDir, removeDir } from '../../support/helpers';
import { httpApi, pollUntil, signUpOverHttp, type HttpUser } from '../../support/httpUsers';
import { leftovers, netnsSkipReason, sh, sweep, testNetnsEnv } from '../../support/netnsHelpers';
import {
  killServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../../support/serverProcess';
import { prng } from '../../support/prng';

const skip = netnsSkipReason();
const { env: netnsEnv, settings } = testNetnsEnv('pnk', 53801, '10.208.0.0/24', '127.0.0.1');

const TERMINAL = ['Deleted', 'Failed'];
const SETTLED = ['Running', ...TERMINAL];
const PROVISIONING = ['Creating', 'Created', 'Provisioning'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One VPN as the list shows it. */
interface ListedVpn {
  vpnId: string;
  state: string;
}

/** The wireguard-go processes of the test's prefix: pid -> interface name. */
function wireguardDaemons(): Map<number, string> {
  const found = new Map<number, string>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let argv: string[];
    try {
      argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone
    }
    const [program, name] = argv;
    if (program?.endsWith('wireguard-go') && name && slotOfName(settings, name) !== undefined) {
      // A zombie (killed, not yet reaped) is no daemon.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      found.set(Number(entry), name);
    }
  }
  return found;
}

/** The names of the test's prefix in `dir` (optionally without `suffix`). */
function namesIn(dir: string, suffix = ''): string[] {
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(suffix))
    .map((name) => name.slice(0, name.length - suffix.length))
    .filter((name) => slotOfName(settings, name) !== undefined);
}

/** What of the test's prefix exists on the host, by kind, as sorted server names (`pnk<slot>`). */
async function hostState(): Promise<Record<string, string[]>> {
  const links = JSON.parse(await sh('ip', ['-j', 'link', 'show'])) as { ifname: string }[];
  const table = await sh('nft', [
    '-j',
    'list',
    'map',
    'inet',
    `${settings.namePrefix}vpn`,
    'wgports',
  ]).catch(() => '{"nftables":[]}');
  const parsed = JSON.parse(table) as { nftables: { map?: { elem?: [number, string][] } }[] };
  const ports = parsed.nftables.find((item) => item.map)?.map?.elem?.map(([port]) => port) ?? [];
  const sorted = (names: string[]) => [...new Set(names)].sort();
  return {
    namespaces: sorted(namesIn('/var/run/netns')),
    hostLinks: sorted(
      links
        .map((link) => link.ifname)
        .filter((name) => name.endsWith('h'))
        .map((name) => name.slice(0, -1))
        .filter((name) => slotOfName(settings, name) !== undefined),
    ),
    sockets: sorted(namesIn('/var/run/wireguard', '.sock')),
    portEntries: sorted(ports.map((port) => `${settings.namePrefix}${port - settings.firstPort}`)),
    daemons: sorted([...wireguardDaemons().values()]),
  };
}

/** The service process that the chaos loop kills and restarts. */
class Service {
  process: ServerProcess | undefined;
  kills = 0;
  /** wireguard-go processes found alive just after a kill (before the restart), summed. */
  outlived = 0;

  constructor(private readonly env: Record<string, string>) {}

  async start(): Promise<void> {
    this.process = await startServerProcess(this.env, 120_000, { keepOutput: false });
  }

  /** Its origin when it is up. */
  origin(): string | undefined {
    return this.process?.child.exitCode === null ? this.process.url : undefined;
  }

  /** SIGKILL, then start again. */
  async crash(): Promise<void> {
    const victim = this.process;
    this.process = undefined;
    await killServerProcess(victim);
    this.kills++;
    this.outlived += wireguardDaemons().size;
    await this.start();
  }
}

/** Calls the API on the service; undefined when it is down or died under the call. */
async function attempt<T>(
  service: Service,
  user: HttpUser,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T } | undefined> {
  const origin = service.origin();
  if (!origin) return undefined;
  try {
    return await httpApi<T>(origin, user, method, url, body);
  } catch {
    return undefined;
  }
}

/** A listed VPN and its owner. */
interface OwnedVpn extends ListedVpn {
  owner: HttpUser;
}

/** Every VPN of `users` (undefined when a list failed). */
async function allVpns(service: Service, users: HttpUser[]): Promise<OwnedVpn[] | undefined> {
  const all: OwnedVpn[] = [];
  for (const user of users) {
    const list = await attempt<{ vpns: ListedVpn[] }>(service, user, 'GET', '/v1/vpns');
    if (list?.status !== 200) return undefined;
    all.push(...list.body.vpns.map((vpn) => ({ ...vpn, owner: user })));
  }
  return all;
}

/**
 * Runs `user` through create -> Running (kept 0.5 to 2 s, so that it is metered) -> delete
 * cycles until `done()`, counting the user's ended VPNs in `ended`. Any call may fail (the
 * service killed): the next pass looks again.
 */
async function cycleUser(
  service: Service,
  user: HttpUser,
  random: () => number,
  done: () => boolean,
  ended: Map<HttpUser, number>,
): Promise<void> {
  const runningSince = new Map<string, { at: number; keepMs: number }>();
  while (!done()) {
    const list = await attempt<{ vpns: ListedVpn[] }>(service, user, 'GET', '/v1/vpns');
    if (list?.status !== 200) {
      await sleep(300);
      continue;
    }
    const live = list.body.vpns.filter((vpn) => !TERMINAL.includes(vpn.state));
    ended.set(user, list.body.vpns.length - live.length);
    if (live.length === 0) {
      await attempt(service, user, 'POST', '/v1/vpns/', {
        region: 'eu-west-3',
        config: { type: 'wireguard', maxPeanuts: 1, deleteAfter: 3600 },
      });
    }
    for (const vpn of live) {
      if (vpn.state !== 'Running') continue;
      const since = runningSince.get(vpn.vpnId) ?? {
        at: Date.now(),
        keepMs: 500 + random() * 1500,
      };
      runningSince.set(vpn.vpnId, since);
      if (Date.now() - since.at >= since.keepMs) {
        await attempt(service, user, 'DELETE', `/v1/vpns/${encodeURIComponent(vpn.vpnId)}`);
      }
    }
    await sleep(150);
  }
}

(skip ? describe.skip : describe)('netns crash safety under SIGKILL', () => {
  let dataDir: string;
  let service: Service | undefined;

  beforeAll(async () => {
    dataDir = makeTempDir('netns-crash');
    await sweep(settings);
  });
  afterAll(async () => {
    await killServerProcess(service?.process);
    await sweep(settings);
    for (const [pid] of wireguardDaemons()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    removeDir(dataDir);
  });

  it('leaves no namespace, link, socket, port entry or daemon without a live VPN', async () => {
    const random = prng(12_077);
    service = new Service({
      ...netnsEnv,
      DATA_DIR: dataDir,
      WEB_DIR: dataDir,
      METER_INTERVAL_S: '0.5',
      RATE_LIMIT_MAX: '1000000',
    });
    const svc = service;
    await svc.start();
    const users: HttpUser[] = [];
    for (let i = 0; i < 3; i++) users.push(await signUpOverHttp(svc.origin() ?? '', 'nscrash'));

    // Kills: one while a VPN is being provisioned, one right after a Running VPN's deletion
    // (its deprovisioning job about to run or running), one at a random moment while VPNs run
    // (metering passes every 0.5 s). A restart takes 5 to 20 s on a busy machine: three kills
    // keep the test within about 3 minutes.
    const plan = ['provisioning', 'deprovisioning', 'running'];
    const KILLS = plan.length;
    const killedWhile: Record<string, number> = {};
    let chaosDone = false;
    const chaos = async (): Promise<void> => {
      for (const wanted of plan) {
        await sleep(500 + random() * 1000);
        const states = wanted === 'provisioning' ? PROVISIONING : ['Running'];
        // Wait for the moment (generously: the machine may be busy); else kill all the same.
        const deadline = Date.now() + 30_000;
        let seen: OwnedVpn | undefined;
        while (!seen && Date.now() < deadline) {
          seen = (await allVpns(svc, users))?.find((vpn) => states.includes(vpn.state));
          if (!seen) await sleep(100);
        }
        if (seen && wanted === 'deprovisioning') {
          const url = `/v1/vpns/${encodeURIComponent(seen.vpnId)}`;
          await attempt(svc, seen.owner, 'DELETE', url);
          await sleep(random() * 150);
        } else {
          await sleep(random() * (wanted === 'running' ? 500 : 300));
        }
        const moment = seen ? wanted : 'random';
        killedWhile[moment] = (killedWhile[moment] ?? 0) + 1;
        await svc.crash();
      }
      chaosDone = true;
    };
    // Cycles go on after the last kill until 2 per user have ended (a restart takes most of the
    // time between kills); the deadline only stops a run that cannot get there.
    const ended = new Map<HttpUser, number>();
    const endedCount = () => [...ended.values()].reduce((sum, count) => sum + count, 0);
    const deadline = Date.now() + 200_000;
    const done = () => (chaosDone && endedCount() >= 2 * users.length) || Date.now() > deadline;
    await Promise.all([...users.map((user) => cycleUser(svc, user, random, done, ended)), chaos()]);
    expect(svc.kills).toBe(KILLS);
    expect(endedCount()).toBeGreaterThanOrEqual(2 * users.length);

    // Everything settles in bounded time (generous: a busy machine).
    let vpns: OwnedVpn[] | undefined;
    await pollUntil(
      async () =>
        (vpns = await allVpns(svc, users))?.every((v) => SETTLED.includes(v.state)) ?? false,
      120_000,
      () => `VPNs not settled: ${JSON.stringify(vpns?.map(({ vpnId, state }) => [vpnId, state]))}`,
      500,
    );
    const settled = vpns ?? [];
    const running = settled.filter((vpn) => vpn.state === 'Running');

    // The servers of the Running VPNs, by their configs' ports.
    const expected: string[] = [];
    for (const vpn of running) {
      const config = await attempt<{ config: string }>(
        svc,
        vpn.owner,
        'GET',
        `/v1/vpns/${encodeURIComponent(vpn.vpnId)}/config`,
      );
      expect(config?.status).toBe(200);
      const conf = Buffer.from(config?.body.config ?? '', 'base64').toString('utf8');
      const port = Number(/^\s*Endpoint\s*=\s*.*:(\d+)\s*$/m.exec(conf)?.[1]);
      expected.push(`${settings.namePrefix}${port - settings.firstPort}`);
    }
    expected.sort();

    const wanted = {
      namespaces: expected,
      hostLinks: expected,
      sockets: expected,
      portEntries: expected,
      daemons: expected,
    };
    // A Failed VPN's teardown follows its state change: give what is under way time to end.
    let state = await hostState();
    await pollUntil(
      async () => JSON.stringify((state = await hostState())) === JSON.stringify(wanted),
      60_000,
      () => `host state ${JSON.stringify(state)}, expected ${JSON.stringify(wanted)}`,
      500,
    ).catch(() => undefined);
    expect(state).toEqual(wanted);
    // Each daemon runs in its VPN's namespace, one per VPN.
    const daemons = wireguardDaemons();
    expect(daemons.size).toBe(expected.length);
    for (const name of expected) {
      const inside = namespacePids(name).filter((pid) => daemons.get(pid) === name);
      expect({ name, daemons: inside.length }).toEqual({ name, daemons: 1 });
    }

    const byState = settled.reduce<Record<string, number>>((acc, vpn) => {
      acc[vpn.state] = (acc[vpn.state] ?? 0) + 1;
      return acc;
    }, {});
    process.stdout.write(
      `netns crash safety: ${svc.kills} kills ${JSON.stringify(killedWhile)}, ` +
        `${settled.filter((vpn) => TERMINAL.includes(vpn.state)).length} create/run/delete cycles ` +
        `(${svc.outlived} wireguard-go processes outlived them), ` +
        `${settled.length} VPNs ${JSON.stringify(byState)}; on the host: ` +
        `${state.namespaces.length} namespaces, ${state.hostLinks.length} links, ` +
        `${state.sockets.length} sockets, ${state.portEntries.length} port entries, ` +
        `${daemons.size} wireguard-go processes, all of Running VPNs\n`,
    );

    // Deleting the Running VPNs leaves nothing of the prefix but the (empty) nft table.
    for (const vpn of running) {
      const answer = await attempt(
        svc,
        vpn.owner,
        'DELETE',
        `/v1/vpns/${encodeURIComponent(vpn.vpnId)}`,
      );
      // 204 when it ended on its own meanwhile (it cannot reach 1 peanut in this test's time).
      expect([202, 204]).toContain(answer?.status);
    }
    await pollUntil(
      async () =>
        (vpns = await allVpns(svc, users))?.every((v) => TERMINAL.includes(v.state)) ?? false,
      120_000,
      () => `VPNs not deleted: ${JSON.stringify(vpns?.map(({ vpnId, state }) => [vpnId, state]))}`,
      500,
    );
    let left: string[] = [];
    await pollUntil(
      async () => (left = await leftovers(settings)).length + wireguardDaemons().size === 0,
      60_000,
    ).catch(() => undefined);
    expect(left).toEqual([]);
    expect([...wireguardDaemons().values()]).toEqual([]);

    // Stopped, the database holds no server allocation.
    const last = svc.process;
    last?.child.kill('SIGTERM');
    expect(await last?.exited).toEqual({ code: 0, signal: null });
    const { PGlite, NodeFS } = loadPglite();
    const client = await PGlite.create({ fs: new NodeFS(path.join(dataDir, 'pglite')) });
    try {
      const rows = await client.query('SELECT vpn_id FROM netns_servers');
      expect(rows.rows).toEqual([]);
    } finally {
      await client.close();
    }
  }, 330_000);
});
