/**
 * Deadline passes and partitions of the metering batch (meterBatch.ts): a `dueOnly`
 * pass meters exactly the VPNs whose deadline has come (their last charge up to the deadline,
 * then Deprovisioning, as the pure plan says, settling all its charges) and leaves every other
 * VPN and the ledger alone; a regular pass cut into three partitions writes the pure plan too
 * and hands over the deadlines that come before the next pass. Settlements every three
 * intervals, so balances count unsettled charges. On PGlite and, when TEST_DATABASE_URL is set,
 * on PostgreSQL.
 */
import { inArray, like } from 'drizzle-orm';
import type { App } from '../../../src/server/app';
import { ledgerEntries, vpns, type VpnRow } from '../../../src/server/db/schema';
import { createSimulatedProvisioner, type Provisioner } from '../../../src/server/provisioners';
import { meterBatch } from '../../../src/server/vpns/meterBatch';
import { planMetering, usageKey, type MeterPlan } from '../../../src/server/vpns/metering';
import { rowMeterInput } from '../../../src/server/vpns/meterOne';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';
import {
  buildVpnApp,
  creditNano,
  FakeClock,
  meteredColumnsOf,
  meteredColumnsOfRow,
  signUpUser,
  type TestUser,
} from '../../support/vpnHelpers';

/** The metering interval of these tests (METER_INTERVAL_S=3600: no automatic pass runs). */
const INTERVAL_MS = 3_600_000;
/** Intervals per settlement (METER_SETTLE_S=10800). */
const SETTLE_EVERY = 3;
/** The charge of one interval with no traffic, nano-peanuts (an hour: 5.4 peanuts). */
const HOUR_NANO = 5_400_000_000;

