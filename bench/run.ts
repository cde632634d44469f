/**
 * `npm run bench`, part 1: the API hot paths (issue 11, goal 1). Starts, one after the other and
 * each in its own process, a bare Fastify 5 route returning `{vpns: [], nextPageToken: null}`,
 * the Peanut server on embedded PGlite and on PostgreSQL (default log level, a user with four
 * Running VPNs; every request verifies the RS256 id token and its session), and loads each with
 * autocannon (100 connections, 5 s after a 1 s warm-up): `GET /v1/vpns?pageSize=4` and
 * `GET /v1/vpns/{vpnId}`. Prints requests/s, p99 and the ratio to the bare route measured in
 * the same run, next to the goals: >= 0.2x on PostgreSQL, >= 0.1x on PGlite, p99 <= 50 ms, no
 * errors. Loopback only; the PostgreSQL bench database is dropped afterwards.
 *
 * Environment: BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 100), BENCH_DATABASE_URL
 * (default TEST_DATABASE_URL; PostgreSQL is skipped with a printed reason when neither is set),
 * BENCH_PROFILE=<dir> (write a V8 CPU profile of each server process there), LOG_LEVEL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import autocannon from 'autocannon';
import { Client } from 'pg';
import type { TargetReady } from './apiTarget';

/** Reads a whole number from the environment, within [1, max]. */
function setting(name: string, fallback: number, max: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}`);
  }
  return value;
}

/** One measured endpoint of one server. */
interface Measure {
  server: string;
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
}

/** A started target process. */
interface RunningTarget {
  ready: TargetReady;
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
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(logFile, { force: true });
    },
  };
}

/** Loads every target of `kind` and returns the measures. */
async function measure(
  server: string,
  kind: string,
  seconds: number,
  connections: number,
  databaseUrl?: string,
): Promise<Measure[]> {
  const target = await startTarget(kind, databaseUrl);
  const results: Measure[] = [];
  try {
    for (const { path: urlPath, headers } of target.ready.targets) {
      const url = `${target.ready.url}${urlPath}`;
      await autocannon({ url, headers, connections, duration: 1 }); // warm-up
      const r = await autocannon({ url, headers, connections, duration: seconds });
      results.push({
        server,
        path: urlPath.replace(/\/v1\/vpns\/[^?]+$/, '/v1/vpns/{vpnId}'),
        requestsPerSecond: Math.round(r.requests.average),
        p99Ms: r.latency.p99,
        failures: r.errors + r.timeouts + r.non2xx,
      });
    }
  } finally {
    await target.stop();
  }
  return results;
}

/** Runs one statement on the PostgreSQL server of `url`. */
async function admin(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Measures the three servers side by side and prints the table. */
async function main(): Promise<void> {
  const seconds = setting('BENCH_SECONDS', 5, 60);
  const connections = setting('BENCH_CONNECTIONS', 100, 1000);
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

  const [bare] = await measure('bare Fastify', 'bare', seconds, connections);
  const results = await measure('PGlite', 'pglite', seconds, connections);
  if (baseUrl) {
    const name = `peanut_bench_${process.pid}`;
    await admin(baseUrl, `CREATE DATABASE "${name}"`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    try {
      results.push(...(await measure('PostgreSQL', 'postgres', seconds, connections, url.href)));
    } finally {
      await admin(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } else {
    process.stdout.write('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.\n');
  }

  process.stdout.write(
    `\nAPI hot paths, ${connections} connections, ${seconds} s each, side by side in one run; ` +
      `Node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}\n` +
      `bare Fastify GET /v1/vpns: ${bare.requestsPerSecond} req/s, p99 ${bare.p99Ms} ms\n\n`,
  );
  process.stdout.write(
    '| server | endpoint | req/s | ratio to bare | goal | p99 ms (goal <= 50) | errors | met |\n',
  );
  process.stdout.write('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |\n');
  let allMet = bare.failures === 0;
  for (const r of results) {
    const ratio = r.requestsPerSecond / bare.requestsPerSecond;
    const goal = r.server === 'PostgreSQL' ? 0.2 : 0.1;
    const met = ratio >= goal && r.p99Ms <= 50 && r.failures === 0;
    allMet &&= met;
    process.stdout.write(
      `| ${r.server} | GET ${r.path} | ${r.requestsPerSecond} | ${ratio.toFixed(2)}x | ` +
        `>= ${goal}x | ${r.p99Ms} | ${r.failures} | ${met ? 'yes' : 'NO'} |\n`,
    );
  }
  process.stdout.write(`\nGoal 1 (API hot paths): ${allMet ? 'met' : 'NOT met'}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
