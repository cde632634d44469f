/**
 * The batched metering pass (meterBatch.ts) racing other processes: a VPN another
 * process charged while the pass read the byte counters is planned from its new row (never
 * charged twice), and its owner's other VPNs see the balance as it is. On PGlite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL. The pass against the pure plan, its settlements and
 * replays: vpnsMeterBatchPlan.test.ts.
 */
import { eq } from 'drizzle-orm';
import type { App } from '../../../src/server/app';
import { vpns } from '../../../src/server/db/schema';
import { meterBatch } from '../../../src/server/vpns/meterBatch';
import { usageKey } from '../../../src/server/vpns/metering';
import { creditNano, signUpUser } from '../../support/vpnHelpers';
import {
  INTERVAL_MS,
  METER_BATCH_CASES,
  PEANUT,
  setUpMeterScenario,
} from '../../support/vpnMeterHelpers';

describe.each(METER_BATCH_CASES)(
  'metering batch on %s, settling every %i interval(s)',
  (kind, every) => {
    const scenario = setUpMeterScenario(kind, every);
    const { clock, provisioner, usage, rowsOf, usageEntries, changedWhileCounted, topUp } =
      scenario;
    let app: App;
    /**
     * Where vpnsMeterBatchPlan.test.ts leaves the scenario: metered at its instant (the ended
     * VPNs torn down), owners topped up, metered again a settlement period later.
     */
    beforeAll(async () => {
      app = scenario.app;
      await app.vpnLifecycle.meterAll();
      await topUp();
      clock.advance(every * INTERVAL_MS);
      await meterBatch({
        db: app.db,
        provisioner,
        clock: clock.now,
        intervalMs: INTERVAL_MS,
        settleEveryIntervals: every,
      });
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
      // Only the other process's change: not charged twice.
      expect(after).toMatchObject({
        meteredIntervals: row.meteredIntervals + 1,
        consumedNano: row.consumedNano + 1,
        meteredAt: row.meteredAt,
      });
      // Its charge is settled, once, if it crossed a settlement period (planMetering's rule:
      // the other process left it unsettled); nothing else is written to the ledger for it.
      const crossed =
        Math.floor((row.meteredIntervals + 1) / every) > Math.floor(row.settledIntervals / every);
      const settlement = crossed
        ? [
            {
              key: usageKey(row.vpnId, row.settledIntervals),
              amountNano: -(row.consumedNano + 1 - row.settledNano),
            },
          ]
        : [];
      const ofRow = (entries: { key: string; amountNano: number }[]) =>
        entries
          .filter((e) => e.key.startsWith(`usage:${row.vpnId}:`))
          .sort((a, b) => (a.key < b.key ? -1 : 1));
      expect(ofRow(await usageEntries())).toEqual(ofRow([...before, ...settlement]));
      expect(after).toMatchObject(
        crossed
          ? { settledNano: row.consumedNano + 1, settledIntervals: row.meteredIntervals + 1 }
          : { settledNano: row.settledNano, settledIntervals: row.settledIntervals },
      );
    });

    it("judges an owner's VPNs by the balance as it is, not by a charge another process just made", async () => {
      // A new owner with 15 peanuts and two VPNs, A then B, each with one hour (5.4) to charge.
      const owner = await signUpUser(app, `race${every}`);
      await creditNano(app, owner.sub, 5 * PEANUT, `test:${owner.sub}`);
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
  },
);
