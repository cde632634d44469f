/**
 * Crash safety: server processes (two on one PostgreSQL, one on PGlite) run
 * create / run / delete cycles of several users while a seeded chaos loop SIGKILLs a process at
 * random moments (mid-request, mid-job, mid-metering transaction: metering ticks every 0.2 s and
 * simulated steps last 50 ms) and restarts it. Afterwards, once every process is back: every VPN
 * ends Running, Deleted or Failed within a bounded time, and — read from the database once the
 * servers are stopped — each user's ledger holds only the sign-up bonus and usage settlements,
 * the usage settled for each VPN equals what its row says is settled (`settled_nano`), only a
 * Running VPN holds unsettled usage, no interval is settled twice, and so the balance (the ledger
 * less the unsettled usage) is bonus minus recorded usage (`consumed_nano`). Settlements every
 * second (METER_SETTLE_S=1), so periodic ones are killed mid-way too. Prints the counts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { loadPglite } from '../../../src/server/db/pglite';
import { makeTempDir, removeDir } from '../../support/helpers';
import { httpApi, pollUntil, signUpOverHttp, type HttpUser } from '../../support/httpUsers';
import {
  killServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../../support/serverProcess';
import { prng } from '../../support/prng';

/** Sign-up bonus of the product preset, in nano-peanuts. */
const BONUS_NANO = 10e9;
const TERMINAL = ['Deleted', 'Failed'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Server processes on one database that the chaos loop kills and restarts. */
class Fleet {
  readonly processes: (ServerProcess | undefined)[];
  kills = 0;

  constructor(
    size: number,
    private readonly env: Record<string, string>,
    private readonly random: () => number,
  ) {
    this.processes = new Array<ServerProcess | undefined>(size).fill(undefined);
  }

  async start(index: number): Promise<void> {
    this.processes[index] = await startServerProcess(this.env, 120_000);
  }

  /** A live process's origin, chosen at random (undefined when none is up). */
  origin(): string | undefined {
    const live = this.processes.filter((p): p is ServerProcess => p?.child.exitCode === null);
    return live[Math.floor(this.random() * live.length)]?.url;
  }

  /** Kills process `index` with SIGKILL and starts it again. */
  async crash(index: number): Promise<void> {
    const victim = this.processes[index];
    this.processes[index] = undefined;
    await killServerProcess(victim);
    this.kills++;
    await this.start(index);
  }

  /** Stops every process gracefully (SIGTERM), as an operator would before checking. */
  async stop(): Promise<void> {
    await Promise.all(
      this.processes.map(async (process) => {
        if (!process || process.child.exitCode !== null) return;
        process.child.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), 30_000);
        });
        const exited = await Promise.race([process.exited, late]);
        clearTimeout(timer);
        if (!exited) await killServerProcess(process);
      }),
    );
  }

  async killAll(): Promise<void> {
    await Promise.all(this.processes.map((process) => killServerProcess(process)));
  }
}

/** One VPN as the list shows it. */
interface ListedVpn {
  vpnId: string;
  state: string;
}

/** Calls the API on a random live process; undefined when the call failed on the way. */
async function attempt<T>(
  fleet: Fleet,
  user: HttpUser,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T } | undefined> {
  const origin = fleet.origin();
  if (!origin) return undefined;
  try {
    return await httpApi<T>(origin, user, method, url, body);
  } catch {
    return undefined; // the process died under the request
  }
}

/**
 * Runs `user` through create -> Running -> delete -> Deleted cycles until `done()`; answers the
 * VPNs created. Any call may fail (its process killed): the next pass of the loop looks again.
 */
async function cycleUser(fleet: Fleet, user: HttpUser, done: () => boolean): Promise<void> {
  while (!done()) {
    const list = await attempt<{ vpns: ListedVpn[] }>(fleet, user, 'GET', '/v1/vpns');
    if (list?.status !== 200) {
      await sleep(200);
      continue;
    }
    const live = list.body.vpns.filter((vpn) => !TERMINAL.includes(vpn.state));
    if (live.length === 0) {
      await attempt(fleet, user, 'POST', '/v1/vpns/', {
        region: 'eu-west-3',
        config: { type: 'wireguard', maxPeanuts: 1, deleteAfter: 3600 },
      });
    }
    for (const vpn of live) {
      if (vpn.state === 'Running') {
        await attempt(fleet, user, 'DELETE', `/v1/vpns/${encodeURIComponent(vpn.vpnId)}`);
      }
    }
    await sleep(150);
  }
}

/** Rows read from the database after the run. */
interface Rows {
  vpns: {
    vpn_id: string;
    user_sub: string;
    state: string;
    consumed_nano: string;
    settled_nano: string;
  }[];
  ledger: { user_sub: string; kind: string; key: string; amount_nano: string }[];
}

