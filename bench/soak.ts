/**
 * `npm run bench:soak`: a soak of the server as `npm start` runs it (a child
 * process on PGlite in a temporary data directory, simulated provisioner, default metering)
 * under 500 simulated signed-in dashboards. Each dashboard polls, every 10 s, what the SPA's
 * dashboard polls: the first page of the VPN list, each listed VPN, and the balance; meanwhile
 * VPNs are created and deleted (one churn action per second). Prints the request count, errors
 * (network failures and non-2xx answers), p50/p99/max latency, and the server's RSS at the
 * start (after sign-ups and warm-up) and at the end. Wall latency depends on how busy the
 * machine is, so it also prints the server process's CPU time (user + system, from /proc) over
 * the run divided by the requests (polls and churn actions; it includes the metering and job
 * work that ran meanwhile) and the load average at the start and the end: a low CPU time per
 * request with a high p99 on a loaded machine is queueing for the CPU, not the server's work.
 * Loopback only; the data directory is removed afterwards. Goals: zero errors, p99 <= 100 ms
 * (on an idle machine), RSS flat.
 *
 * Environment: SOAK_SECONDS (default 600), SOAK_DASHBOARDS (default 500), SOAK_USERS (default
 * 100: dashboards are spread over them, as tabs of the same users), SOAK_POLL_S (default 10).
 * The server runs with RATE_LIMIT_MAX raised: every dashboard shares the loopback address; and
 * with IDP_ALLOW_PASSWORD_AUTH=true (serverProcess.ts): the sign-ups sign in by
 * USER_PASSWORD_AUTH, which the app client allows only with it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { signUpOverHttp, type HttpUser } from '../__tests__/support/httpUsers';
import { killServerProcess, startServerProcess } from '../__tests__/support/serverProcess';
import { setting } from './common';

/** The `p`-th percentile (0-100) of sorted `values`, nearest rank. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Resident set size of process `pid` in MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS =
  Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU time (user + system) process `pid` has used so far, in ms (Linux /proc). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After `pid (comm) `: state is field 3; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** The 1-minute load average, rounded. */
const load = (): number => Math.round(os.loadavg()[0] * 10) / 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Latencies and errors of the polls. */
class Stats {
  readonly latencies: number[] = [];
  errors = 0;
  readonly errorSamples: string[] = [];

  /** Times one GET of `url` as `user`; answers its JSON body (undefined on error). */
  async get<T>(url: string, user: HttpUser): Promise<T | undefined> {
    const start = performance.now();
    try {
      const response = await fetch(url, { headers: { authorization: user.idToken } });
      const text = await response.text();
      this.latencies.push(performance.now() - start);
      if (response.status !== 200) throw new Error(`${response.status} ${text.slice(0, 100)}`);
      return JSON.parse(text) as T;
    } catch (error) {
      this.errors++;
      if (this.errorSamples.length < 5) {
        this.errorSamples.push(`GET ${url}: ${(error as Error).message}`);
      }
      return undefined;
    }
  }
}

/** Polls like one dashboard until `end` (epoch ms), starting after `offsetMs`. */
async function dashboard(
  origin: string,
  user: HttpUser,
  pollMs: number,
  offsetMs: number,
  end: number,
  stats: Stats,
): Promise<void> {
  await sleep(offsetMs);
  while (Date.now() < end) {
    const started = Date.now();
    const list = await stats.get<{ vpns: { vpnId: string }[] }>(
      `${origin}/v1/vpns?pageSize=4`,
      user,
    );
    for (const vpn of list?.vpns ?? []) {
      await stats.get(`${origin}/v1/vpns/${encodeURIComponent(vpn.vpnId)}`, user);
    }
    await stats.get(`${origin}/v1/peanuts`, user);
    await sleep(Math.max(0, pollMs - (Date.now() - started)));
  }
}

