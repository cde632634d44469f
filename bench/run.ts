/**
 * `npm run bench`, part 1: the API hot paths. Starts, one after the other and
 * each in its own process, a bare Fastify 5 route returning `{vpns: [], nextPageToken: null}`,
 * the Peanut server on embedded PGlite and on PostgreSQL (default log level, a user with four
 * Running VPNs; every request verifies the RS256 id token and its session), and loads each with
 * autocannon (100 connections, 5 rounds of 3 s after a 1 s warm-up, each round of ours right
 * after one of the bare route so both see the same machine load; medians):
 * `GET /v1/vpns?pageSize=4` and `GET /v1/vpns/{vpnId}`. Prints requests/s, p99 and the ratio to
 * the bare route, next to the goals: >= 0.5x of the bare route on both databases, p99 <= 20 ms,
 * no errors. The ratio is the median of the rounds' own ratios (ours over the bare route's round
 * just before it), each round's shown: on a VM whose neighbours take its CPU for seconds at a
 * time, a ratio of two separate medians could pair a quiet round with a stolen one. Also prints
 * the server process's CPU per request (Linux: /proc; busy time over the measured rounds /
 * requests served), and the bare route's the same way, which move less with the machine's load
 * than req/s.
 * Loopback only; the PostgreSQL bench database is dropped afterwards.
 *
 * Environment: BENCH_SECONDS (default 3), BENCH_ROUNDS (default 5), BENCH_CONNECTIONS (default
 * 100), BENCH_DATABASE_URL (default TEST_DATABASE_URL; PostgreSQL is skipped with a printed
 * reason when neither is set), BENCH_PROFILE=<dir> (write a V8 CPU profile of each server
 * process there), LOG_LEVEL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import autocannon from 'autocannon';
import type { TargetReady } from './apiTarget';
import { setting, admin, median } from './common';

/**
 * The figures before and what changed since, same bench (docs/performance.md "API at half the
 * bare route", with their load): printed under the table.
 */
const BEFORE =
  'before this work (idle, 2026-11-26): 0.31-0.34x; after recorded security headers and reused ' +
  'answers (idle, 2026-11-27 early): PGlite 0.33-0.34x, PostgreSQL 0.32-0.47x; after the ' +
  'synchronous auth path, cached answers sent at once, headers in one writeHead and ' +
  'turn-batched log writes (83f3902, server CPU per request 15-25% lower side by side): ' +
  '0.29-0.36x at load 1.5, our CPU per request 58-69 us against the bare route 17-23 us; on a ' +
  '2.5x faster VM (idle, 2026-11-27 evening) 0.48-0.52x, then after the request line formatted ' +
  'at the end of its turn and the rate-limit headers on 429 only: 0.51-0.57x, PostgreSQL ' +
  '0.40-0.42x in a start where its garbage collection runs 4x longer; then, without the ' +
  'per-request set of running responses kept for the shutdown, 8-14% less server CPU per ' +
  'request in one process switched between the two, whole runs on a noisier VM 0.35-0.58x; ' +
  'then, with the request-duration histogram counted by our own code (8328602, 3.7% -> 1.0% ' +
  'of the server CPU in perf) and the ratio taken per round: 0.46-0.58x on an idle VM (the ' +
  'bare route at 33-43k req/s), 0.53-0.56x on a busier one (docs/performance.md)';

/** One measured endpoint of one server. */
interface Measure {
  server: string;
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
  /** Microseconds of the server process's CPU per request (median of the rounds), if known. */
  cpuUsPerRequest?: number;
}

/** The goal: at least this fraction of the bare route's requests/s, on both databases. */
const RATIO_GOAL = 0.5;
/** The goal: p99 latency at most this, in milliseconds. */
const P99_GOAL_MS = 20;

/** CPU time (user + system) of process `pid` in ms, from /proc; undefined elsewhere. */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return undefined;
  }
}

/** Linux's USER_HZ (the unit of /proc/<pid>/stat times). */
const CLOCK_TICKS_PER_S = 100;

