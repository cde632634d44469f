/**
 * The pass's one statement (meterBatchSql.ts) against the rules in words (`planMetering`,
 * metering.ts) on random batches: owners with random balances (some used up, some
 * used up part way through their VPNs), Running VPNs at random points of their lives (timestamps
 * with microseconds, deadlines passed or not, maxPeanuts, unsettled charges, byte counters read
 * or not, nothing to charge yet; balances and maxPeanuts often exactly on whole intervals' prices,
 * so that the boundaries are hit), one or two partitions. Every row and every ledger settlement
 * written must be exactly what `planMetering` plans VPN by VPN in (owner, vpnId) order, each
 * seeing its owner's balance less the charges before it. On PGlite and, when TEST_DATABASE_URL
 * is set, on PostgreSQL.
 */
import fc from 'fast-check';
import { meterBatch } from '../../../src/server/vpns/meterBatch';
import { planMetering, usageKey, type MeterPlan } from '../../../src/server/vpns/metering';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';
import { meteredColumnsOf } from '../../support/vpnHelpers';

/** The metering interval, ms. */
const INTERVAL_MS = 5000;
/** The price of one interval's running time, nano-peanuts (1,500 per ms). */
const INTERVAL_PRICE = INTERVAL_MS * 1500;
/** Now, epoch ms. */
const NOW_MS = 1_800_000_000_000;
/** The owners (in uuid order). */
const OWNERS = [1, 2, 3].map((i) => `00000000-0000-4000-8000-00000000000${i}`);

/** A random Running VPN. */
interface RandomVpn {
  owner: number;
  /** Running for this long before now, ms, plus `runningUs` microseconds. */
  ranMs: number;
  runningUs: number;
  /** Whole intervals charged so far, as a share of those completed (0 to 1). */
  meteredShare: number;
  deleteAfterS: number;
  maxPeanutsNano: number | null;
  chargedBytes: number;
  /** Bytes counted since the last charge; null: the counter cannot be read. */
  newBytes: number | null;
  /** Intervals settled so far, as a share of those charged (0 to 1). */
  settledShare: number;
}

const vpnArbitrary: fc.Arbitrary<RandomVpn> = fc.record({
  owner: fc.integer({ min: 0, max: 2 }),
  // Anywhere, or on an interval's edge, or a millisecond before one.
  ranMs: fc.oneof(
    fc.integer({ min: 0, max: 60_000 }),
    fc.integer({ min: 0, max: 12 }).map((k) => k * INTERVAL_MS),
    fc.integer({ min: 1, max: 12 }).map((k) => k * INTERVAL_MS - 1),
  ),
  runningUs: fc.integer({ min: 0, max: 999 }),
  meteredShare: fc.double({ min: 0, max: 1, noNaN: true }),
  deleteAfterS: fc.integer({ min: 1, max: 90 }),
  maxPeanutsNano: fc.option(
    fc.oneof(
      fc.integer({ min: 0, max: 60_000_000 }),
      fc.integer({ min: 0, max: 8 }).map((k) => k * INTERVAL_PRICE),
    ),
    { nil: null },
  ),
  // Often none, so that balances land exactly on zero.
  chargedBytes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000 })),
  // Sometimes a huge counter (a faulty or hostile host): the charge must stop at the caps.
  newBytes: fc.option(
    fc.oneof(
      fc.constant(0),
      fc.integer({ min: 0, max: 100_000 }),
      fc.integer({ min: 0, max: 10_000_000_000_000 }),
    ),
    { nil: null },
  ),
  settledShare: fc.double({ min: 0, max: 1, noNaN: true }),
});

