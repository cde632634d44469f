/**
 * `npm run bench`, part 2: metering on PostgreSQL. For N = 1k, 10k and 100k
 * Running VPNs (two per user, every one with a whole interval to charge, so each VPN row is
 * written; started at random over the last settlement period, METER_SETTLE_S, so about one in
 * 720 settles into the ledger, as in steady state) it times one batched pass (meterBatch.ts) and
 * prints its wall time, the time per VPN (linear when constant) and the goal (100k <= 1 s).
 * Then the same at the largest N with every VPN settling (METER_SETTLE_S=0, or every VPN
 * crossing a settlement at once), for comparison.
 * Then the termination lag at 10k: deadlines spread over the next 12 s, passes every
 * METER_INTERVAL_S (default 5 s, start to start) with deadline passes between them, as the
 * lifecycle runs them, and the time from each deadline to Deprovisioning (goal <= 5 s).
 *
 * Each owner starts with a history: a purchase and METER_HISTORY (default 24: a day of one VPN
 * settled hourly) earlier usage settlements, as an account in use has; a pass reads each owner's
 * ledger total (`ledger_totals`), not its entries, so its time does not grow with them.
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL); a database
 * `peanut_bench_meter_<pid>` is created beside it and dropped afterwards. METER_INTERVAL_S,
 * METER_SETTLE_S (defaults 5 and 3600, as the service's); METER_HISTORY;
 * METER_SIZES (comma-separated N, default 1000,10000,100000); METER_LAG=0 skips the lag run.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { openDatabase, type DatabaseHandle } from '../src/server/db';
import { DEADLINE_PASS_GAP_MS, DeadlineTimer } from '../src/server/vpns/deadlineTimer';
import { meterBatch } from '../src/server/vpns/meterBatch';
import { planMetering, settleEveryIntervals } from '../src/server/vpns/metering';
import { admin } from './common';

/** A provisioner's byte counter: 1 kB/s since running (what the simulated one does). */
const provisioner = {
  usage: async (vpn: { runningAtMs: number }) => ({
    bytes: Math.max(0, Math.floor(Date.now() - vpn.runningAtMs)),
  }),
};

/**
 * Empties the tables and seeds `n` Running VPNs (two per user, each user with 1000 peanuts and
 * `history` earlier usage entries of 0.001 peanut)
 * that became Running `ranMs` ago (offset by `spreadMs * random`), with `deleteAfterS`, charged
 * up to one or two intervals ago and settled at their last multiple of `settleEvery` intervals.
 */
async function seed(
  database: DatabaseHandle,
  n: number,
  intervalMs: number,
  running: {
    ranMs: number;
    spreadMs: number;
    deleteAfterS: number;
    settleEvery: number;
    history: number;
  },
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
    `INSERT INTO ledger_entries (user_sub, amount_nano, kind, key)
     SELECT sub, -1000000, 'usage', 'bench-history:' || sub || ':' || k
     FROM users, generate_series(1, $1::int) AS k`,
    [running.history],
  );
  await sql(
    `WITH u AS (SELECT sub, row_number() OVER (ORDER BY sub) AS k FROM users),
          r AS (SELECT i, now() - make_interval(secs => ($2::float8 + random() * $3::float8) / 1000)
                  AS running_at FROM generate_series(1, $1::int) AS i),
          v AS (SELECT i, running_at, greatest(0, floor(extract(epoch FROM now() - running_at)
                  * 1000 / $5::float8 - 1))::int AS metered FROM r)
     INSERT INTO vpns (vpn_id, user_sub, region, state, type, delete_after, created_at, updated_at,
                       running_at, metered_at, metered_intervals, settled_intervals, bytes,
                       consumed_nano)
     SELECT (extract(epoch FROM v.running_at) * 1000)::bigint || '.' || v.i || '@eu-west-3',
            u.sub, 'eu-west-3', 'Running', 'wireguard', $4::int, v.running_at, v.running_at,
            v.running_at, v.running_at + make_interval(secs => $5::float8 * v.metered / 1000),
            v.metered, v.metered / $6::int * $6::int, 0, 0
     FROM v JOIN u ON u.k = (v.i + 1) / 2`,
    [n, running.ranMs, running.spreadMs, running.deleteAfterS, intervalMs, running.settleEvery],
  );
  await sql('ANALYZE vpns; ANALYZE ledger_entries; ANALYZE users');
}

/**
 * CPU time (ms) used so far by the PostgreSQL backends serving this database's clients (not
 * autovacuum, which the seeding wakes), read from /proc (PostgreSQL on this machine); undefined
 * where /proc cannot tell.
 */