/** A started target process. */
interface RunningTarget {
  ready: TargetReady;
  /** Its process id. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Starts `bench/apiTarget.ts kind [url]` and waits for its readiness line. */
async function startTarget(kind: string, databaseUrl?: string): Promise<RunningTarget> {
  const profileDir = process.env.BENCH_PROFILE;
  const args = [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
    '--import',
    'tsx',
    path.join(__dirname, 'apiTarget.ts'),
    kind,
    ...(databaseUrl ? [databaseUrl] : []),
  ];
  // The request logs go to a file, as a server's stdout would; the readiness line comes on fd 3.
  const logFile = path.join(os.tmpdir(), `peanut-bench-${kind}-${process.pid}.log`);
  const log = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ['ignore', log, 'inherit', 'pipe'],
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = readline.createInterface({ input: child.stdio[3] as Readable });
  const ready = await new Promise<TargetReady>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${kind} target exited with ${code}`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as TargetReady));
  });
  return {
    ready,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(logFile, { force: true });
    },
  };
}

/** One autocannon load of `url`. */
async function loadOnce(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<autocannon.Result> {
  return autocannon({ url, headers, connections, duration: seconds });
}

/** How each endpoint is loaded. */
interface Load {
  /** Seconds of each autocannon load. */
  seconds: number;
  connections: number;
  /** Rounds of alternating loads per endpoint (the bare route, then ours). */
  rounds: number;
}

/** One endpoint of ours and the bare route, measured in alternating rounds. */
interface Compared {
  ours: Measure;
  bare: Measure;
  /**
   * Per round, ours' requests/s over the bare route's in the round just before it (the two
   * loads a few seconds apart, under the same machine load).
   */
  ratios: number[];
}

/**
 * Loads every target of `kind`, alternating each round with the bare route (so that both see
 * the same machine load), and returns the medians of ours and of the bare route's with each
 * round's ratio of the two.
 */
async function measure(
  server: string,
  kind: string,
  bareUrl: string,
  barePid: number | undefined,
  load: Load,
  databaseUrl?: string,
): Promise<Compared[]> {
  const { seconds, connections, rounds } = load;
  const target = await startTarget(kind, databaseUrl);
  const results: Compared[] = [];
  try {
    for (const { path: urlPath, headers } of target.ready.targets) {
      const url = `${target.ready.url}${urlPath}`;
      await loadOnce(url, headers, 1, connections); // warm-up
      const ours: autocannon.Result[] = [];
      const bare: autocannon.Result[] = [];
      const cpuUs: number[] = [];
      const bareCpuUs: number[] = [];
      const ratios: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const bareBefore = cpuMsOf(barePid);
        const bareResult = await loadOnce(bareUrl, {}, seconds, connections);
        const bareAfter = cpuMsOf(barePid);
        bare.push(bareResult);
        if (bareBefore !== undefined && bareAfter !== undefined && bareResult.requests.total > 0) {
          bareCpuUs.push(((bareAfter - bareBefore) * 1000) / bareResult.requests.total);
        }
        const before = cpuMsOf(target.pid);
        const result = await loadOnce(url, headers, seconds, connections);
        const after = cpuMsOf(target.pid);
        ours.push(result);
        ratios.push(result.requests.average / bareResult.requests.average);
        if (before !== undefined && after !== undefined && result.requests.total > 0) {
          cpuUs.push(((after - before) * 1000) / result.requests.total);
        }
      }
      const summary = (name: string, runs: autocannon.Result[], cpu: number[] = []): Measure => ({
        server: name,
        path: urlPath.replace(/\/v1\/vpns\/[^?]+$/, '/v1/vpns/{vpnId}'),
        requestsPerSecond: Math.round(median(runs.map((r) => r.requests.average))),
        p99Ms: median(runs.map((r) => r.latency.p99)),
        failures: runs.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
        ...(cpu.length > 0 ? { cpuUsPerRequest: Math.round(median(cpu)) } : {}),
      });
      results.push({
        ours: summary(server, ours, cpuUs),
        bare: summary('bare Fastify', bare, bareCpuUs),
        ratios,
      });
    }
  } finally {
    await target.stop();
  }
  return results;
}

/** Measures the three servers side by side and prints the table. */
async function main(): Promise<void> {
  const seconds = setting('BENCH_SECONDS', 3, 60);
  const connections = setting('BENCH_CONNECTIONS', 100, 1000);
  const rounds = setting('BENCH_ROUNDS', 5, 50);
  const load: Load = { seconds, connections, rounds };
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

  const bareTarget = await startTarget('bare');
  const bareUrl = `${bareTarget.ready.url}${bareTarget.ready.targets[0].path}`;
  await loadOnce(bareUrl, {}, 1, connections); // warm-up
  const results: Compared[] = [];
  try {
    results.push(...(await measure('PGlite', 'pglite', bareUrl, bareTarget.pid, load)));
    if (baseUrl) {
      const name = `peanut_bench_${process.pid}`;
      await admin(baseUrl, `CREATE DATABASE "${name}"`);
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      try {
        results.push(
          ...(await measure('PostgreSQL', 'postgres', bareUrl, bareTarget.pid, load, url.href)),
        );
      } finally {
        await admin(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
    } else {
      process.stdout.write('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.\n');
    }
  } finally {
    await bareTarget.stop();
  }

  process.stdout.write(
    `\nAPI hot paths, ${connections} connections, ${rounds} rounds of ${seconds} s alternating ` +
      `with the bare Fastify route (medians; the ratio is the median of each round's ratio to ` +
      `the bare route's round just before it); Node ${process.version}, ` +
      `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, load average ` +
      `${os.loadavg()[0].toFixed(1)}\n\n`,
  );
  process.stdout.write(
    `| server | endpoint | req/s | bare req/s | ratio (goal >= ${RATIO_GOAL}x) | ` +
      `rounds' ratios | p99 ms (goal <= ${P99_GOAL_MS}) | server CPU us/req | bare CPU us/req | ` +
      `errors | met |\n`,
  );
  process.stdout.write(
    '| --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |\n',
  );
  let allMet = true;
  for (const { ours: r, bare, ratios } of results) {
    const ratio = median(ratios);
    const met = ratio >= RATIO_GOAL && r.p99Ms <= P99_GOAL_MS && r.failures === 0;
    allMet &&= met;
    process.stdout.write(
      `| ${r.server} | GET ${r.path} | ${r.requestsPerSecond} | ${bare.requestsPerSecond} | ` +
        `${ratio.toFixed(2)}x | ${ratios.map((x) => x.toFixed(2)).join(' ')} | ` +
        `${r.p99Ms} | ${r.cpuUsPerRequest ?? '-'} | ` +
        `${bare.cpuUsPerRequest ?? '-'} | ${r.failures} | ` +
        `${met ? 'yes' : 'NO'} |\n`,
    );
  }
  process.stdout.write(
    `\nGoal 1 (API hot paths, >= ${RATIO_GOAL}x of the bare route, p99 <= ${P99_GOAL_MS} ms, ` +
      `both databases): ${allMet ? 'met' : 'NOT met'}` +
      `${os.loadavg()[0] > os.cpus().length ? ' (the machine was busy: load above its cores)' : ''}\n` +
      `Before: ${BEFORE}.\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