describe.each(DATABASE_KINDS)('the metering statement on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.handle.migrate();
    for (const [i, sub] of OWNERS.entries()) {
      await database.handle.executeSql(
        `INSERT INTO users (sub, username, email, email_verified, confirmed, srp_salt,
                            srp_verifier)
         VALUES ($1, $2, $3, true, true, '00', '00')`,
        [sub, `owner${i}`, `owner${i}@example.com`],
      );
    }
  }, 120_000);

  afterAll(async () => {
    await database?.cleanup();
  });

  it('settles a period crossed without a charge (the settlement period shortened since)', async () => {
    // One interval charged and not settled, nothing more to charge now, settling every charge:
    // planMetering settles it, so the statement must write the row and the settlement too
    // (fast-check found it: seed 1346294577).
    const sql = database.handle.executeSql;
    await sql('DELETE FROM vpns; DELETE FROM ledger_entries');
    await sql(
      `INSERT INTO ledger_entries (user_sub, amount_nano, kind, key) VALUES ($1, $2, 'test', 't')`,
      [OWNERS[0], 2 * INTERVAL_PRICE],
    );
    const runningAtMs = NOW_MS - INTERVAL_MS;
    await sql(
      `INSERT INTO vpns (vpn_id, user_sub, region, state, type, delete_after, created_at,
                         updated_at, running_at, metered_at, metered_intervals, bytes,
                         consumed_nano, settled_nano, settled_intervals)
       SELECT 'vpn00', $1, 'eu-west-3', 'Running', 'wireguard', 3600, r, r, r,
              r + $2::bigint * interval '1 millisecond', 1, 0, $3, 0, 0
       FROM (SELECT 'epoch'::timestamptz + $4::bigint * interval '1 millisecond' AS r) t`,
      [OWNERS[0], INTERVAL_MS, INTERVAL_PRICE, runningAtMs],
    );
    const plan = planMetering({
      nowMs: NOW_MS,
      intervalMs: INTERVAL_MS,
      runningAtMs,
      meteredAtMs: NOW_MS,
      meteredIntervals: 1,
      deleteAfterS: 3600,
      chargedBytes: 0,
      usageBytes: 0,
      consumedNano: INTERVAL_PRICE,
      settledNano: 0,
      settledIntervals: 0,
      settleEveryIntervals: 1,
      maxPeanutsNano: null,
      balanceNano: INTERVAL_PRICE,
    });
    expect(plan.charge).toBeUndefined();
    expect(plan.settle).toEqual({ index: 0, amountNano: INTERVAL_PRICE });

    const result = await meterBatch({
      db: database.handle.db,
      provisioner: { usage: async () => ({ bytes: 0 }) },
      clock: () => NOW_MS,
      intervalMs: INTERVAL_MS,
      settleEveryIntervals: 1,
      partitions: 1,
    });
    expect(result.settlements).toBe(1);
    const { rows } = await sql(
      `SELECT settled_nano::float8 AS settled, settled_intervals, metered_intervals,
              consumed_nano::float8 AS consumed, state FROM vpns`,
    );
    expect(rows).toEqual([
      {
        settled: INTERVAL_PRICE,
        settled_intervals: 1,
        metered_intervals: 1,
        consumed: INTERVAL_PRICE,
        state: 'Running',
      },
    ]);
    const entries = await sql(
      `SELECT key, amount_nano::float8 AS amount FROM ledger_entries WHERE kind = 'usage'`,
    );
    expect(entries.rows).toEqual([{ key: usageKey('vpn00', 0), amount: -INTERVAL_PRICE }]);
  });

  it('writes exactly what planMetering plans, VPN by VPN', async () => {
    const sql = database.handle.executeSql;
    await fc.assert(
      fc.asyncProperty(
        fc.array(vpnArbitrary, { minLength: 1, maxLength: 8 }),
        // Each owner's ledger: anything, or whole intervals' prices (balances reaching 0).
        fc.array(
          fc.oneof(
            fc.integer({ min: -10_000_000, max: 40_000_000 }),
            fc.integer({ min: -1, max: 5 }).map((k) => k * INTERVAL_PRICE),
          ),
          { minLength: 3, maxLength: 3 },
        ),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 2 }),
        async (seeds, ledger, settleEvery, partitions) => {
          await sql('DELETE FROM vpns; DELETE FROM ledger_entries');
          for (const [i, amount] of ledger.entries()) {
            await sql(
              `INSERT INTO ledger_entries (user_sub, amount_nano, kind, key)
               VALUES ($1, $2, 'test', $3)`,
              [OWNERS[i], amount, `test:${i}`],
            );
          }
          const usage = new Map<string, number>();
          const inputs = seeds.map((seed, i) => {
            const vpnId = `vpn${String(i).padStart(2, '0')}`;
            const runningAtMs = NOW_MS - seed.ranMs;
            const completed = Math.floor(
              (Math.min(NOW_MS, runningAtMs + seed.deleteAfterS * 1000) - runningAtMs) /
                INTERVAL_MS,
            );
            const meteredIntervals = Math.floor(seed.meteredShare * completed);
            const settledIntervals = Math.floor(seed.settledShare * meteredIntervals);
            // As metering leaves a row: bytes are charged with intervals, and a row whose every
            // charged interval is settled has settled everything.
            const chargedBytes = meteredIntervals > 0 ? seed.chargedBytes : 0;
            const consumedNano = meteredIntervals * INTERVAL_PRICE + chargedBytes * 500;
            const settledNano =
              settledIntervals === meteredIntervals
                ? consumedNano
                : Math.floor((consumedNano * settledIntervals) / meteredIntervals);
            if (seed.newBytes !== null) usage.set(vpnId, chargedBytes + seed.newBytes);
            return {
              vpnId,
              seed,
              chargedBytes,
              runningAtMs,
              meteredIntervals,
              settledIntervals,
              consumedNano,
              settledNano,
            };
          });
          for (const vpn of inputs) {
            const runningUs = vpn.runningAtMs * 1000 + vpn.seed.runningUs;
            await sql(
              `INSERT INTO vpns (vpn_id, user_sub, region, state, type, delete_after,
                                 max_peanuts_nano, created_at, updated_at, running_at, metered_at,
                                 metered_intervals, bytes, consumed_nano, settled_nano,
                                 settled_intervals)
               SELECT $1, $2, 'eu-west-3', 'Running', 'wireguard', $3, $4, r, r, r,
                      r + $5::bigint * interval '1 millisecond', $6, $7, $8, $9, $10
               FROM (SELECT 'epoch'::timestamptz + $11::bigint * interval '1 microsecond' AS r) t`,
              [
                vpn.vpnId,
                OWNERS[vpn.seed.owner],
                vpn.seed.deleteAfterS,
                vpn.seed.maxPeanutsNano,
                vpn.meteredIntervals * INTERVAL_MS,
                vpn.meteredIntervals,
                vpn.chargedBytes,
                vpn.consumedNano,
                vpn.settledNano,
                vpn.settledIntervals,
                runningUs,
              ],
            );
          }

          // The expectation: planMetering VPN by VPN, owners in order, each owner's VPNs in
          // vpnId order, each seeing the balance less the charges before it.
          const balances = OWNERS.map((_, i) => {
            const unsettled = inputs
              .filter((vpn) => vpn.seed.owner === i)
              .reduce((sum, vpn) => sum + vpn.consumedNano - vpn.settledNano, 0);
            return ledger[i] - unsettled;
          });
          const expected = new Map<string, MeterPlan>();
          for (const vpn of [...inputs].sort((a, b) => a.seed.owner - b.seed.owner)) {
            const plan = planMetering({
              nowMs: NOW_MS,
              intervalMs: INTERVAL_MS,
              runningAtMs: vpn.runningAtMs,
              meteredAtMs: vpn.runningAtMs + vpn.meteredIntervals * INTERVAL_MS,
              meteredIntervals: vpn.meteredIntervals,
              deleteAfterS: vpn.seed.deleteAfterS,
              chargedBytes: vpn.chargedBytes,
              usageBytes: usage.get(vpn.vpnId) ?? vpn.chargedBytes,
              consumedNano: vpn.consumedNano,
              settledNano: vpn.settledNano,
              settledIntervals: vpn.settledIntervals,
              settleEveryIntervals: settleEvery,
              maxPeanutsNano: vpn.seed.maxPeanutsNano,
              balanceNano: balances[vpn.seed.owner],
            });
            balances[vpn.seed.owner] -= plan.charge?.amountNano ?? 0;
            expected.set(vpn.vpnId, plan);
          }

          const result = await meterBatch({
            db: database.handle.db,
            provisioner: {
              usage: async ({ vpnId }) => {
                const bytes = usage.get(vpnId);
                if (bytes === undefined) throw new Error('counter unreadable');
                return { bytes };
              },
            },
            clock: () => NOW_MS,
            intervalMs: INTERVAL_MS,
            settleEveryIntervals: settleEvery,
            partitions,
          });

          const { rows } = await sql(
            `SELECT vpn_id, state, reason, metered_intervals, bytes::float8 AS bytes,
                    consumed_nano::float8 AS consumed, settled_nano::float8 AS settled,
                    settled_intervals,
                    floor(extract(epoch FROM metered_at) * 1000)::float8 AS metered_at_ms,
                    floor(extract(epoch FROM ended_at) * 1000)::float8 AS ended_at_ms
             FROM vpns ORDER BY vpn_id`,
          );
          const got = rows.map((row) => ({
            vpnId: row.vpn_id,
            state: row.state,
            reason: row.reason ?? undefined,
            endedAtMs: row.ended_at_ms ?? undefined,
            meteredAtMs: row.metered_at_ms,
            meteredIntervals: row.metered_intervals,
            bytes: row.bytes,
            consumedNano: row.consumed,
            settledNano: row.settled,
            settledIntervals: row.settled_intervals,
          }));
          const want = [...expected].sort().map(([vpnId, plan]) => ({
            vpnId,
            state: plan.end ? 'Deprovisioning' : 'Running',
            ...meteredColumnsOf(plan),
          }));
          expect(got).toEqual(want);

          const entries = await sql(
            `SELECT key, amount_nano::float8 AS amount FROM ledger_entries
             WHERE kind = 'usage' ORDER BY key`,
          );
          const settlements = [...expected]
            .filter(([, plan]) => plan.settle && plan.settle.amountNano > 0)
            .map(([vpnId, plan]) => ({
              key: usageKey(vpnId, plan.settle!.index),
              amount: -plan.settle!.amountNano,
            }))
            .sort((a, b) => (a.key < b.key ? -1 : 1));
          expect(entries.rows.map((row) => ({ key: row.key, amount: row.amount }))).toEqual(
            settlements,
          );
          // The invariants, whatever the counters said: no VPN charged past its
          // maxPeanuts (nor more when it was already there), no balance taken below 0 by usage
          // (nor lower when it already was).
          for (const [i, vpn] of inputs.entries()) {
            const max = vpn.seed.maxPeanutsNano;
            if (max !== null) {
              expect(got[i].consumedNano).toBeLessThanOrEqual(Math.max(max, vpn.consumedNano));
            }
          }
          const after = await sql(
            `SELECT u.sub, coalesce((SELECT sum(amount_nano) FROM ledger_entries l
                                      WHERE l.user_sub = u.sub), 0)::float8
                    - coalesce((SELECT sum(consumed_nano - settled_nano) FROM vpns
                                WHERE vpns.user_sub = u.sub AND state = 'Running'), 0)::float8
                      AS balance
             FROM users u ORDER BY u.sub`,
          );
          const startBalances = OWNERS.map(
            (_, i) =>
              ledger[i] -
              inputs
                .filter((vpn) => vpn.seed.owner === i)
                .reduce((sum, vpn) => sum + vpn.consumedNano - vpn.settledNano, 0),
          );
          expect(
            after.rows.map(
              (row) =>
                Number(row.balance) >= Math.min(0, startBalances[OWNERS.indexOf(String(row.sub))]),
            ),
          ).toEqual(OWNERS.map(() => true));
          expect(result.metered).toBe(seeds.length);
          expect(result.ended.map((end) => end.vpnId).sort()).toEqual(
            want.filter((row) => row.reason).map((row) => row.vpnId),
          );
        },
      ),
      { numRuns: 60 },
    );
  }, 240_000);
});
