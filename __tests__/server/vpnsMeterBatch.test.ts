/**
 * The batched metering pass (issue 11, meterBatch.ts) agrees with the pure plan of metering.ts:
 * on the same Running VPNs, balances, byte counters and instant, the rows and ledger it writes
 * are exactly what `planMetering` says VPN by VPN in (owner, vpnId) order, including a crossing
 * interval charged in full, a negative balance, maxPeanuts, the deadline, an unreadable counter
 * and a VPN with nothing to charge; its settlements are exactly the plan's, with every charge
 * settled (METER_SETTLE_S = the interval) and with a settlement every two intervals (balances
 * then count unsettled charges); a second pass at the same instant changes nothing, a replayed
 * pass never writes a ledger key `usage:<vpnId>:<index>` twice, and a VPN another process
 * charged while the pass read the byte counters is planned from its new row (never charged
 * twice, and its owner's other VPNs see the balance as it is). On PGlite and, when TEST_DATABASE_URL is set, on
 * PostgreSQL.
 */
import { eq, inArray, like } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import { ledgerEntries, vpns, type VpnRow } from '../../src/server/db/schema';
import type { NewVpn } from '../../src/server/vpns/store';
import { createSimulatedProvisioner, type Provisioner } from '../../src/server/provisioners';
import { meterBatch } from '../../src/server/vpns/meterBatch';
import { planMetering, usageKey, type MeterPlan } from '../../src/server/vpns/metering';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './helpers';
import {
  buildVpnApp,
  FakeClock,
  meteredColumnsOf,
  meteredColumnsOfRow,
  signUpUser,
  type TestUser,
} from './vpnHelpers';

/** The metering interval of these tests (METER_INTERVAL_S=3600: no automatic pass runs). */
const INTERVAL_MS = 3_600_000;
/** One peanut in nano-peanuts. */
const PEANUT = 1_000_000_000;

/** A Running VPN to seed. */
interface Seed {
  owner: number;
  /** Running since this many ms before now. */
  ranMs: number;
  meteredIntervals: number;
  deleteAfterS: number;
  maxPeanutsNano: number | null;
  chargedBytes: number;
  /** The provisioner's counter now; undefined: reading it fails. */
  usageBytes: number | undefined;
}

/** The VPNs of the scenario (owners 0-3). */
const SEEDS: Seed[] = [
  // Owner 0: two whole intervals to charge, then a VPN that finds the balance spent (crossing).
  {
    owner: 0,
    ranMs: 3.5 * INTERVAL_MS,
    meteredIntervals: 1,
    deleteAfterS: 86_400,
    maxPeanutsNano: null,
    chargedBytes: 1000,
    usageBytes: 5_000_000,
  },
  {
    owner: 0,
    ranMs: 1.25 * INTERVAL_MS,
    meteredIntervals: 1,
    deleteAfterS: 86_400,
    maxPeanutsNano: null,
    chargedBytes: 0,
    usageBytes: 2_000_000,
  },
  // Owner 1: maxPeanuts crossed within the interval: charged in full, then it ends.
  {
    owner: 1,
    ranMs: 2.2 * INTERVAL_MS,
    meteredIntervals: 1,
    deleteAfterS: 86_400,
    maxPeanutsNano: 6 * PEANUT,
    chargedBytes: 0,
    usageBytes: 10,
  },
  // Owner 2: past its deadline; and one with nothing to charge yet.
  {
    owner: 2,
    ranMs: 2.6 * INTERVAL_MS,
    meteredIntervals: 2,
    deleteAfterS: 9000,
    maxPeanutsNano: null,
    chargedBytes: 0,
    usageBytes: 777,
  },
  {
    owner: 2,
    ranMs: 0.4 * INTERVAL_MS,
    meteredIntervals: 0,
    deleteAfterS: 86_400,
    maxPeanutsNano: null,
    chargedBytes: 0,
    usageBytes: 1,
  },
  // Owner 3: the counter cannot be read: time only.
  {
    owner: 3,
    ranMs: 1.1 * INTERVAL_MS,
    meteredIntervals: 0,
    deleteAfterS: 86_400,
    maxPeanutsNano: null,
    chargedBytes: 42,
    usageBytes: undefined,
  },
];

/** Extra ledger amounts per owner beyond the sign-up bonus (owner 0 is nearly broke). */
const EXTRA_BALANCE = [-9.99 * PEANUT, 100 * PEANUT, 0, 0];

/** Settlement periods tried, in intervals: every charge, and every two intervals. */
const SETTLE_EVERY = [1, 2];

