/**
 * `npm run bench`, part 4: the control plane of VPN hosts. 1,000 VPNs created at once by 20
 * accounts through the API of an in-process service (PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set, in a database of its own; else PGlite in a temporary directory;
 * NATS_URL set) across 4 host processes (`npm run host`'s program, `simulated` provisioner with steps of 0 ms,
 * so what is measured is the service, NATS and the hosts' handling, not a server's start), with
 * a nats-server of its own on a random loopback port. Prints the create-to-Running p50 and p95
 * and the service's CPU seconds per VPN (this process's user + system CPU from the first create
 * to the last Running, divided by the count; it includes the API calls that created them and the
 * clients' polling: each account lists its VPNs every 250 ms until all are Running, the time it
 * first sees each Running is the client's create-to-Running) and the hosts' CPU seconds per VPN (the 4 host
 * processes' user + system CPU over the same span, from /proc on Linux: their NATS handling and
 * their state file, host-state.json, written on each allocation), with the load average.
 * Counts per VPN over the same span: SQL statements sent by the service (every `pg` client
 * query: PostgreSQL only; pg-boss's apart), pg-boss jobs, commands stored in the hosts' JetStream
 * stream and result messages the hosts sent back (one per result from a host of protocol
 * version 2, one per turn of its event loop from version 3). BENCH_HOSTS_STATEMENTS=N prints the
 * N most frequent statements.
 *
 * Needs `/usr/sbin/nats-server` (or NATS_SERVER): elsewhere it prints why it is skipped.
 * Environment: BENCH_HOSTS_VPNS (default 1000), BENCH_HOSTS_ACCOUNTS (default 20),
 * BENCH_HOSTS_CONCURRENCY (lifecycle jobs at once
 * in the service process; default the lifecycle's own, 64), LOG_LEVEL (default warn),
 * BENCH_HOSTS_PROFILE (a file: the service process's CPU profile of the measured span only, from
 * the first create to the last Running, in the `.cpuprofile` format of `node --cpu-prof`).
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { connect } from 'nats';
import { Client } from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { TEST_SERVER_ENV } from '../__tests__/support/helpers';
import { openDatabase } from '../src/server/db';
import { vpns } from '../src/server/db/schema';
import {
  NATS_SERVER,
  startHost,
  startNats,
  type TestHost,
} from '../__tests__/support/hostsHelpers';
import {
  api,
  createBody,
  createVpn,
  signUpUser,
  type TestUser,
} from '../__tests__/support/vpnHelpers';
import {
  ALL_REPORTS_SUBJECT,
  COMMAND_STREAM,
  parseReportSubject,
} from '../src/server/hosts/protocol';
import { DEFAULT_JOB_TUNING, LIFECYCLE_QUEUE } from '../src/server/vpns/jobs';
import { admin } from './common';

/** Every statement the service's `pg` clients send, by text (counted while `counting`). */
const statements = new Map<string, number>();
let counting = false;
const clientQuery = Client.prototype.query;
// Counts every query of a `pg` client (the pool's queries, transactions and LISTEN included).
Client.prototype.query = function countedQuery(this: Client, ...args: unknown[]) {
  if (counting) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '?');
    const key = text.replace(/\s+/g, ' ').slice(0, 140);
    statements.set(key, (statements.get(key) ?? 0) + 1);
  }
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof Client.prototype.query;

/** Messages on the hosts' subjects, by kind, seen by a subscriber of the bench (while `counting`). */
const reports = new Map<string, number>();

/** The `p`-th percentile (0-100) of `values`, nearest rank. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** User + system CPU seconds of a host process so far (Linux: /proc/<pid>/stat), 0 elsewhere. */
function cpuSecondsOf(host: TestHost): number {
  try {
    const stat = fs.readFileSync(`/proc/${host.child.pid}/stat`, 'utf8');
    // Fields after the command name (in parentheses): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks: USER_HZ is 100
  } catch {
    return 0;
  }
}