/** Creates and deletes VPNs of random users, one action per second, until `end`. */
async function churn(origin: string, users: HttpUser[], end: number): Promise<number> {
  let actions = 0;
  const live = new Map<string, HttpUser>();
  while (Date.now() < end) {
    const user = users[Math.floor(Math.random() * users.length)] as HttpUser;
    const running = [...live].find(([, owner]) => owner === user);
    if (running) {
      await fetch(`${origin}/v1/vpns/${encodeURIComponent(running[0])}`, {
        method: 'DELETE',
        headers: { authorization: user.idToken },
      }).catch(() => undefined);
      live.delete(running[0]);
    } else {
      const response = await fetch(`${origin}/v1/vpns/`, {
        method: 'POST',
        headers: { authorization: user.idToken, 'content-type': 'application/json' },
        body: JSON.stringify({
          region: 'eu-west-3',
          config: { type: 'wireguard', maxPeanuts: 1, deleteAfter: 3600 },
        }),
      }).catch(() => undefined);
      if (response?.status === 202) {
        const body = (await response.json()) as { vpn: { id: string } };
        live.set(body.vpn.id, user);
      }
    }
    actions++;
    await sleep(1000);
  }
  return actions;
}

/** Runs the soak and prints its figures. */
async function main(): Promise<void> {
  const seconds = setting('SOAK_SECONDS', 600, 86_400);
  const dashboards = setting('SOAK_DASHBOARDS', 500, 10_000);
  const userCount = Math.min(dashboards, setting('SOAK_USERS', 100, 10_000));
  const pollMs = setting('SOAK_POLL_S', 10, 3600) * 1000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peanut-soak-'));
  const server = await startServerProcess(
    { DATA_DIR: dataDir, WEB_DIR: dataDir, RATE_LIMIT_MAX: '1000000000' },
    120_000,
    { keepOutput: false },
  );
  const pid = server.child.pid as number;
  try {
    const users: HttpUser[] = [];
    for (let i = 0; i < userCount; i += 10) {
      const batch = Array.from({ length: Math.min(10, userCount - i) }, () =>
        signUpOverHttp(server.url, 'soak'),
      );
      users.push(...(await Promise.all(batch)));
    }
    // Warm-up: one poll round by every user before the first RSS reading.
    const warm = new Stats();
    await Promise.all(users.map((user) => warm.get(`${server.url}/v1/peanuts`, user)));
    const rssStart = rssMiB(pid);
    const cpuStart = cpuMs(pid);
    const loadStart = load();
    const stats = new Stats();
    const end = Date.now() + seconds * 1000;
    const [actions] = await Promise.all([
      churn(server.url, users, end),
      ...Array.from({ length: dashboards }, (_, i) =>
        dashboard(
          server.url,
          users[i % users.length] as HttpUser,
          pollMs,
          (i / dashboards) * pollMs,
          end,
          stats,
        ),
      ),
    ]);
    const rssEnd = rssMiB(pid);
    const cpuUsed = cpuMs(pid) - cpuStart;
    const loadEnd = load();
    const sorted = [...stats.latencies].sort((a, b) => a - b);
    const ms = (value: number) => Math.round(value * 10) / 10;
    process.stdout.write(
      `\nSoak: ${dashboards} dashboards (${users.length} users) polling every ${pollMs / 1000} s ` +
        `for ${seconds} s, ${actions} create/delete actions; server on PGlite, Node ` +
        `${process.version}, ${os.cpus().length} CPUs, load average ${loadStart} at the start ` +
        `and ${loadEnd} at the end\n\n` +
        '| requests | errors | p50 ms | p99 ms | max ms | server CPU ms | CPU ms per request | ' +
        'RSS start MiB | RSS end MiB |\n' +
        '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n' +
        `| ${sorted.length} | ${stats.errors} | ${ms(percentile(sorted, 50))} | ` +
        `${ms(percentile(sorted, 99))} | ${ms(sorted[sorted.length - 1] ?? NaN)} | ` +
        `${Math.round(cpuUsed)} | ${Math.round((cpuUsed / (sorted.length + actions)) * 100) / 100} | ` +
        `${rssStart} | ${rssEnd} |\n`,
    );
    for (const sample of stats.errorSamples) process.stderr.write(`${sample}\n`);
    if (stats.errors > 0) process.exitCode = 1;
  } finally {
    server.child.kill('SIGTERM');
    await Promise.race([server.exited, sleep(15_000)]);
    await killServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
