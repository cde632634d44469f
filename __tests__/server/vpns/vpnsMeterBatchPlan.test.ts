/**
 * The batched metering pass (meterBatch.ts) agrees with the pure plan of metering.ts:
 * on the same Running VPNs, balances, byte counters and instant, the rows and ledger it writes
 * are exactly what `planMetering` says VPN by VPN in (owner, vpnId) order, including a crossing
 * interval charged up to what is left, a used-up balance, maxPeanuts, the deadline, an unreadable
 * counter and a VPN with nothing to charge; its settlements are exactly the plan's, with every
 * charge settled (METER_SETTLE_S = the interval) and with a settlement every two intervals
 * (balances then count unsettled charges); a second pass at the same instant changes nothing, a
 * replayed pass never writes a ledger key `usage:<vpnId>:<index>` twice, and the database keeps
 * unsettled charges on Running VPNs only. On PGlite and, when TEST_DATABASE_URL is set, on
 * PostgreSQL. Passes racing other processes: vpnsMeterBatchRace.test.ts.
 */
import { eq } from 'drizzle-orm';
import type { App } from '../../../src/server/app';
import { vpns } from '../../../src/server/db/schema';
import { meterBatch } from '../../../src/server/vpns/meterBatch';
import { planMetering, usageKey, type MeterPlan } from '../../../src/server/vpns/metering';
import { rowMeterInput } from '../../../src/server/vpns/meterOne';
import { meteredColumnsOf, meteredColumnsOfRow } from '../../support/vpnHelpers';
import { INTERVAL_MS, METER_BATCH_CASES, setUpMeterScenario } from '../../support/vpnMeterHelpers';

describe.each(METER_BATCH_CASES)(
  'metering batch on %s, settling every %i interval(s)',
  (kind, every) => {
    const scenario = setUpMeterScenario(kind, every);
    const { clock, provisioner, usage, users, rowsOf, usageEntries, topUp } = scenario;
    let app: App;
    beforeAll(() => {
      app = scenario.app;
    });

    it('writes exactly the pure plan of every VPN, then nothing more', async () => {
      // The expectation: planMetering VPN by VPN, owners' VPNs in vpnId order, balances carried.
      const before = await rowsOf();
      const balances = new Map<string, number>();
      for (const user of users) balances.set(user.sub, await app.ledger.balanceNano(user.sub));
      const balanceBefore = balances.get(users[0].sub)!;
      const expected = new Map<string, MeterPlan>();
      const ordered = [...before].sort((a, b) =>
        a.userSub === b.userSub ? (a.vpnId < b.vpnId ? -1 : 1) : a.userSub < b.userSub ? -1 : 1,
      );
      for (const row of ordered) {
        const plan = planMetering({
          ...rowMeterInput(row),
          nowMs: clock.ms,
          intervalMs: INTERVAL_MS,
          usageBytes: Math.max(usage.get(row.vpnId) ?? row.bytes, row.bytes),
          settleEveryIntervals: every,
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
      // Used up: usage never takes a balance below 0, nor lower when it already is.
      expect(balances.get(users[0].sub)).toBe(Math.min(0, balanceBefore));
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
          // A settlement of nothing writes no entry (a VPN charged 0 as its owner's balance is
          // used up).
          settle: plan.settle?.amountNano ? -plan.settle.amountNano : undefined,
        });
        // Nothing stays unsettled on a VPN that left Running.
        if (plan.end) expect(got.settledNano).toBe(got.consumedNano);
      }
      expect(entries.size).toBe(settling.filter((plan) => plan.settle!.amountNano > 0).length);
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
      await topUp();
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
  },
);