/** Checks the invariants on `rows` for `users`; answers the number of checks made. */
function checkInvariants(rows: Rows, users: HttpUser[]): number {
  let checks = 0;
  const check = (ok: boolean, what: () => string): void => {
    checks++;
    if (!ok) throw new Error(`invariant broken: ${what()}`);
  };
  for (const vpn of rows.vpns) {
    check(
      ['Running', 'Deleted', 'Failed'].includes(vpn.state),
      () => `${vpn.vpn_id} is ${vpn.state}`,
    );
  }
  for (const user of users) {
    const entries = rows.ledger.filter((entry) => entry.user_sub === user.sub);
    const bonus = entries.filter((entry) => entry.kind === 'signup_bonus');
    check(
      bonus.length === 1 && Number(bonus[0]?.amount_nano) === BONUS_NANO,
      () => `${user.username} bonus ${JSON.stringify(bonus)}`,
    );
    check(
      entries.every((entry) => entry.kind === 'signup_bonus' || entry.kind === 'usage'),
      () => `${user.username} has kinds ${entries.map((e) => e.kind).join()}`,
    );
    let recorded = 0n;
    let unsettled = 0n;
    for (const vpn of rows.vpns.filter((v) => v.user_sub === user.sub)) {
      const charges = entries.filter((entry) => entry.key.startsWith(`usage:${vpn.vpn_id}:`));
      const indexes = charges.map((entry) => Number(entry.key.split(':').pop()));
      check(new Set(indexes).size === indexes.length, () => `${vpn.vpn_id} settled twice`);
      const settled = charges.reduce((sum, entry) => sum - BigInt(entry.amount_nano), 0n);
      check(
        settled === BigInt(vpn.settled_nano),
        () => `${vpn.vpn_id}: settled ${settled} in the ledger, ${vpn.settled_nano} on its row`,
      );
      check(
        vpn.state === 'Running' || vpn.settled_nano === vpn.consumed_nano,
        () => `${vpn.vpn_id} is ${vpn.state} with unsettled usage`,
      );
      recorded += BigInt(vpn.consumed_nano);
      unsettled += BigInt(vpn.consumed_nano) - BigInt(vpn.settled_nano);
    }
    const usage = entries.filter((entry) => entry.kind === 'usage');
    check(
      usage.every((entry) => rows.vpns.some((v) => entry.key.startsWith(`usage:${v.vpn_id}:`))),
      () => `${user.username} has a charge for no VPN of theirs`,
    );
    const balance = entries.reduce((sum, entry) => sum + BigInt(entry.amount_nano), 0n) - unsettled;
    check(
      balance === BigInt(BONUS_NANO) - recorded,
      () =>
        `${user.username}: balance ${balance}, bonus - recorded usage ${BigInt(BONUS_NANO) - recorded}`,
    );
  }
  return checks;
}

const VPN_SQL =
  'SELECT vpn_id, user_sub::text, state, consumed_nano::text, settled_nano::text FROM vpns ORDER BY vpn_id';
const LEDGER_SQL =
  'SELECT user_sub::text, kind, key, amount_nano::text FROM ledger_entries ORDER BY id';

/**
 * Runs `users` users through cycles on `fleet` until `cycles` VPNs have ended (at most 240 s)
 * while the chaos loop makes `kills` kills,
 * lets everything settle, stops the servers and checks the database with `readRows`.
 */