/** The goal: p95 create-to-Running, ms, for 1,000 VPNs at once on PostgreSQL. */
const GOAL_P95_MS = 3000;
/** The goal: the service's CPU per VPN, ms. */
const GOAL_CPU_MS = 3;
/** The figures before, same bench and machine (docs/performance.md, with their load). */
const BEFORE =
  'main before the first cuts (fbafcdc): p50 67-87 s, p95 73-96 s, 33-36 ms of service CPU and 82-84 ' +
  'statements per VPN; with the first cuts (ab6bb7e): p50 13-14 s, p95 18-20 s, 7.6-8.3 ms and ' +
  '13.4 statements per VPN; with batched host commands (142e46a), alternating with the profile-led cuts at load 5.5-7.2: ' +
  'p95 2.42-3.22 s, 2.29-3.00 ms of service CPU (2.58 on average) and 1.10-1.20 statements per VPN';

const HOSTS = [
  { id: 'bench-paris', region: 'eu-west-3' },
  { id: 'bench-tokyo', region: 'ap-northeast-1' },
  { id: 'bench-ohio', region: 'us-east-2' },
  { id: 'bench-sydney', region: 'ap-southeast-2' },
];

async function main(): Promise<void> {
  if (!fs.existsSync(NATS_SERVER)) {
    process.stdout.write(`\nVPN hosts benchmark skipped: ${NATS_SERVER} is missing.\n`);
    return;
  }
  const count = Number(process.env.BENCH_HOSTS_VPNS ?? 1000);
  if (!Number.isInteger(count) || count < 4 || count > 10_000) {
    throw new Error('BENCH_HOSTS_VPNS must be a whole number from 4 to 10000');
  }
  const accounts = Number(process.env.BENCH_HOSTS_ACCOUNTS ?? 20);
  if (!Number.isInteger(accounts) || accounts < 1 || accounts > count) {
    throw new Error('BENCH_HOSTS_ACCOUNTS must be a whole number from 1 to BENCH_HOSTS_VPNS');
  }
  const concurrency = process.env.BENCH_HOSTS_CONCURRENCY
    ? Number(process.env.BENCH_HOSTS_CONCURRENCY)
    : undefined;
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  const databaseName = `peanut_bench_hosts_${process.pid}`;
  if (baseUrl) {
    await admin(baseUrl, `CREATE DATABASE "${databaseName}"`);
    const url = new URL(baseUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.href;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peanut-bench-hosts-'));
  const nats = await startNats(HOSTS.map((host) => host.id));
  const hosts: TestHost[] = [];
  let times: number[] = [];
  let seenTimes: number[] = [];
  let cpuSeconds = 0;
  let hostCpuSeconds = 0;
  let jobs = 0;
  let commands = 0;
  let polls = 0;
  const loadBefore = os.loadavg()[0];
  try {
    hosts.push(
      ...(await Promise.all(
        HOSTS.map((host, index) =>
          startHost({
            natsUrl: nats.hostUrl(host.id),
            hostId: host.id,
            regions: [host.region],
            dataDir: path.join(dataDir, host.id),
            endpointHost: `127.0.1.${index + 1}`,
            env: { SIMULATED_STEP_MS: '0', HOST_HEARTBEAT_S: '1' },
          }),
        ),
      )),
    );
    const config = loadConfig({
      ...TEST_SERVER_ENV,
      DATA_DIR: path.join(dataDir, 'service'),
      WEB_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      RATE_LIMIT_MAX: '1000000000',
      VPN_QUOTA: String(count),
      METER_INTERVAL_S: '3600',
      NATS_URL: nats.serviceUrl,
      HOST_CAPACITY: String(count),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const database = await openDatabase(config);
    const serviceUrl = new URL(nats.serviceUrl);
    const watcher = await connect({
      servers: `${serviceUrl.hostname}:${serviceUrl.port}`,
      user: decodeURIComponent(serviceUrl.username),
      pass: decodeURIComponent(serviceUrl.password),
    });
    const subscription = watcher.subscribe(ALL_REPORTS_SUBJECT, {
      callback: (_error, message) => {
        if (!counting) return;
        const kind = parseReportSubject(message.subject)?.kind ?? 'other';
        reports.set(kind, (reports.get(kind) ?? 0) + 1);
      },
    });
    const commandsStored = async () =>
      (await (await watcher.jetstreamManager()).streams.info(COMMAND_STREAM)).state.last_seq;
    try {
      await database.migrate();
      const app = await buildApp(config, {
        database,
        lifecycleTuning: concurrency ? { concurrency } : undefined,
      });
      try {
        const users: TestUser[] = [];
        for (let index = 0; index < accounts; index++) {
          users.push(await signUpUser(app, `benchhosts${index}`));
        }
        // Wait until every host has been heard (its region is available).
        for (;;) {
          const regions = (await app.inject({ method: 'GET', url: '/v1/regionsDetailed/' })).json<{
            regions: { name: string; available?: boolean }[];
          }>().regions;
          const ready = HOSTS.every(
            (host) => regions.find((region) => region.name === host.region)?.available,
          );
          if (ready) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const jobsBefore = await jobCount(database.executeSql);
        const commandsBefore = await commandsStored();
        const created = new Map<string, number>();
        const seen = new Map<string, number>();
        const ownIds = users.map(() => new Set<string>());
        const profileFile = process.env.BENCH_HOSTS_PROFILE;
        const profiler = profileFile ? new Session() : undefined;
        if (profiler) {
          profiler.connect();
          await profiler.post('Profiler.enable');
          await profiler.post('Profiler.start');
        }
        counting = true;
        const cpuBefore = process.cpuUsage();
        const hostCpuBefore = hosts.reduce((sum, host) => sum + cpuSecondsOf(host), 0);
        const epochOffset = Date.now() - performance.now();
        let creating = true;
        // Each account's client lists its VPNs every 250 ms until all it created are Running.
        const pollers = users.map(async (user, index) => {
          for (;;) {
            await new Promise((resolve) => setTimeout(resolve, 250));
            const page = await api<{ vpns: { vpnId: string; state: string }[] }>(
              app,
              user,
              'GET',
              `/v1/vpns?pageSize=${Math.ceil(count / accounts) + 1}`,
            );
            polls++;
            if (page.status !== 200) throw new Error(`list answered ${page.status}`);
            const at = performance.now();
            for (const vpn of page.body.vpns) {
              if (vpn.state === 'Failed') throw new Error(`VPN ${vpn.vpnId} failed`);
              if (vpn.state === 'Running' && !seen.has(vpn.vpnId)) seen.set(vpn.vpnId, at);
            }
            if (!creating && [...ownIds[index]].every((vpnId) => seen.has(vpnId))) return;
          }
        });
        await Promise.all(
          Array.from({ length: count }, async (_, index) => {
            const body = createBody(HOSTS[index % HOSTS.length].region, {
              type: 'wireguard',
              maxPeanuts: 0.1,
              deleteAfter: 3600,
            });
            const started = performance.now();
            const vpnId = await createVpn(app, users[index % accounts], body);
            created.set(vpnId, started);
            ownIds[index % accounts].add(vpnId);
          }),
        );
        creating = false;
        await Promise.all(pollers);
        const cpu = process.cpuUsage(cpuBefore);
        hostCpuSeconds = hosts.reduce((sum, host) => sum + cpuSecondsOf(host), 0) - hostCpuBefore;
        counting = false;
        if (profiler && profileFile) {
          const { profile } = await profiler.post('Profiler.stop');
          fs.writeFileSync(profileFile, JSON.stringify(profile));
          profiler.disconnect();
        }
        jobs = (await jobCount(database.executeSql)) - jobsBefore;
        commands = (await commandsStored()) - commandsBefore;
        const ids = [...created.keys()];
        const running = new Map<string, number>();
        for (let at = 0; at < ids.length; at += 500) {
          const rows = await database.db
            .select({ vpnId: vpns.vpnId, runningAt: vpns.runningAt })
            .from(vpns)
            .where(inArray(vpns.vpnId, ids.slice(at, at + 500)));
          for (const row of rows) {
            if (row.runningAt) running.set(row.vpnId, row.runningAt.getTime() - epochOffset);
          }
        }
        cpuSeconds = (cpu.user + cpu.system) / 1e6;
        times = ids.map((vpnId) => (running.get(vpnId) ?? 0) - (created.get(vpnId) ?? 0));
        seenTimes = ids.map((vpnId) => (seen.get(vpnId) ?? 0) - (created.get(vpnId) ?? 0));
      } finally {
        await app.close();
      }
    } finally {
      subscription.unsubscribe();
      await watcher.close();
      await database.close();
    }
  } finally {
    await Promise.all(hosts.map((host) => host.kill('SIGTERM')));
    await nats.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (baseUrl) await admin(baseUrl, `DROP DATABASE IF EXISTS "${databaseName}"`);
  }

  const all = [...statements.entries()].sort((a, b) => b[1] - a[1]);
  const total = all.reduce((sum, [, n]) => sum + n, 0);
  const pgBoss = all
    .filter(([text]) => text.includes('pgboss.'))
    .reduce((sum, [, n]) => sum + n, 0);
  const perVpn = (n: number) => (n / count).toFixed(2);
  process.stdout.write(
    `\nVPN hosts control plane (NATS JetStream, ${HOSTS.length} simulated hosts, service on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}), ${accounts} accounts polling their list every 250 ms, Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after\n\n`,
  );
  process.stdout.write(
    '| VPNs at once | hosts | lifecycle jobs at once | create to Running p50 ms | p95 ms | seen Running by the client p50 ms | p95 ms | service CPU ms per VPN | hosts CPU ms per VPN |\n',
  );
  process.stdout.write('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n');
  process.stdout.write(
    `| ${count} | ${HOSTS.length} | ${concurrency ?? DEFAULT_JOB_TUNING.concurrency} | ${Math.round(percentile(times, 50))} | ${Math.round(percentile(times, 95))} | ${Math.round(percentile(seenTimes, 50))} | ${Math.round(percentile(seenTimes, 95))} | ${((1000 * cpuSeconds) / count).toFixed(2)} | ${((1000 * hostCpuSeconds) / count).toFixed(2)} |\n`,
  );
  process.stdout.write(
    `\nPer VPN: ${databaseUrl ? `${perVpn(total)} SQL statements (${perVpn(pgBoss)} of them pg-boss's), ` : ''}${perVpn(jobs)} pg-boss jobs, ${perVpn(commands)} host commands stored, ${perVpn(reports.get('result') ?? 0)} result messages from hosts; ${perVpn(polls)} list polls.\n`,
  );
  const p95 = percentile(times, 95);
  const cpuPerVpnMs = (1000 * cpuSeconds) / count;
  const met = p95 <= GOAL_P95_MS && cpuPerVpnMs <= GOAL_CPU_MS && databaseUrl !== undefined;
  process.stdout.write(
    `Goal (1,000 at once, PostgreSQL): p95 create-to-Running <= ${GOAL_P95_MS / 1000} s and <= ${GOAL_CPU_MS} ms of service CPU per VPN: ${met ? 'met' : 'NOT met'}${os.loadavg()[0] > os.cpus().length ? ' (machine loaded: the latencies are not those of an idle machine)' : ''}.\n` +
      `Before: ${BEFORE}.\n`,
  );
  const shown = Number(process.env.BENCH_HOSTS_STATEMENTS ?? 0);
  if (shown > 0 && databaseUrl) {
    process.stdout.write('\n| statements per VPN | statement |\n| ---: | --- |\n');
    for (const [text, n] of all.slice(0, shown)) {
      process.stdout.write(`| ${perVpn(n)} | \`${text.replace(/\|/g, '\\|')}\` |\n`);
    }
  }
}

/** Lifecycle jobs pg-boss holds (waiting, active, completed: it archives after hours). */
async function jobCount(
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<number> {
  const { rows } = await executeSql(
    'SELECT (SELECT count(*) FROM pgboss.job WHERE name = $1) + (SELECT count(*) FROM pgboss.archive WHERE name = $1) AS n',
    [LIFECYCLE_QUEUE],
  );
  return Number(rows[0]?.n ?? 0);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
