/**
 * The caps of metering (metering.ts "Caps"): with ordinary traffic a VPN of maxPeanuts
 * 2 ends charged exactly 2 peanuts (it ended charged 2.23 when the crossing interval was charged
 * in full), and an owner's balance ends at 0, not below, when their VPNs use it up; by the pure
 * plan (`planMetering`) and by the pass's statement (meterBatchSql.ts), on PGlite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL.
 */
import { meterBatch } from '../../../src/server/vpns/meterBatch';
import { planMetering, type MeterInput } from '../../../src/server/vpns/metering';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';

const INTERVAL_MS = 5000;
const NOW_MS = 1_800_000_000_000;
/** Ordinary traffic: 220 kB/s both ways, 0.55 peanut of bytes per interval. */
const BYTES_PER_INTERVAL = 1_100_000;
const PEANUT = 1_000_000_000;
const OWNER = '00000000-0000-4000-8000-00000000000a';

describe('planMetering with ordinary traffic', () => {
  it('ends a VPN of maxPeanuts 2 charged exactly 2 peanuts', () => {
    let state: MeterInput = {
      nowMs: NOW_MS,
      intervalMs: INTERVAL_MS,
      runningAtMs: NOW_MS,
      meteredAtMs: NOW_MS,
      meteredIntervals: 0,
      deleteAfterS: 3600,
      chargedBytes: 0,
      usageBytes: 0,
      consumedNano: 0,
      settledNano: 0,
      settledIntervals: 0,
      settleEveryIntervals: 1,
      maxPeanutsNano: 2 * PEANUT,
      balanceNano: 10 * PEANUT,
    };
    let ended = false;
    for (let step = 1; step <= 10 && !ended; step++) {
      const plan = planMetering({
        ...state,
        nowMs: NOW_MS + step * INTERVAL_MS,
        usageBytes: step * BYTES_PER_INTERVAL,
      });
      state = {
        ...state,
        meteredAtMs: plan.meteredAtMs,
        meteredIntervals: plan.meteredIntervals,
        chargedBytes: plan.chargedBytes,
        consumedNano: plan.consumedNano,
        settledNano: plan.settledNano,
        settledIntervals: plan.settledIntervals,
        balanceNano: state.balanceNano - (plan.charge?.amountNano ?? 0),
      };
      ended = plan.end?.reason === 'maxPeanuts reached';
    }
    expect(ended).toBe(true);
    expect(state.consumedNano).toBe(2 * PEANUT);
    expect(state.balanceNano).toBe(8 * PEANUT);
  });
});

describe.each(DATABASE_KINDS)('the metering statement with ordinary traffic on %s', (kind) => {
  let database: TestDatabase;
  const sql = (text: string, params?: unknown[]) => database.handle.executeSql(text, params);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.handle.migrate();
    await sql(
      `INSERT INTO users (sub, username, email, email_verified, confirmed, srp_salt, srp_verifier)
       VALUES ($1, 'capped', 'capped@example.com', true, true, '00', '00')`,
      [OWNER],
    );
  }, 120_000);

  afterAll(async () => {
    await database?.cleanup();
  });

  /**
   * Runs passes every interval over Running VPNs `vpnIds` (of OWNER, with `ledger` nano-peanuts
   * and the given maxPeanuts) with ordinary traffic until none is left Running; returns each
   * VPN's consumption and the owner's balance, nano-peanuts.
   */
  async function runUntilEnded(
    ledger: number,
    vpnIds: readonly string[],
    maxPeanutsNano: number | null,
  ): Promise<{ consumed: number[]; reasons: string[]; balance: number }> {
    await sql('DELETE FROM vpns; DELETE FROM ledger_entries');
    await sql(
      `INSERT INTO ledger_entries (user_sub, amount_nano, kind, key)
       VALUES ($1, $2, 'test', 'test:top-up')`,
      [OWNER, ledger],
    );
    for (const vpnId of vpnIds) {
      await sql(
        `INSERT INTO vpns (vpn_id, user_sub, region, state, type, delete_after, max_peanuts_nano,
                           created_at, updated_at, running_at, metered_at)
         SELECT $1, $2, 'eu-west-3', 'Running', 'wireguard', 3600, $3, r, r, r, r
         FROM (SELECT 'epoch'::timestamptz + $4::bigint * interval '1 millisecond' AS r) t`,
        [vpnId, OWNER, maxPeanutsNano, NOW_MS],
      );
    }
    for (let step = 1; step <= 20; step++) {
      const { rows } = await sql(`SELECT count(*)::int AS n FROM vpns WHERE state = 'Running'`);
      if (Number(rows[0].n) === 0) break;
      await meterBatch({
        db: database.handle.db,
        provisioner: { usage: async () => ({ bytes: step * BYTES_PER_INTERVAL }) },
        clock: () => NOW_MS + step * INTERVAL_MS,
        intervalMs: INTERVAL_MS,
        settleEveryIntervals: 1,
      });
    }
    const vpnRows = await sql(
      `SELECT state, reason, consumed_nano::float8 AS consumed FROM vpns ORDER BY vpn_id`,
    );
    const balance = await sql(
      `SELECT sum(amount_nano)::float8 AS balance FROM ledger_entries WHERE user_sub = $1`,
      [OWNER],
    );
    expect(vpnRows.rows.map((row) => row.state)).toEqual(vpnIds.map(() => 'Deprovisioning'));
    return {
      consumed: vpnRows.rows.map((row) => Number(row.consumed)),
      reasons: vpnRows.rows.map((row) => String(row.reason)),
      balance: Number(balance.rows[0].balance),
    };
  }

  it('ends a VPN of maxPeanuts 2 charged exactly 2 peanuts', async () => {
    const outcome = await runUntilEnded(10 * PEANUT, ['vpn-a'], 2 * PEANUT);
    expect(outcome).toEqual({
      consumed: [2 * PEANUT],
      reasons: ['maxPeanuts reached'],
      balance: 8 * PEANUT,
    });
  });

  it("uses up an owner's balance across their VPNs to exactly 0", async () => {
    const outcome = await runUntilEnded(3 * PEANUT, ['vpn-a', 'vpn-b', 'vpn-c'], null);
    expect(outcome.balance).toBe(0);
    expect(outcome.consumed.reduce((sum, one) => sum + one, 0)).toBe(3 * PEANUT);
    expect(outcome.reasons).toEqual([
      'Balance exhausted',
      'Balance exhausted',
      'Balance exhausted',
    ]);
  });
});
