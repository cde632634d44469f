/**
 * Graceful shutdown: on SIGTERM the server process stops taking connections,
 * finishes the request in flight, stops its job workers after their current job (a VPN caught
 * mid-provisioning and one mid-deprovisioning reach Running and Deleted, and their jobs are
 * completed, before the process ends) and closes the database (the PGlite lock file is gone),
 * then exits 0 — before its own 10 s time-out, which would exit 1. Runs `src/server/server.ts`
 * as a child process on a PGlite data directory, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { makeTempDir, removeDir } from '../support/helpers';
import { httpApi, pollUntil, signUpOverHttp } from '../support/httpUsers';
import {
  killServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../support/serverProcess';

/** Resolves true when a TCP connection to `port` is refused, false when it is accepted. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Polls `condition` every 100 ms until it holds (throws after `timeoutMs`). */
async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('graceful shutdown (SIGTERM)', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeEach(() => {
    dataDir = makeTempDir('shutdown');
  });
  afterEach(async () => {
    await killServerProcess(server);
    server = undefined;
    removeDir(dataDir);
  });

  it('refuses new connections, finishes the request in flight, closes the database, exits 0', async () => {
    // At debug, Fastify's 'incoming request' line tells when the request is in flight.
    server = await startServerProcess({ DATA_DIR: dataDir, WEB_DIR: dataDir, LOG_LEVEL: 'debug' });
    const port = Number(new URL(server.url).port);
    const lockFile = path.join(dataDir, 'pglite.lock');
    expect(fs.existsSync(lockFile)).toBe(true);

    // A request whose body is only half sent: in flight until the rest comes.
    const body = JSON.stringify({ AccessToken: 'not-a-token' });
    const half = Math.floor(body.length / 2);
    const socket = net.connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      'POST /idp/ HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/x-amz-json-1.1\r\n' +
        'X-Amz-Target: AWSCognitoIdentityProviderService.GetUser\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, half),
    );
    await server.waitForOutput('"url":"/idp/"');

    server.child.kill('SIGTERM');
    await server.waitForOutput('"msg":"shutting down"');
    // No new connection is taken while the request in flight still runs.
    await until(() => refused(port));
    expect(server.child.exitCode).toBeNull();

    socket.write(body.slice(half));
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"__type":"NotAuthorizedException"');
    // The request that was running when the stop began is told the connection ends with it.
    expect(answer.split('\r\n\r\n')[0].toLowerCase()).toContain('\r\nconnection: close');

    const { code, signal } = await server.exited;
    if (code !== 0) process.stdout.write(server.output().slice(-4000));
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('"msg":"stopped"');
    // The database was closed: PGlite's lock file is released.
    expect(fs.existsSync(lockFile)).toBe(false);
  }, 120_000);

  it('stops with a VPN mid-provisioning, and a restart on the same data takes it to Running', async () => {
    const env = { DATA_DIR: dataDir, WEB_DIR: dataDir, SIMULATED_STEP_MS: '1500' };
    server = await startServerProcess(env);
    const user = await signUpOverHttp(server.url, 'shutdown');
    const created = await httpApi<{ vpn: { id: string } }>(server.url, user, 'POST', '/v1/vpns/', {
      region: 'eu-west-3',
      config: { type: 'wireguard', maxPeanuts: 1, deleteAfter: 3600 },
    });
    expect(created.status).toBe(202);
    const vpnId = created.body.vpn.id;
    // Its job is under way (a simulated step lasts 1.5 s) when the signal comes.
    const stateOf = async (origin: string): Promise<string> =>
      (await httpApi<{ vpn: { state: string } }>(origin, user, 'GET', `/v1/vpns/${vpnId}`)).body.vpn
        .state;
    await pollUntil(async () => (await stateOf(server!.url)) !== 'Creating', 60_000);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('"msg":"stopped"');
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    server = await startServerProcess({ ...env, SIMULATED_STEP_MS: '50' });
    const origin = server.url;
    let last = '';
    await pollUntil(
      async () => (last = await stateOf(origin)) === 'Running',
      90_000,
      () => `VPN is ${last}, not Running`,
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 240_000);
});

