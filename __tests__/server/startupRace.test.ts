/**
 * Start-up of a fleet: several server processes started at the same instant on a
 * fresh PostgreSQL database all start (the migrations and the job queue's first install run once,
 * under an advisory lock; without it one process failed with `duplicate key value violates unique
 * constraint "pg_namespace_nspname_index"` about every other time), and the queue works: a VPN
 * created on one process reaches Running. Each round uses a database of its own, created and
 * dropped by the test. Skipped without TEST_DATABASE_URL.
 */
import { Client } from 'pg';
import Fastify from 'fastify';
import { MEMORY_DATA_DIR, openDatabase, type DatabaseHandle } from '../../src/server/db';
import { createJobRunner, type JobRunner } from '../../src/server/vpns/jobs';
import { makeTempDir, openTestDatabase, removeDir } from '../support/helpers';
import { httpApi, pollUntil, signUpOverHttp } from '../support/httpUsers';
import {
  killServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../support/serverProcess';

const pgUrl = process.env.TEST_DATABASE_URL;
/** Rounds, each on a fresh database (the race did not show every time). */
const ROUNDS = 3;
/** Processes started at once per round. */
const PROCESSES = 3;

/** Runs one statement on the server of TEST_DATABASE_URL. */
async function admin(statement: string): Promise<void> {
  const client = new Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

(pgUrl ? describe : describe.skip)('processes starting at once on a fresh PostgreSQL', () => {
  let webDir: string;
  const running: ServerProcess[] = [];
  const databases: string[] = [];

  beforeAll(() => {
    webDir = makeTempDir('startup-race');
  });
  afterAll(async () => {
    await Promise.all(running.map((server) => killServerProcess(server)));
    for (const name of databases) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    removeDir(webDir);
  });

  it('all start, and the job queue works', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = `peanut_startup_${process.pid}_${round}_${Math.random().toString(36).slice(2, 8)}`;
      await admin(`CREATE DATABASE "${name}"`);
      databases.push(name);
      const url = new URL(pgUrl ?? '');
      url.pathname = `/${name}`;
      const env = {
        DATABASE_URL: url.toString(),
        DATA_DIR: webDir,
        WEB_DIR: webDir,
        SIMULATED_STEP_MS: '50',
      };
      const started = await Promise.allSettled(
        Array.from({ length: PROCESSES }, () => startServerProcess(env, 120_000)),
      );
      const servers: ServerProcess[] = [];
      for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
      running.push(...servers);
      const failures = started.flatMap((result) =>
        result.status === 'rejected' ? [String(result.reason)] : [],
      );
      expect(failures).toEqual([]);

      const user = await signUpOverHttp(servers[0].url, 'startup');
      const created = await httpApi<{ vpn: { id: string } }>(
        servers[1].url,
        user,
        'POST',
        '/v1/vpns/',
        { region: 'eu-west-3', config: { type: 'wireguard', maxPeanuts: 1, deleteAfter: 3600 } },
      );
      expect(created.status).toBe(202);
      let state = '';
      await pollUntil(
        async () => {
          const answer = await httpApi<{ vpn: { state: string } }>(
            servers[2].url,
            user,
            'GET',
            `/v1/vpns/${encodeURIComponent(created.body.vpn.id)}`,
          );
          state = answer.body.vpn.state;
          return state === 'Running';
        },
        90_000,
        () => `VPN is ${state}, not Running`,
      );

      for (const server of servers) server.child.kill('SIGTERM');
      const exits = await Promise.all(servers.map((server) => server.exited));
      expect(exits).toEqual(servers.map(() => ({ code: 0, signal: null })));
      running.length = 0;
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  }, 600_000);
});

/**
 * The job runners of a fleet creating the lifecycle queue at once on a freshly migrated database:
 * pg-boss's `create_queue` deadlocks there (PostgreSQL aborted all but one of three, every time,
 * in a reproduction), which stopped the start of a process about once in the CI run above.
 */
(pgUrl ? describe : describe.skip)('job runners starting at once on one database', () => {
  it('all create the queue and start, and a job runs', async () => {
    const database = await openTestDatabase('postgres');
    const handles: DatabaseHandle[] = [];
    const runners: JobRunner[] = [];
    try {
      const ran: string[] = [];
      for (let i = 0; i < PROCESSES; i++) {
        const handle = await openDatabase({ databaseUrl: database.url, dataDir: MEMORY_DATA_DIR });
        handles.push(handle);
        runners.push(
          createJobRunner({
            executeSql: handle.executeSql,
            log: Fastify().log, // a logger that drops everything
            handler: async (job) => {
              ran.push(job.vpnId);
            },
            tuning: { pollingIntervalSeconds: 0.5 },
          }),
        );
      }
      const started = await Promise.allSettled(runners.map((runner) => runner.start()));
      expect(
        started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : [])),
      ).toEqual([]);

      await runners[1].send('vpn-after-the-race');
      await pollUntil(
        async () => ran.includes('vpn-after-the-race'),
        30_000,
        () => `the job did not run (ran: ${ran.join(', ')})`,
      );
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
      await Promise.all(handles.map((handle) => handle.close()));
      await database.cleanup();
    }
  }, 120_000);
});
