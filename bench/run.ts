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

/** The public endpoints measured. */
const PUBLIC_ENDPOINTS = ['/v1/regionsDetailed/', '/v1/peanuts/packs/'];

/** One endpoint to load, with the headers of its requests. */
interface Target {
  path: string;
  headers: Record<string, string>;
}

/** Calls the embedded identity provider of `app`. */
async function idp(app: App, action: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await app.inject({
    method: 'POST',
    url: '/idp/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    payload: JSON.stringify(body),
  });
  if (response.statusCode !== 200) throw new Error(`${action}: ${response.body}`);
  return response.json<Record<string, unknown>>();
}

/**
 * Signs a user up (code from the local mailbox), signs them in, creates a VPN and waits until it
 * runs; returns the authenticated targets: the first page of the list and the VPN.
 */
async function authenticatedTargets(app: App): Promise<Target[]> {
  const username = `bench${Date.now()}`;
  const email = `${username}@example.com`;
  const password = 'Bench-Passw0rd';
  const clientId = app.config.userPoolClientId;
  await idp(app, 'SignUp', {
    ClientId: clientId,
    Username: username,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  const mail = await app.inject({
    method: 'GET',
    url: `/dev/mailbox/${encodeURIComponent(email)}`,
  });
  const [{ code }] = mail.json<{ code: string }[]>();
  await idp(app, 'ConfirmSignUp', {
    ClientId: clientId,
    Username: username,
    ConfirmationCode: code,
  });
  const signedIn = await idp(app, 'InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });
  const headers = {
    authorization: (signedIn.AuthenticationResult as { IdToken: string }).IdToken,
  };
  const created = await app.inject({
    method: 'POST',
    url: '/v1/vpns/',
    headers,
    payload: { region: 'eu-west-3', config: { type: 'wireguard', maxPeanuts: 1 } },
  });
  const vpnId = created.json<{ vpn: { id: string } }>().vpn.id;
  for (let i = 0; i < 200; i++) {
    const vpn = await app.inject({ method: 'GET', url: `/v1/vpns/${vpnId}`, headers });
    if (vpn.json<{ vpn: { state: string } }>().vpn.state === 'Running') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