async function backendCpuMs(database: DatabaseHandle): Promise<Map<number, number> | undefined> {
  const { rows } = await database.executeSql(
    `SELECT pid FROM pg_stat_activity
     WHERE datname = current_database() AND backend_type = 'client backend'`,
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = await readFile(`/proc/${Number(pid)}/stat`, 'utf8');
      // Fields after the command name: state is field 3; utime and stime are fields 14 and 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(Number(pid), ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
    } catch {
      return undefined;
    }
  }
  return cpu;
}

/** Earlier usage settlements per owner (METER_HISTORY, a whole number from 0). */
const HISTORY = Number(process.env.METER_HISTORY ?? 24);

/** Kernel clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat times. */
const CLOCK_TICKS = 100;

/** What one pass cost. */
interface PassCost {
  /** Wall time, ms. */
  ms: number;
  /** CPU time of this process (planning, drivers), ms. */
  nodeCpuMs: number;
  /** CPU time of the PostgreSQL backends, ms (undefined: not measurable here). */
  pgCpuMs?: number;
}

/**
 * Times one pass over `n` VPNs, each with a whole interval to charge, started at random over the
 * last settlement period of `settleEvery` intervals; `phases` gets its parts.
 */
async function timePass(
  database: DatabaseHandle,
  n: number,
  intervalMs: number,
  settleEvery: number,
  phases: Map<string, number>,
): Promise<PassCost & { settlements: number }> {
  await seed(database, n, intervalMs, {
    ranMs: 1.5 * intervalMs,
    spreadMs: settleEvery * intervalMs,
    deleteAfterS: 86_400,
    settleEvery,
    history: HISTORY,
  });
  const cpuBefore = await backendCpuMs(database);
  const nodeBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = await meterBatch({
    db: database.db,
    provisioner,
    clock: Date.now,
    intervalMs,
    settleEveryIntervals: settleEvery,
    onPhase: (phase, ms) => phases.set(phase, (phases.get(phase) ?? 0) + ms),
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const node = process.cpuUsage(nodeBefore);
  const cpuAfter = await backendCpuMs(database);
  const settled = settleEvery === 1 ? n : result.settlements;
  if (result.metered !== n || result.written !== n || result.settlements !== settled) {
    throw new Error(`pass over ${n}: metered ${result.metered}, written ${result.written}`);
  }
  let pgCpuMs: number | undefined;
  if (cpuBefore && cpuAfter) {
    pgCpuMs = 0;
    for (const [pid, after] of cpuAfter) pgCpuMs += after - (cpuBefore.get(pid) ?? 0);
  }
  return {
    ms,
    nodeCpuMs: (node.user + node.system) / 1000,
    pgCpuMs,
    settlements: result.settlements,
  };
}

/**
 * Runs metering as the lifecycle does for a while (regular passes every `intervalMs`, start to
 * start; deadline passes between them at the deadlines each regular pass hands over; never two
 * passes at once) and returns the lags, deadline to Deprovisioning, ms.
 */
async function terminationLags(
  database: DatabaseHandle,
  n: number,
  intervalMs: number,
  settleEvery: number,
): Promise<number[]> {
  const horizonMs = 12_000;
  const deleteAfterS = 60;
  // Deadlines (running_at + 60 s) fall uniformly within the next 12 s.
  await seed(database, n, intervalMs, {
    ranMs: deleteAfterS * 1000 - horizonMs,
    spreadMs: horizonMs - 1000,
    deleteAfterS,
    settleEvery,
    history: HISTORY,
  });
  let passes: Promise<unknown> = Promise.resolve();
  const queue = (dueOnly: boolean) => {
    const pass = passes.then(() =>
      meterBatch({
        db: database.db,
        provisioner,
        clock: Date.now,
        intervalMs,
        settleEveryIntervals: settleEvery,
        dueOnly,
      }),
    );
    passes = pass;
    return pass;
  };
  const deadlines = new DeadlineTimer({
    run: () => queue(true).then(() => undefined),
    clock: Date.now,
    minGapMs: Math.min(DEADLINE_PASS_GAP_MS, intervalMs),
  });
  const until = Date.now() + horizonMs + 2 * intervalMs;
  let next = Date.now();
  try {
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
      next = Date.now() + intervalMs;
      deadlines.arm((await queue(false)).upcoming);
    }
  } finally {
    deadlines.stop();
    await passes;
  }
  const { rows } = await database.executeSql(
    `SELECT extract(epoch FROM updated_at - ended_at) * 1000 AS lag FROM vpns
     WHERE reason = 'deleteAfter elapsed'`,
  );
  return rows.map((row) => Number(row.lag)).sort((a, b) => a - b);
}

/**
 * Times `planMetering` (pure Node CPU, no I/O) on 100k synthetic Running VPNs 25 times over
 * (2.5 million plans), best of 5, ms: a reference for how fast this machine is right now,
 * printed beside the figures.
 */
function cpuReferenceMs(intervalMs: number, settleEvery: number): number {
  const nowMs = Date.now();
  const inputs = Array.from({ length: 100_000 }, (_, i) => ({
    nowMs,
    intervalMs,
    runningAtMs: nowMs - 7000 - i,
    meteredAtMs: nowMs - 7000 - i + intervalMs,
    meteredIntervals: 1,
    deleteAfterS: 86_400,
    chargedBytes: 0,
    usageBytes: 5000,
    consumedNano: 0,
    settledNano: 0,
    settledIntervals: 0,
    settleEveryIntervals: settleEvery,
    maxPeanutsNano: null,
    balanceNano: 1e12,
  }));
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    let charged = 0;
    for (let pass = 0; pass < 25; pass++) {
      for (const input of inputs) charged += planMetering(input).consumedNano;
    }
    best = Math.min(best, performance.now() - started);
    if (charged <= 0) throw new Error('the reference charged nothing');
  }
  return best;
}