describe.each(DATABASE_KINDS)('metering deadlines on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const clock = new FakeClock();
  const simulated = createSimulatedProvisioner({ stepMs: 1 });
  const provisioner: Provisioner = { ...simulated, usage: async () => ({ bytes: 4096 }) };
  const users: TestUser[] = [];
  /** VPN ids: due (deadline passed), charge (a whole interval to charge), soon (deadline ahead). */
  const ids: Record<'due' | 'charge' | 'soon', string> = { due: '', charge: '', soon: '' };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildVpnApp(
      database,
      { METER_SETTLE_S: String((SETTLE_EVERY * INTERVAL_MS) / 1000) },
      { provisioner, clock: clock.now },
    );
    for (let i = 0; i < 2; i++) users.push(await signUpUser(app, `deadline${i}`));
    // Enough for every charge here (an hour costs 5.4 peanuts).
    await creditNano(app, users[0].sub, 100e9, `test:${users[0].sub}`);
    const seeds = [
      { name: 'due', owner: 0, ranMs: 3.2 * INTERVAL_MS, deleteAfterS: 3 * 3600, intervals: 2 },
      { name: 'charge', owner: 0, ranMs: 1.5 * INTERVAL_MS, deleteAfterS: 86_400, intervals: 0 },
      { name: 'soon', owner: 1, ranMs: 0.5 * INTERVAL_MS, deleteAfterS: 1801, intervals: 0 },
    ] as const;
    for (const [i, seed] of seeds.entries()) {
      const runningAt = new Date(clock.ms - seed.ranMs);
      const vpnId = `${runningAt.getTime() - 1000 - i}@eu-west-3`;
      await app.db.insert(vpns).values({
        vpnId,
        userSub: users[seed.owner].sub,
        region: 'eu-west-3',
        state: 'Running',
        type: 'wireguard',
        deleteAfter: seed.deleteAfterS,
        maxPeanutsNano: null,
        createdAt: new Date(runningAt.getTime() - 1000 - i),
        updatedAt: runningAt,
        runningAt,
        meteredAt: new Date(runningAt.getTime() + seed.intervals * INTERVAL_MS),
        meteredIntervals: seed.intervals,
        bytes: 0,
        // Charged and not settled yet: it counts against the owner's balance.
        consumedNano: seed.intervals * HOUR_NANO,
      });
      ids[seed.name] = vpnId;
    }
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const rowsById = async (): Promise<Map<string, VpnRow>> =>
    new Map(
      (
        await app.db
          .select()
          .from(vpns)
          .where(inArray(vpns.vpnId, Object.values(ids)))
      ).map((row) => [row.vpnId, row]),
    );
  const usageEntries = async () =>
    new Map(
      (
        await app.db
          .select({ key: ledgerEntries.key, amountNano: ledgerEntries.amountNano })
          .from(ledgerEntries)
          .where(like(ledgerEntries.key, 'usage:%'))
      ).map((entry) => [entry.key, entry.amountNano]),
    );
  /** The pure plan of `row` now, with its owner's balance. */
  const planOf = async (row: VpnRow): Promise<MeterPlan> =>
    planMetering({
      ...rowMeterInput(row),
      nowMs: clock.ms,
      intervalMs: INTERVAL_MS,
      usageBytes: 4096,
      settleEveryIntervals: SETTLE_EVERY,
      balanceNano: await app.ledger.balanceNano(row.userSub),
    });
  const expectPlanWritten = (got: VpnRow, plan: MeterPlan, entries: Map<string, number>) => {
    expect({
      ...meteredColumnsOfRow(got),
      settle: plan.settle ? entries.get(usageKey(got.vpnId, plan.settle.index)) : undefined,
    }).toEqual({
      ...meteredColumnsOf(plan),
      settle: plan.settle ? -plan.settle.amountNano : undefined,
    });
  };

  it('a deadline pass meters only the VPNs whose deadline has come', async () => {
    const before = await rowsById();
    const plan = await planOf(before.get(ids.due)!);
    expect(plan.end?.reason).toBe('deleteAfter elapsed');
    expect(plan.charge?.amountNano).toBeGreaterThan(0);
    // Its end settles the two unsettled hours and the last charge, under its first interval.
    expect(plan.settle).toEqual({ index: 0, amountNano: 2 * HOUR_NANO + plan.charge!.amountNano });

    const result = await meterBatch({
      db: app.db,
      provisioner,
      clock: clock.now,
      intervalMs: INTERVAL_MS,
      settleEveryIntervals: SETTLE_EVERY,
      dueOnly: true,
    });
    expect(result).toMatchObject({
      metered: 1,
      written: 1,
      settlements: 1,
      ended: [{ vpnId: ids.due, reason: 'deleteAfter elapsed' }],
    });
    const after = await rowsById();
    const entries = await usageEntries();
    expect(after.get(ids.due)!.state).toMatch(/^(Deprovisioning|Deleted)$/);
    expectPlanWritten(after.get(ids.due)!, plan, entries);
    expect(after.get(ids.charge)).toEqual(before.get(ids.charge));
    expect(after.get(ids.soon)).toEqual(before.get(ids.soon));
    expect([...entries.keys()]).toEqual([usageKey(ids.due, 0)]);
  });

  it('a regular pass in three partitions writes the plan and hands over the deadlines', async () => {
    const before = await rowsById();
    const plans = new Map<string, MeterPlan>();
    for (const id of [ids.charge, ids.soon]) plans.set(id, await planOf(before.get(id)!));
    expect(plans.get(ids.charge)!.charge).toBeDefined();
    expect(plans.get(ids.soon)!.charge).toBeUndefined();

    const result = await meterBatch({
      db: app.db,
      provisioner,
      clock: clock.now,
      intervalMs: INTERVAL_MS,
      settleEveryIntervals: SETTLE_EVERY,
      partitions: 3,
    });
    // Charged, not settled: the ledger keeps only the ended VPN's settlement.
    expect(result).toMatchObject({ metered: 2, written: 1, settlements: 0, ended: [] });
    const soon = before.get(ids.soon)!;
    expect(result.upcoming).toEqual([soon.runningAt!.getTime() + soon.deleteAfter * 1000]);
    const after = await rowsById();
    const entries = await usageEntries();
    expectPlanWritten(after.get(ids.charge)!, plans.get(ids.charge)!, entries);
    expect(after.get(ids.soon)).toEqual(soon);
    expect(entries.size).toBe(1);
    expect(after.get(ids.charge)!.settledNano).toBe(0);
  });
});
