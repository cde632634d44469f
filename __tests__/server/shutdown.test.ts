/**
 * Graceful shutdown (issue 12 point 2): on SIGTERM the server process stops taking connections,
 * finishes the request in flight, stops its job workers and closes the database (the PGlite
 * lock file is gone), then exits 0 — before its own 10 s time-out, which would exit 1. Runs
 * `src/server/server.ts` as a child process on a PGlite data directory.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { makeTempDir, removeDir } from './helpers';
import { httpApi, pollUntil, signUpOverHttp } from './httpUsers';
import { killServerProcess, startServerProcess, type ServerProcess } from './serverProcess';

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
    server = await startServerProcess({ DATA_DIR: dataDir, WEB_DIR: dataDir });
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