async function runChaos(
  label: string,
  fleet: Fleet,
  random: () => number,
  options: { users: number; cycles: number; kills: number; killEveryMs: [number, number] },
  readRows: () => Promise<Rows>,
): Promise<void> {
  // One after the other (starting at once is covered by startupRace.test.ts).
  for (const index of fleet.processes.keys()) await fleet.start(index);
  const users: HttpUser[] = [];
  for (let i = 0; i < options.users; i++) {
    users.push(await signUpOverHttp(fleet.origin() ?? '', `crash-${label}`));
  }

  let ended = 0;
  // Generous: the verdict must not depend on how busy the machine is.
  const deadline = Date.now() + 240_000;
  const done = () => ended >= options.cycles || Date.now() > deadline;
  const chaos = (async () => {
    while (!done() && fleet.kills < options.kills) {
      const [least, most] = options.killEveryMs;
      await sleep(least + random() * (most - least));
      if (done()) break;
      await fleet.crash(Math.floor(random() * fleet.processes.length));
    }
  })();
  // Counts the VPNs ended, from the users' lists (a failed list is tried again).
  const count = async () => {
    while (!done()) {
      await sleep(500);
      let total = 0;
      let complete = true;
      for (const user of users) {
        const list = await attempt<{ vpns: ListedVpn[] }>(fleet, user, 'GET', '/v1/vpns');
        if (list?.status !== 200) {
          complete = false;
          break;
        }
        total += list.body.vpns.filter((vpn) => TERMINAL.includes(vpn.state)).length;
      }
      if (complete) ended = total;
    }
  };
  await Promise.all([...users.map((user) => cycleUser(fleet, user, done)), chaos, count()]);
  expect(ended).toBeGreaterThanOrEqual(options.cycles);

  // Every process is up again (chaos restarts the one it kills): everything settles in bounded time.
  const states = async (): Promise<string[] | undefined> => {
    const all: string[] = [];
    for (const user of users) {
      const list = await attempt<{ vpns: ListedVpn[] }>(fleet, user, 'GET', '/v1/vpns');
      if (list?.status !== 200) return undefined;
      all.push(...list.body.vpns.map((vpn) => vpn.state));
    }
    return all;
  };
  let last: string[] | undefined;
  await pollUntil(
    async () =>
      (last = await states())?.every((s) => ['Running', ...TERMINAL].includes(s)) ?? false,
    90_000,
    () => `VPNs not settled: ${JSON.stringify(last)}`,
    500,
  );
  await fleet.stop();

  const rows = await readRows();
  const checks = checkInvariants(rows, users);
  const byState = rows.vpns.reduce<Record<string, number>>((acc, vpn) => {
    acc[vpn.state] = (acc[vpn.state] ?? 0) + 1;
    return acc;
  }, {});
  process.stdout.write(
    `crash safety (${label}): ${fleet.kills} kills, ${ended} create/run/delete cycles, ` +
      `${rows.vpns.length} VPNs ${JSON.stringify(byState)}, ${rows.ledger.length} ledger entries, ` +
      `${checks} invariant checks held\n`,
  );
}

const BASE_ENV = {
  SIMULATED_STEP_MS: '50',
  METER_INTERVAL_S: '0.2',
  METER_SETTLE_S: '1',
  RATE_LIMIT_MAX: '1000000',
};

describe('crash safety under SIGKILL', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) removeDir(dir);
  });

  const pgUrl = process.env.TEST_DATABASE_URL;
  (pgUrl ? it : it.skip)(
    'two processes on one PostgreSQL lose nothing and charge nothing twice',
    async () => {
      const name = `peanut_crash_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = async (sql: string) => {
        const client = new Client({ connectionString: pgUrl });
        await client.connect();
        try {
          await client.query(sql);
        } finally {
          await client.end();
        }
      };
      await admin(`CREATE DATABASE "${name}"`);
      const url = new URL(pgUrl ?? '');
      url.pathname = `/${name}`;
      const webDir = makeTempDir('crash-web');
      dirs.push(webDir);
      const random = prng(12_012);
      const fleet = new Fleet(
        2,
        { ...BASE_ENV, DATABASE_URL: url.toString(), DATA_DIR: webDir, WEB_DIR: webDir },
        random,
      );
      try {
        await runChaos(
          'PostgreSQL',
          fleet,
          random,
          { users: 5, cycles: 100, kills: 6, killEveryMs: [1000, 3000] },
          async () => {
            const client = new Client({ connectionString: url.toString() });
            await client.connect();
            try {
              const vpns = (await client.query(VPN_SQL)).rows as Rows['vpns'];
              const ledger = (await client.query(LEDGER_SQL)).rows as Rows['ledger'];
              return { vpns, ledger };
            } finally {
              await client.end();
            }
          },
        );
      } finally {
        await fleet.killAll();
        await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
    },
    330_000,
  );

  it('one process on PGlite loses nothing and charges nothing twice', async () => {
    const dataDir = makeTempDir('crash-pglite');
    dirs.push(dataDir);
    const random = prng(12_013);
    const fleet = new Fleet(1, { ...BASE_ENV, DATA_DIR: dataDir, WEB_DIR: dataDir }, random);
    try {
      await runChaos(
        'PGlite',
        fleet,
        random,
        { users: 4, cycles: 30, kills: 3, killEveryMs: [2000, 5000] },
        async () => {
          expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
          const { PGlite, NodeFS } = loadPglite();
          const client = await PGlite.create({ fs: new NodeFS(path.join(dataDir, 'pglite')) });
          try {
            const vpns = (await client.query(VPN_SQL)).rows as Rows['vpns'];
            const ledger = (await client.query(LEDGER_SQL)).rows as Rows['ledger'];
            return { vpns, ledger };
          } finally {
            await client.close();
          }
        },
      );
    } finally {
      await fleet.killAll();
    }
  }, 330_000);
});
