/**
 * `npm run bench`, part 2: metering (issue 11, goal 2) on PostgreSQL. For N = 1k, 10k and 100k
 * Running VPNs (two per user, every one with a whole interval to charge: the worst pass, each
 * VPN gets a ledger charge and a row update) it times one batched pass (meterBatch.ts) and
 * prints its wall time, the time per VPN (linear when constant) and the goal (100k <= 1 s).
 * Then the termination lag at 10k: deadlines spread over the next 12 s, passes every
 * METER_INTERVAL_S (default 5 s, start to start, as the lifecycle runs them), and the time
 * from each deadline to Deprovisioning (goal <= 5 s).
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL); a database
 * `peanut_bench_meter_<pid>` is created beside it and dropped afterwards. METER_INTERVAL_S.
 */
import os from 'node:os';
import { Client } from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/server/db';
import { meterBatch } from '../src/server/vpns/meterBatch';

/** Runs one statement on the server of `url`. */
async function admin(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A provisioner's byte counter: 1 kB/s since running (what the simulated one does). */
const provisioner = {
  usage: async (vpn: { runningAtMs: number }) => ({
    bytes: Math.max(0, Math.floor(Date.now() - vpn.runningAtMs)),
  }),
};

/**
 * Empties the tables and seeds `n` Running VPNs (two per user, each user with 1000 peanuts)
 * that became Running `ranMs` ago (offset by `spreadMs * random`), with `deleteAfterS`.
 */
async function seed(
  database: DatabaseHandle,
  n: number,
  intervalMs: number,
  running: { ranMs: number; spreadMs: number; deleteAfterS: number },
): Promise<void> {
  const sql = database.executeSql;
  await sql('TRUNCATE vpns, ledger_entries, users CASCADE');
  const users = Math.ceil(n / 2);
  await sql(
    `INSERT INTO users (sub, username, email, email_verified, confirmed, srp_salt, srp_verifier)
     SELECT gen_random_uuid(), 'bench' || i, 'bench' || i || '@example.com', true, true, '00', '00'
     FROM generate_series(1, $1::int) AS i`,
    [users],
  );
  await sql(
    `INSERT INTO ledger_entries (user_sub, amount_nano, kind, key)
     SELECT sub, 1000000000000, 'purchase', 'bench:' || sub FROM users`,
  );
  await sql(
    `WITH u AS (SELECT sub, row_number() OVER (ORDER BY sub) AS k FROM users),
          v AS (SELECT i, now() - make_interval(secs => ($2::float8 + random() * $3::float8) / 1000)
                  AS running_at FROM generate_series(1, $1::int) AS i)
     INSERT INTO vpns (vpn_id, user_sub, region, state, type, delete_after, created_at, updated_at,
                       running_at, metered_at, metered_intervals, bytes, consumed_nano)
     SELECT (extract(epoch FROM v.running_at) * 1000)::bigint || '.' || v.i || '@eu-west-3',
            u.sub, 'eu-west-3', 'Running', 'wireguard', $4::int, v.running_at, v.running_at,
            v.running_at,
            v.running_at + make_interval(secs => $5::float8 * floor(extract(epoch FROM now() - v.running_at) * 1000 / $5::float8 - 1) / 1000),
            greatest(0, floor(extract(epoch FROM now() - v.running_at) * 1000 / $5::float8 - 1))::int,
            0, 0
     FROM v JOIN u ON u.k = (v.i + 1) / 2`,
    [n, running.ranMs, running.spreadMs, running.deleteAfterS, intervalMs],
  );
  await sql('ANALYZE vpns; ANALYZE ledger_entries; ANALYZE users');
}

/** Times one pass over `n` VPNs, each with a whole interval to charge. */
async function timePass(database: DatabaseHandle, n: number, intervalMs: number): Promise<number> {
  await seed(database, n, intervalMs, {
    ranMs: 1.5 * intervalMs,
    spreadMs: 0.4 * intervalMs,
    deleteAfterS: 86_400,
  });
  const started = process.hrtime.bigint();
  const result = await meterBatch({ db: database.db, provisioner, clock: Date.now, intervalMs });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.metered !== n || result.charges !== n) {
    throw new Error(`pass over ${n}: metered ${result.metered}, charged ${result.charges}`);
  }
  return ms;
}

/** Runs passes start to start every `intervalMs` for `durationMs`; returns the lags, ms. */
async function terminationLags(
  database: DatabaseHandle,
  n: number,
  intervalMs: number,
): Promise<number[]> {
  const horizonMs = 12_000;
  const deleteAfterS = 60;
  // Deadlines (running_at + 60 s) fall uniformly within the next 12 s.
  await seed(database, n, intervalMs, {
    ranMs: deleteAfterS * 1000 - horizonMs,
    spreadMs: horizonMs - 1000,
    deleteAfterS,
  });
  const until = Date.now() + horizonMs + 2 * intervalMs;
  let next = Date.now();
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    next = Date.now() + intervalMs;
    await meterBatch({ db: database.db, provisioner, clock: Date.now, intervalMs });
  }
  const { rows } = await database.executeSql(
    `SELECT extract(epoch FROM updated_at - ended_at) * 1000 AS lag FROM vpns
     WHERE reason = 'deleteAfter elapsed'`,
  );
  return rows.map((row) => Number(row.lag)).sort((a, b) => a - b);
}

/** Measures and prints. */
async function main(): Promise<void> {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    process.stdout.write('Metering bench skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.\n');
    return;
  }
  const intervalMs = Math.round(1000 * Number(process.env.METER_INTERVAL_S ?? 5));
  const name = `peanut_bench_meter_${process.pid}`;
  await admin(baseUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: os.tmpdir() });
  try {
    await database.migrate();
    const passes: [number, number][] = [];
    for (const n of [1000, 10_000, 100_000])
      passes.push([n, await timePass(database, n, intervalMs)]);
    const lags = await terminationLags(database, 10_000, intervalMs);

    process.stdout.write(
      `\nMetering on PostgreSQL, one batched pass, every VPN charged; Node ${process.version}, ` +
        `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}\n\n`,
    );
    process.stdout.write('| Running VPNs | pass wall time ms | us per VPN | goal |\n');
    process.stdout.write('| ---: | ---: | ---: | --- |\n');
    for (const [n, ms] of passes) {
      const goal = n === 100_000 ? (ms <= 1000 ? '<= 1000 ms: met' : '<= 1000 ms: NOT met') : '';
      process.stdout.write(
        `| ${n} | ${ms.toFixed(0)} | ${((1000 * ms) / n).toFixed(1)} | ${goal} |\n`,
      );
    }
    const max = lags[lags.length - 1] ?? NaN;
    const p50 = lags[Math.floor(lags.length / 2)] ?? NaN;
    process.stdout.write(
      `\nTermination lag at 10000 Running VPNs (deadline to Deprovisioning, METER_INTERVAL_S=` +
        `${intervalMs / 1000}): ${lags.length} ended, p50 ${(p50 / 1000).toFixed(2)} s, ` +
        `max ${(max / 1000).toFixed(2)} s (goal <= 5 s: ${max <= 5000 ? 'met' : 'NOT met'})\n`,
    );
  } finally {
    await database.close();
    await admin(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