/** Measures and prints. */
async function main(): Promise<void> {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    process.stdout.write('Metering bench skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.\n');
    return;
  }
  if (!Number.isInteger(HISTORY) || HISTORY < 0) {
    throw new Error('METER_HISTORY must be a whole number from 0');
  }
  const sizes = (process.env.METER_SIZES ?? '1000,10000,100000').split(',').map(Number);
  const intervalMs = Math.round(1000 * Number(process.env.METER_INTERVAL_S ?? 5));
  const settleMs = Math.round(1000 * Number(process.env.METER_SETTLE_S ?? 3600));
  const name = `peanut_bench_meter_${process.pid}`;
  await admin(baseUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: os.tmpdir() });
  try {
    await database.migrate();
    const settleEvery = settleEveryIntervals(intervalMs, settleMs);
    const passes: { n: number; every: number; cost: PassCost & { settlements: number } }[] = [];
    const phasesOf = new Map<string, Map<string, number>>();
    const run = async (n: number, every: number, label: string) => {
      const phases = new Map<string, number>();
      passes.push({ n, every, cost: await timePass(database, n, intervalMs, every, phases) });
      phasesOf.set(label, phases);
    };
    for (const n of sizes) await run(n, settleEvery, String(n));
    const largest = Math.max(...sizes);
    if (settleEvery > 1) await run(largest, 1, `${largest} (every VPN settling)`);
    const lags =
      process.env.METER_LAG === '0'
        ? undefined
        : await terminationLags(database, 10_000, intervalMs, settleEvery);
    const load = os.loadavg().map((value) => value.toFixed(1));
    const referenceMs = cpuReferenceMs(intervalMs, settleEvery);

    process.stdout.write(
      `\nMetering on PostgreSQL, one batched pass, every VPN charged (METER_INTERVAL_S=` +
        `${intervalMs / 1000}, METER_SETTLE_S=${settleMs / 1000}), each owner with ${HISTORY} ` +
        `earlier settlements (METER_HISTORY); Node ${process.version}, ` +
        `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, load average ${load.join(' ')}\n\n`,
    );
    process.stdout.write(
      `CPU reference (this machine's speed now): planning 100k synthetic VPNs 25 times in memory, ` +
        `best of 5: ${referenceMs.toFixed(0)} ms. Compare it between runs: on a throttled or ` +
        `shared VM it is higher, and every figure below with it.\n\n`,
    );
    process.stdout.write(
      '| Running VPNs | settled in the pass | pass wall time ms | us per VPN | CPU ms: Node + PostgreSQL | goal |\n',
    );
    process.stdout.write('| ---: | ---: | ---: | ---: | ---: | --- |\n');
    for (const { n, every, cost } of passes) {
      const { ms, nodeCpuMs, pgCpuMs, settlements } = cost;
      const goal =
        n === 100_000 && every === settleEvery
          ? ms <= 1000
            ? '<= 1000 ms: met'
            : '<= 1000 ms: NOT met'
          : '';
      const cpu = `${nodeCpuMs.toFixed(0)} + ${pgCpuMs === undefined ? 'n/a' : pgCpuMs.toFixed(0)}`;
      process.stdout.write(
        `| ${n} | ${settlements} | ${ms.toFixed(0)} | ${((1000 * ms) / n).toFixed(1)} | ${cpu} | ${goal} |\n`,
      );
    }
    for (const [label, phases] of phasesOf) {
      const parts = [...phases].map(([phase, ms]) => `${phase} ${ms.toFixed(0)}`).join(', ');
      process.stdout.write(`\nWhere the ${label} pass went, ms: ${parts}\n`);
    }
    if (!lags) return;
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
