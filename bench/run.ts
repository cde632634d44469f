/**
 * `npm run bench`: starts the server on 127.0.0.1 (random port) with PGlite in a temporary data
 * directory, then loads two public endpoints and two authenticated VPN endpoints (a user signed
 * up through the embedded identity provider, with one Running VPN; every request verifies the
 * RS256 id token and its session) with autocannon (50 connections, 5 s each after a 1 s
 * warm-up) and prints requests/s and p99 latency. Loopback only, bounded in time; the data
 * directory is removed afterwards.
 *
 * Environment: BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 50), LOG_LEVEL (default
 * warn: request logs would measure the terminal, not the server).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { App } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/server';
import { createBody, createVpn, signUpUser, waitForVpnState } from '../__tests__/server/vpnHelpers';

/** The public endpoints measured. */
const PUBLIC_ENDPOINTS = ['/v1/regionsDetailed/', '/v1/peanuts/packs/'];

/** One endpoint to load, with the headers of its requests. */
interface Target {
  path: string;
  headers: Record<string, string>;
}

/**
 * Signs a user up (code from the local mailbox), signs them in, creates a VPN and waits until it
 * runs; returns the authenticated targets: the first page of the list and the VPN. Uses the VPN
 * tests' helpers, so the bench and the tests sign users up one way.
 */
async function authenticatedTargets(app: App): Promise<Target[]> {
  const user = await signUpUser(app, 'bench');
  const vpnId = await createVpn(
    app,
    user,
    createBody('eu-west-3', { type: 'wireguard', maxPeanuts: 1 }),
  );
  await waitForVpnState(app, user, vpnId, 'Running');
  const headers = { authorization: user.idToken };
  return [
    { path: '/v1/vpns?pageSize=4', headers },
    { path: `/v1/vpns/${vpnId}`, headers },
  ];
}

/** Reads a whole number from the environment, within [1, max]. */
function setting(name: string, fallback: number, max: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}`);
  }
  return value;
}

/** One measured endpoint. */
interface Measure {
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  failures: number;
}

/** Loads `url` for `seconds` with `connections` connections. */
async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<autocannon.Result> {
  return autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
}

/** Starts the server, measures each endpoint, prints the results and stops. */
async function main(): Promise<void> {
  const seconds = setting('BENCH_SECONDS', 5, 60);
  const connections = setting('BENCH_CONNECTIONS', 50, 1000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peanut-bench-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIR: dataDir, // no SPA needed
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    RATE_LIMIT_MAX: '1000000000', // measure the server, not the limiter's 429s
    SIMULATED_STEP_MS: '10',
  });
  const server = await startServer(config);
  const results: Measure[] = [];
  try {
    const targets: Target[] = [
      ...PUBLIC_ENDPOINTS.map((path) => ({ path, headers: {} })),
      ...(await authenticatedTargets(server.app)),
    ];
    for (const target of targets) {
      const url = `${server.url}${target.path}`;
      await load(url, target.headers, 1, connections); // warm-up
      const result = await load(url, target.headers, seconds, connections);
      results.push({
        path: target.path,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        requests: result.requests.total,
        failures: result.errors + result.timeouts + result.non2xx,
      });
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  process.stdout.write(
    `\nPeanut VPN API on PGlite, ${connections} connections, ${seconds} s per endpoint, Node ${process.version}, ${os.cpus().length} CPUs\n\n`,
  );
  process.stdout.write('| endpoint | requests/s | p50 ms | p99 ms | requests | failures |\n');
  process.stdout.write('| --- | ---: | ---: | ---: | ---: | ---: |\n');
  for (const r of results) {
    process.stdout.write(
      `| GET ${r.path} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.requests} | ${r.failures} |\n`,
    );
  }
  if (results.some((r) => r.failures > 0)) {
    process.stderr.write('Some requests failed.\n');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