const pgUrl = process.env.TEST_DATABASE_URL;

(pgUrl ? describe : describe.skip)('graceful shutdown with jobs mid-step (PostgreSQL)', () => {
  const name = `peanut_shutdown_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const url = new URL(pgUrl ?? 'postgres://localhost');
  url.pathname = `/${name}`;
  let webDir: string;
  let server: ServerProcess | undefined;
  let client: Client | undefined;

  const admin = async (statement: string): Promise<void> => {
    const connection = new Client({ connectionString: pgUrl });
    await connection.connect();
    try {
      await connection.query(statement);
    } finally {
      await connection.end();
    }
  };

  beforeAll(async () => {
    webDir = makeTempDir('shutdown-pg');
    await admin(`CREATE DATABASE "${name}"`);
  });
  afterAll(async () => {
    await killServerProcess(server);
    await client?.end();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    removeDir(webDir);
  });

  it('finishes the job steps in progress: their effect is in the database after exit 0', async () => {
    // Simulated steps of 2.5 s: provisioning takes 2 steps, deprovisioning 1.
    server = await startServerProcess({
      DATABASE_URL: url.toString(),
      DATA_DIR: webDir,
      WEB_DIR: webDir,
      SIMULATED_STEP_MS: '2500',
    });
    const origin = server.url;
    client = new Client({ connectionString: url.toString() });
    await client.connect();
    const db = client;
    const stateOf = async (vpnId: string): Promise<string> =>
      (await db.query<{ state: string }>('SELECT state FROM vpns WHERE vpn_id = $1', [vpnId]))
        .rows[0]?.state ?? 'none';
    const jobStates = async (vpnId: string): Promise<string[]> =>
      (
        await db.query<{ state: string }>(
          "SELECT state::text FROM pgboss.job WHERE data->>'vpnId' = $1 ORDER BY created_on",
          [vpnId],
        )
      ).rows.map((row) => row.state);
    const create = async (): Promise<string> => {
      const created = await httpApi<{ vpn: { id: string } }>(origin, user, 'POST', '/v1/vpns/', {
        region: 'eu-west-3',
        config: { type: 'wireguard', maxPeanuts: 1, deleteAfter: 3600 },
      });
      expect(created.status).toBe(202);
      return created.body.vpn.id;
    };

    const user = await signUpOverHttp(origin, 'shutdown');
    const deleting = await create();
    await pollUntil(async () => (await stateOf(deleting)) === 'Running', 90_000);
    // One VPN mid-provisioning (its job runs a 5 s step)...
    const provisioning = await create();
    await pollUntil(async () => (await stateOf(provisioning)) === 'Provisioning', 90_000);
    // ... and one mid-deprovisioning (its new job runs a 2.5 s step).
    const deleted = await httpApi(origin, user, 'DELETE', `/v1/vpns/${deleting}`);
    expect(deleted.status).toBe(202);
    await pollUntil(
      async () =>
        (await jobStates(deleting)).includes('active') || (await stateOf(deleting)) === 'Deleted',
      60_000,
    );
    const before = await stateOf(provisioning);

    server.child.kill('SIGTERM');
    const exit = await server.exited;
    if (exit.code !== 0) process.stdout.write(server.output().slice(-4000));
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('"msg":"stopped"');

    // Caught Provisioning just before the signal, it is Running now: the step was not aborted.
    expect(before).toBe('Provisioning');
    expect(await stateOf(provisioning)).toBe('Running');
    expect(await stateOf(deleting)).toBe('Deleted');
    // No job was failed by the shutdown (nor left for the next start).
    for (const vpnId of [provisioning, deleting]) {
      expect(await jobStates(vpnId)).toEqual(expect.arrayContaining(['completed']));
      expect((await jobStates(vpnId)).filter((state) => state !== 'completed')).toEqual([]);
    }
  }, 240_000);
});
