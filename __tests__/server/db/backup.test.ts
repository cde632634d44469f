/**
 * `npm run backup` / `npm run restore` of the embedded database: a backup
 * taken while the server runs (through SIGUSR2, db/backup.ts) restores into a fresh DATA_DIR
 * with its users, balances and VPNs; restore refuses a running server and an existing
 * database (unless --force); PostgreSQL users are pointed to pg_dump.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { backup, restore } from '../../../src/server/backupCli';
import { makeTempDir, removeDir } from '../../support/helpers';
import {
  httpApi,
  pollUntil,
  signInOverHttp,
  signUpOverHttp,
  type HttpUser,
} from '../../support/httpUsers';
import {
  killServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../../support/serverProcess';
import { builtProgram } from '../../support/builtServer';

const ROOT = path.resolve(__dirname, '../../..');

/** Runs the backup script (`backup` or `restore`) with `args` and DATA_DIR `dataDir`. */
function runScript(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [builtProgram('backup'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** What a user sees of their account: balance and VPNs (id and state), by API. */
async function accountOf(origin: string, user: { idToken: string }) {
  const peanuts = await httpApi<{ balance: number }>(origin, user, 'GET', '/v1/peanuts');
  const vpns = await httpApi<{ vpns: { vpnId: string; state: string }[] }>(
    origin,
    user,
    'GET',
    '/v1/vpns',
  );
  expect([peanuts.status, vpns.status]).toEqual([200, 200]);
  return {
    balance: peanuts.body,
    vpns: vpns.body.vpns
      .map(({ vpnId, state }) => ({ id: vpnId, state }))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
}

describe('npm run backup / restore (embedded database)', () => {
  const dirs: string[] = [];
  let server: ServerProcess | undefined;
  const tempDir = (label: string): string => {
    const dir = makeTempDir(label);
    dirs.push(dir);
    return dir;
  };

  afterEach(async () => {
    await killServerProcess(server);
    server = undefined;
    for (const dir of dirs.splice(0)) removeDir(dir);
  });

  it('backs up a running server and restores users, balances and VPNs into a fresh DATA_DIR', async () => {
    const source = tempDir('backup-src');
    const target = tempDir('backup-dst');
    const file = path.join(tempDir('backup-out'), 'copy.tar.gz');
    // No metering tick during the test: balances stay put between backup and comparison.
    const env = { WEB_DIR: source, SIMULATED_STEP_MS: '50', METER_INTERVAL_S: '3600' };
    server = await startServerProcess({ ...env, DATA_DIR: source });
    const origin = server.url;
    const users: HttpUser[] = [];
    for (const label of ['backup-a', 'backup-b']) users.push(await signUpOverHttp(origin, label));
    const created = await httpApi<{ vpn: { id: string } }>(origin, users[0], 'POST', '/v1/vpns/', {
      region: 'eu-west-3',
      config: { type: 'wireguard', maxPeanuts: 1, deleteAfter: 3600 },
    });
    expect(created.status).toBe(202);
    await pollUntil(
      async () => (await accountOf(origin, users[0]!)).vpns[0]?.state === 'Running',
      60_000,
    );
    const before = await Promise.all(users.map((user) => accountOf(origin, user)));
    expect(before[0]!.vpns).toEqual([{ id: created.body.vpn.id, state: 'Running' }]);

    const taken = await runScript(source, ['backup', file]);
    expect(taken).toEqual({
      code: 0,
      output: expect.stringContaining('taken by the running server'),
    });
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    // The server kept serving.
    expect(await accountOf(origin, users[1]!)).toEqual(before[1]);

    // A restore never writes under a running server.
    const busy = await runScript(source, ['restore', file, '--force']);
    expect(busy.code).toBe(1);
    expect(busy.output).toMatch(/A server \(process \d+\) runs on .*: stop it first/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });

    const restored = await runScript(target, ['restore', file]);
    expect(restored).toEqual({ code: 0, output: expect.stringContaining('Restored ') });
    server = await startServerProcess({ ...env, DATA_DIR: target });
    for (const [i, user] of users.entries()) {
      const tokens = await signInOverHttp(server.url, user.username);
      expect(await accountOf(server.url, tokens)).toEqual(before[i]);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });

    // A database already there is kept unless --force, which moves it aside.
    const again = await runScript(target, ['restore', file]);
    expect(again.code).toBe(2);
    expect(again.output).toContain('already holds a database: add --force');
    const movedTo = await restore(target, file, true);
    expect(movedTo && fs.readdirSync(movedTo).length).toBeGreaterThan(0);
    // With no server running, the script takes the copy itself.
    const second = path.join(path.dirname(file), 'second.tar.gz');
    expect(await backup(target, second)).toBe('offline');
    expect(fs.statSync(second).size).toBeGreaterThan(0);
  }, 300_000);

  it('points PostgreSQL users to pg_dump', async () => {
    const answer = await runScript(tempDir('backup-pg'), ['backup'], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(answer.code).toBe(1);
    expect(answer.output).toContain('pg_dump');
  }, 120_000);
});
