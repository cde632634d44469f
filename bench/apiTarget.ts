/**
 * A server measured by bench/run.ts, in its own process (so the load generator does not share
 * its CPU thread): `tsx bench/apiTarget.ts <bare|pglite|postgres> [databaseUrl]`.
 *
 * - `bare`: a bare Fastify 5 route `GET /v1/vpns` answering `{vpns: [], nextPageToken: null}`.
 * - `pglite` / `postgres`: the Peanut server at its default log level (request logs to stdout,
 *   which the parent sends to a file), a user signed up through the embedded identity provider with four
 *   VPNs that stay Running through the measurement.
 *
 * Writes one JSON line `{url, targets: [{path, headers}]}` to file descriptor 3 (stdout carries
 * the request logs), then serves until SIGTERM.
 * Loopback only; the PGlite data directory is removed on exit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../src/server/config';
import { TEST_SERVER_ENV } from '../__tests__/support/helpers';
import { startServer } from '../src/server/server';
import {
  createBody,
  createVpn,
  signUpUser,
  waitForVpnState,
} from '../__tests__/support/vpnHelpers';

/** One endpoint to load, with the headers of its requests. */
export interface Target {
  path: string;
  headers: Record<string, string>;
}

/** What the target prints when it is ready. */
export interface TargetReady {
  url: string;
  targets: Target[];
}

/** Number of VPNs of the measured user (the page asked is pageSize=4). */
const VPNS = 4;
/**
 * maxPeanuts of each VPN: with SIMULATED_STEP_MS 10 one peanut lasts about 20 s, so 10 keep the
 * VPNs Running about 3 minutes, past both endpoints' measured rounds (about 40 s a server).
 */
const VPN_MAX_PEANUTS = 10;
/** Peanuts credited to the measured user for its VPNs (beyond the sign-up bonus). */
const BENCH_CREDIT_PEANUTS = 100;

/** Starts the bare Fastify route. */
async function bare(): Promise<{ ready: TargetReady; close: () => Promise<void> }> {
  const app = Fastify();
  app.get('/v1/vpns', async () => ({ vpns: [], nextPageToken: null }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ready: { url, targets: [{ path: '/v1/vpns?pageSize=4', headers: {} }] },
    close: () => app.close(),
  };
}

/** Starts the Peanut server on PGlite (temporary directory) or on `databaseUrl`. */
async function peanut(
  databaseUrl: string | undefined,
): Promise<{ ready: TargetReady; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peanut-bench-'));
  const config = loadConfig({
    ...TEST_SERVER_ENV,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIR: dataDir, // no SPA needed
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
    RATE_LIMIT_MAX: '1000000000', // measure the server, not the limiter's 429s
    SIMULATED_STEP_MS: '10',
  });
  const server = await startServer(config);
  const user = await signUpUser(server.app, 'bench');
  // Enough peanuts that its VPNs stay Running through both endpoints' loads (the list and the
  // VPN are then measured alike, each metering pass dropping the cached answers as in use).
  await server.app.ledger.append({
    userSub: user.sub,
    amountNano: BENCH_CREDIT_PEANUTS * 1e9,
    kind: 'bench',
    key: `bench-credit-${user.sub}`,
  });
  const ids: string[] = [];
  for (let i = 0; i < VPNS; i++) {
    ids.push(
      await createVpn(
        server.app,
        user,
        createBody(i % 2 ? 'us-east-1' : 'eu-west-3', {
          type: 'wireguard',
          maxPeanuts: VPN_MAX_PEANUTS,
        }),
      ),
    );
  }
  for (const id of ids) await waitForVpnState(server.app, user, id, 'Running');
  const headers = { authorization: user.idToken };
  return {
    ready: {
      url: server.url,
      targets: [
        { path: `/v1/vpns?pageSize=${VPNS}`, headers },
        { path: `/v1/vpns/${ids[0]}`, headers },
      ],
    },
    close: async () => {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the target of argv, prints its readiness line and stops on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const [kind, databaseUrl] = process.argv.slice(2);
  if (kind !== 'bare' && kind !== 'pglite' && kind !== 'postgres') {
    throw new Error('usage: apiTarget.ts <bare|pglite|postgres> [databaseUrl]');
  }
  if (kind === 'postgres' && !databaseUrl) throw new Error('postgres needs a database URL');
  const { ready, close } = kind === 'bare' ? await bare() : await peanut(databaseUrl);
  fs.writeSync(3, `${JSON.stringify(ready)}\n`);
  fs.closeSync(3);
  const stop = (): void => {
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