describe.each(
  DATABASE_KINDS.flatMap((kind) => SETTLE_EVERY.map((every) => [kind, every] as const)),
)('metering batch on %s, settling every %i interval(s)', (kind, every) => {
  let database: TestDatabase;
  let app: App;
  const clock = new FakeClock();
  const usage = new Map<string, number | undefined>();
  const simulated = createSimulatedProvisioner({ stepMs: 1 });
  const provisioner: Provisioner = {
    ...simulated,
    async usage(vpn) {
      const bytes = usage.get(vpn.vpnId);
      if (bytes === undefined) throw new Error('counter unreadable');
      return { bytes };
    },
  };
  const users: TestUser[] = [];
  const ids: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildVpnApp(
      database,
      { METER_SETTLE_S: String((every * INTERVAL_MS) / 1000) },
      { provisioner, clock: clock.now },
    );
    for (let i = 0; i < 4; i++) users.push(await signUpUser(app, `meter${i}`));
    for (const [i, extra] of EXTRA_BALANCE.entries()) {
      if (extra === 0) continue;
      await app.ledger.append({
        userSub: users[i].sub,
        amountNano: extra,
        kind: 'test',
        key: `test:${users[i].sub}`,
      });
    }
    for (const [i, seed] of SEEDS.entries()) {
      const runningAt = new Date(clock.ms - seed.ranMs);
      const vpnId = `${runningAt.getTime() - 1000 - i}@eu-west-3`;
      await app.db.insert(vpns).values({
        vpnId,
        userSub: users[seed.owner].sub,
        region: 'eu-west-3',
        state: 'Running',
        type: 'wireguard',
        deleteAfter: seed.deleteAfterS,
        maxPeanutsNano: seed.maxPeanutsNano,
        createdAt: new Date(runningAt.getTime() - 1000 - i),
        updatedAt: runningAt,
        runningAt,
        meteredAt: new Date(runningAt.getTime() + seed.meteredIntervals * INTERVAL_MS),
        meteredIntervals: seed.meteredIntervals,
        bytes: seed.chargedBytes,
        consumedNano: seed.meteredIntervals * 5_400_000_000,
        // Settled at the last period's end (so with two intervals, some charges are not).
        settledIntervals: Math.floor(seed.meteredIntervals / every) * every,
        settledNano: Math.floor(seed.meteredIntervals / every) * every * 5_400_000_000,
      });
      usage.set(vpnId, seed.usageBytes);
      ids.push(vpnId);
    }
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const rowsOf = async (): Promise<VpnRow[]> =>
    app.db.select().from(vpns).where(inArray(vpns.vpnId, ids));
  /** The provisioner, but reading `vpnId`'s counter first changes its row by `change`. */
  const changedWhileCounted = (vpnId: string, change: Partial<NewVpn>): Provisioner => ({
    ...provisioner,
    async usage(vpn) {
      if (vpn.vpnId === vpnId) await app.db.update(vpns).set(change).where(eq(vpns.vpnId, vpnId));
      return provisioner.usage(vpn);
    },
  });
  const usageEntries = async () =>
    app.db
      .select({ key: ledgerEntries.key, amountNano: ledgerEntries.amountNano })
      .from(ledgerEntries)
      .where(like(ledgerEntries.key, 'usage:%'));

  it('writes exactly the pure plan of every VPN, then nothing more', async () => {
    // The expectation: planMetering VPN by VPN, owners' VPNs in vpnId order, balances carried.
    const before = await rowsOf();
    const balances = new Map<string, number>();
    for (const user of users) balances.set(user.sub, await app.ledger.balanceNano(user.sub));
    const expected = new Map<string, MeterPlan>();
    const ordered = [...before].sort((a, b) =>
      a.userSub === b.userSub ? (a.vpnId < b.vpnId ? -1 : 1) : a.userSub < b.userSub ? -1 : 1,
    );
    for (const row of ordered) {
      const plan = planMetering({
        nowMs: clock.ms,
        intervalMs: INTERVAL_MS,
        runningAtMs: row.runningAt!.getTime(),
        meteredAtMs: row.meteredAt!.getTime(),
        meteredIntervals: row.meteredIntervals,
        deleteAfterS: row.deleteAfter,
        chargedBytes: row.bytes,
        usageBytes: Math.max(usage.get(row.vpnId) ?? row.bytes, row.bytes),
        consumedNano: row.consumedNano,
        settledNano: row.settledNano,
        settledIntervals: row.settledIntervals,
        settleEveryIntervals: every,
        maxPeanutsNano: row.maxPeanutsNano,
        balanceNano: balances.get(row.userSub)!,
      });
      balances.set(row.userSub, balances.get(row.userSub)! - (plan.charge?.amountNano ?? 0));
      expected.set(row.vpnId, plan);
    }
    // The scenario covers what it says.
    const reasons = [...expected.values()].map((plan) => plan.end?.reason);
    expect(reasons).toEqual(
      expect.arrayContaining(['Balance exhausted', 'maxPeanuts reached', 'deleteAfter elapsed']),
    );
    expect([...expected.values()].some((plan) => plan.charge === undefined)).toBe(true);
    expect(balances.get(users[0].sub)).toBeLessThan(0);
    const settling = [...expected.values()].filter((plan) => plan.settle);
    const charging = [...expected.values()].filter((plan) => plan.charge);
    // Every charge settles, or (every two intervals) only some do: the rest stays on the rows.
    if (every === 1) expect(settling.length).toBe(charging.length);
    else expect(settling.length).toBeLessThan(charging.length);

    const result = await app.vpnLifecycle.meterAll();
    expect(result).toBe([...expected.values()].filter((plan) => plan.end).length);

    const after = new Map((await rowsOf()).map((row) => [row.vpnId, row]));
    const entries = new Map((await usageEntries()).map((e) => [e.key, e.amountNano]));
    for (const row of before) {
      const plan = expected.get(row.vpnId)!;
      const got = after.get(row.vpnId)!;
      expect({
        vpnId: row.vpnId,
        state: got.state,
        ...meteredColumnsOfRow(got),
        settle: plan.settle ? entries.get(usageKey(row.vpnId, plan.settle.index)) : undefined,
      }).toEqual({
        vpnId: row.vpnId,
        // An ended VPN is torn down by the lifecycle's job at once: Deprovisioning, then Deleted.
        state: plan.end ? expect.stringMatching(/^(Deprovisioning|Deleted)$/) : 'Running',
        ...meteredColumnsOf(plan),
        settle: plan.settle ? -plan.settle.amountNano : undefined,
      });
      // Nothing stays unsettled on a VPN that left Running.
      if (plan.end) expect(got.settledNano).toBe(got.consumedNano);
    }
    expect(entries.size).toBe(settling.length);
    for (const user of users) {
      expect(await app.ledger.balanceNano(user.sub)).toBe(balances.get(user.sub));
    }

    // The same instant again: nothing to charge, nothing changes.
    const again = await meterBatch({
      db: app.db,
      provisioner,
      clock: clock.now,
      intervalMs: INTERVAL_MS,
      settleEveryIntervals: every,
    });
    expect(again).toMatchObject({ written: 0, settlements: 0, ended: [] });
    expect((await usageEntries()).length).toBe(entries.size);
  });

  it('never writes a usage key twice when a pass is replayed', async () => {
    // A pass a settlement period later (with peanuts enough) settles the VPNs still running.
    for (const user of users) {
      await app.ledger.append({
        userSub: user.sub,
        amountNano: 1000 * PEANUT,
        kind: 'test',
        key: `test-top-up:${user.sub}`,
      });
    }
    clock.advance(every * INTERVAL_MS);
    const pass = { db: app.db, provisioner, clock: clock.now, intervalMs: INTERVAL_MS };
    expect(
      (await meterBatch({ ...pass, settleEveryIntervals: every })).settlements,
    ).toBeGreaterThan(0);
    // Wind a settled running VPN back to before its last charge and settlement (as if its row
    // update had been lost but its ledger entry kept).
    const running = (await rowsOf()).filter(
      (r) => r.state === 'Running' && r.settledIntervals > 0 && r.settledNano === r.consumedNano,
    );
    expect(running.length).toBeGreaterThan(0);
    const [row] = running;
    const entriesBefore = await usageEntries();
    // Its last settlement: the key's index is the first interval it covered.
    const last = entriesBefore
      .filter((e) => e.key.startsWith(`usage:${row.vpnId}:`))
      .map((e) => ({ index: Number(e.key.split(':').pop()), amountNano: e.amountNano }))
      .sort((a, b) => b.index - a.index)[0];
    const balance = await app.ledger.balanceNano(row.userSub);
    await app.db
      .update(vpns)
      .set({
        meteredIntervals: last.index,
        meteredAt: new Date(row.runningAt!.getTime() + last.index * INTERVAL_MS),
        settledIntervals: last.index,
        consumedNano: row.consumedNano + last.amountNano,
        settledNano: row.settledNano + last.amountNano,
      })
      .where(eq(vpns.vpnId, row.vpnId));
    const replay = await meterBatch({ ...pass, settleEveryIntervals: every });
    expect(replay.written).toBe(1);
    expect(replay.settlements).toBe(0); // usage:<vpnId>:<index> exists: not written again
    expect(await usageEntries()).toEqual(entriesBefore);
    expect(await app.ledger.balanceNano(row.userSub)).toBe(balance);
  });

  it('plans a VPN changed while the counters were read from its new row: never charged twice', async () => {
    const [row] = (await rowsOf()).filter((r) => r.state === 'Running');
    clock.advance(INTERVAL_MS);
    const before = await usageEntries();
    // While the pass reads the byte counters, another process charges this VPN.
    const racing = changedWhileCounted(row.vpnId, {
      meteredIntervals: row.meteredIntervals + 1,
      consumedNano: row.consumedNano + 1,
    });
    const pass = await meterBatch({
      db: app.db,
      provisioner: racing,
      clock: clock.now,
      intervalMs: INTERVAL_MS,
      settleEveryIntervals: every,
    });
    // The others were metered; this one had nothing more to charge.
    expect(pass.written).toBeGreaterThan(0);
    expect(pass.ended).not.toContainEqual(expect.objectContaining({ vpnId: row.vpnId }));
    const [after] = await app.db.select().from(vpns).where(eq(vpns.vpnId, row.vpnId));
    // Only the other process's change: not charged twice, nothing settled for it.
    expect(after).toMatchObject({
      meteredIntervals: row.meteredIntervals + 1,
      consumedNano: row.consumedNano + 1,
      meteredAt: row.meteredAt,
    });
    expect((await usageEntries()).filter((e) => e.key.startsWith(`usage:${row.vpnId}:`))).toEqual(
      before.filter((e) => e.key.startsWith(`usage:${row.vpnId}:`)),
    );
  });

  it("judges an owner's VPNs by the balance as it is, not by a charge another process just made", async () => {
    // A new owner with 15 peanuts and two VPNs, A then B, each with one hour (5.4) to charge.
    const owner = await signUpUser(app, `race${every}`);
    await app.ledger.append({
      userSub: owner.sub,
      amountNano: 5 * PEANUT,
      kind: 'test',
      key: `test:${owner.sub}`,
    });
    const runningAt = new Date(clock.ms - 1.5 * INTERVAL_MS);
    const [a, b] = [2, 1].map((k) => `${runningAt.getTime() - k}@eu-west-3`);
    for (const vpnId of [a, b]) {
      await app.db.insert(vpns).values({
        vpnId,
        userSub: owner.sub,
        region: 'eu-west-3',
        state: 'Running',
        type: 'wireguard',
        deleteAfter: 86_400,
        createdAt: runningAt,
        updatedAt: runningAt,
        runningAt,
        meteredAt: runningAt,
      });
      usage.set(vpnId, 0);
    }
    // While this pass reads A's counter, another process charges A its hour (9.6 left).
    const hour = 5_400_000_000;
    const racing = changedWhileCounted(a, {
      meteredIntervals: 1,
      meteredAt: new Date(runningAt.getTime() + INTERVAL_MS),
      consumedNano: hour,
    });
    const pass = { db: app.db, clock: clock.now, intervalMs: INTERVAL_MS };
    await meterBatch({ ...pass, provisioner: racing, settleEveryIntervals: every });
    // Planned from the rows as read before the counters, A's hour would count twice and B would
    // end on 9.6 - 5.4 - 5.4; planned from A's new row, A has nothing more to charge and B is
    // charged its hour: 4.2 left, both still Running.
    const stateOf = async (vpnId: string) =>
      (await app.db.select().from(vpns).where(eq(vpns.vpnId, vpnId)))[0];
    expect(await stateOf(b)).toMatchObject({ state: 'Running', consumedNano: hour });
    expect(await stateOf(a)).toMatchObject({ state: 'Running', consumedNano: hour });
    expect(await app.ledger.balanceNano(owner.sub)).toBe(15 * PEANUT - 2 * hour);
    // A second pass at the same instant charges nothing more.
    await meterBatch({ ...pass, provisioner, settleEveryIntervals: every });
    expect(await app.ledger.balanceNano(owner.sub)).toBe(15 * PEANUT - 2 * hour);
  });

  it('keeps unsettled charges on Running VPNs only (a database check)', async () => {
    const [row] = (await rowsOf()).filter((r) => r.state === 'Running');
    await app.db
      .update(vpns)
      .set({ consumedNano: row.settledNano + 1 })
      .where(eq(vpns.vpnId, row.vpnId));
    for (const state of ['Paused', 'Deprovisioning'] as const) {
      const error: unknown = await app.db
        .update(vpns)
        .set({ state })
        .where(eq(vpns.vpnId, row.vpnId))
        .then(
          () => undefined,
          (failure: unknown) => failure,
        );
      // drizzle wraps the database's error: its cause names the check.
      expect(String((error as { cause?: unknown } | undefined)?.cause)).toMatch(
        /vpns_settled_check/,
      );
    }
  });
});
