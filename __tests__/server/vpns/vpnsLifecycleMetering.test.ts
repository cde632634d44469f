/**
 * The VPN lifecycle's metering and termination (spec §4): exact, idempotent
 * charges in nano-peanuts whatever the number of workers, settlement into the ledger, the
 * partial interval charged on deletion, and VPNs ended by maxPeanuts, deleteAfter and a spent
 * balance, also by the periodic pass; on PGlite and, when TEST_DATABASE_URL is set, on
 * PostgreSQL. Provisioning jobs, failures and recovery: vpnsLifecycleJobs.test.ts.
 */
import { asc, like } from 'drizzle-orm';
import { fromNano, roundPeanuts } from '../../../src/core/peanuts';
import type { App } from '../../../src/server/app';
import { ledgerEntries } from '../../../src/server/db/schema';
import { createSimulatedProvisioner } from '../../../src/server/provisioners';
import { simulatedRate } from '../../../src/server/provisioners/simulated';
import { DATABASE_KINDS } from '../../support/helpers';
import {
  api,
  createBody,
  FakeClock,
  getVpn,
  rowOf,
  runningVpn,
  setUpVpnApps,
  signUpUser,
  waitForVpnState,
} from '../../support/vpnHelpers';

/** 10 peanuts, the sign-up bonus, in nano-peanuts. */
const BONUS = 10_000_000_000;

/** The metering charges of a VPN in the ledger, by key. */
const chargesOf = async (app: App, vpnId: string) =>
  app.db
    .select({ key: ledgerEntries.key, amountNano: ledgerEntries.amountNano })
    .from(ledgerEntries)
    .where(like(ledgerEntries.key, `usage:${vpnId}:%`))
    .orderBy(asc(ledgerEntries.id));

describe.each(DATABASE_KINDS)('VPN lifecycle on %s', (kind) => {
  const { build } = setUpVpnApps(kind);

  describe('metering', () => {
    it('charges each interval exactly once, in nano-peanuts, whatever the number of workers', async () => {
      // Every charge is settled into the ledger at once (METER_SETTLE_S = METER_INTERVAL_S).
      const clock = new FakeClock();
      const app = await build({ METER_INTERVAL_S: '5', METER_SETTLE_S: '5' }, { clock: clock.now });
      const user = await signUpUser(app);
      const vpnId = await runningVpn(app, user);
      const rate = simulatedRate(vpnId);
      expect((await rowOf(app, vpnId)).runningAt?.getTime()).toBe(clock.ms);

      clock.advance(4_999);
      await app.vpnLifecycle.meterAll();
      expect(await chargesOf(app, vpnId)).toEqual([]);

      clock.advance(1);
      await app.vpnLifecycle.meterAll();
      const first = 5_000 * 1_500 + rate * 5 * 500;
      expect(await chargesOf(app, vpnId)).toEqual([
        { key: `usage:${vpnId}:0`, amountNano: -first },
      ]);
      await app.vpnLifecycle.meterAll();
      expect(await chargesOf(app, vpnId)).toHaveLength(1);
      expect(await app.ledger.balanceNano(user.sub)).toBe(BONUS - first);
      expect((await getVpn(app, user, vpnId)).metrics).toEqual({
        duration: 5,
        bytes: rate * 5,
        peanuts: roundPeanuts(fromNano(first)),
      });

      // Two workers of this server and one of another, all at once, after 12.5 s more.
      const other = await build(
        { METER_INTERVAL_S: '5', METER_SETTLE_S: '5' },
        { clock: clock.now },
      );
      clock.advance(12_500);
      await Promise.all([
        app.vpnLifecycle.meterAll(),
        app.vpnLifecycle.meterAll(),
        other.vpnLifecycle.meterAll(),
      ]);
      const bytes = Math.floor(rate * 17.5);
      const second = 10_000 * 1_500 + (bytes - rate * 5) * 500;
      expect(await chargesOf(app, vpnId)).toEqual([
        { key: `usage:${vpnId}:0`, amountNano: -first },
        { key: `usage:${vpnId}:1`, amountNano: -second },
      ]);
      expect(await rowOf(app, vpnId)).toMatchObject({
        meteredIntervals: 3,
        bytes,
        consumedNano: first + second,
        state: 'Running',
      });
      expect(await app.ledger.balanceNano(user.sub)).toBe(BONUS - first - second);
    });

    it('with the default settlement period, charges at once and settles into the ledger once, at the end', async () => {
      const clock = new FakeClock();
      const app = await build({ METER_INTERVAL_S: '5' }, { clock: clock.now });
      const other = await build({ METER_INTERVAL_S: '5' }, { clock: clock.now });
      const user = await signUpUser(app);
      const vpnId = await runningVpn(app, user);
      const rate = simulatedRate(vpnId);
      const used = (ms: number) => ms * 1_500 + Math.floor((rate * ms) / 1000) * 500;

      // Three passes at once, in two processes: one charge, on the row; the balance counts it.
      clock.advance(12_500);
      await Promise.all([
        app.vpnLifecycle.meterAll(),
        app.vpnLifecycle.meterAll(),
        other.vpnLifecycle.meterAll(),
      ]);
      // Two whole intervals, and the bytes counted when the pass read them.
      const charged = 10_000 * 1_500 + Math.floor(rate * 12.5) * 500;
      expect(await rowOf(app, vpnId)).toMatchObject({
        meteredIntervals: 2,
        consumedNano: charged,
        settledNano: 0,
      });
      expect(await chargesOf(app, vpnId)).toEqual([]);
      expect(await app.ledger.balanceNano(user.sub)).toBe(BONUS - charged);
      const shown = await api<{ balance: number }>(app, user, 'GET', '/v1/peanuts');
      expect(shown.body.balance).toBeCloseTo((BONUS - charged) / 1e9, 9);

      // Deleting it charges the rest up to now and settles everything as one ledger entry.
      clock.advance(1_500);
      expect((await api(app, user, 'DELETE', `/v1/vpns/${vpnId}`)).status).toBe(202);
      const total = used(14_000);
      expect(await chargesOf(app, vpnId)).toEqual([
        { key: `usage:${vpnId}:0`, amountNano: -total },
      ]);
      expect(await rowOf(app, vpnId)).toMatchObject({ consumedNano: total, settledNano: total });
      expect(await app.ledger.balanceNano(user.sub)).toBe(BONUS - total);
    });

    it('charges the partial interval when a Running VPN is deleted', async () => {
      const clock = new FakeClock();
      const app = await build({ METER_INTERVAL_S: '5' }, { clock: clock.now });
      const user = await signUpUser(app);
      const vpnId = await runningVpn(app, user);
      clock.advance(2_500);
      expect((await api(app, user, 'DELETE', `/v1/vpns/${vpnId}`)).status).toBe(202);
      const cost = 2_500 * 1_500 + Math.floor(simulatedRate(vpnId) * 2.5) * 500;
      expect(await chargesOf(app, vpnId)).toEqual([{ key: `usage:${vpnId}:0`, amountNano: -cost }]);
      const deleted = await waitForVpnState(app, user, vpnId, 'Deleted');
      expect(deleted.metrics?.duration).toBe(2);
      clock.advance(60_000);
      await app.vpnLifecycle.meterAll();
      expect(await chargesOf(app, vpnId)).toHaveLength(1);
    });
  });

  describe('termination (spec §4)', () => {
    it('ends a VPN when its consumption reaches maxPeanuts, charging what it used up to it', async () => {
      const clock = new FakeClock();
      const app = await build({ METER_INTERVAL_S: '5' }, { clock: clock.now });
      const user = await signUpUser(app);
      const vpnId = await runningVpn(app, user, { type: 'wireguard', maxPeanuts: 0.1 });
      clock.advance(10_000);
      const plan = await app.vpnLifecycle.meter(vpnId);
      expect(plan?.end?.reason).toBe('maxPeanuts reached');
      // The interval that crossed 0.1 peanut is charged up to it, not past it.
      const used = 10_000 * 1_500 + Math.floor(simulatedRate(vpnId) * 10) * 500;
      expect(used).toBeGreaterThan(100_000_000);
      const cost = 100_000_000;
      expect(await chargesOf(app, vpnId)).toEqual([{ key: `usage:${vpnId}:0`, amountNano: -cost }]);
      const deleted = await waitForVpnState(app, user, vpnId, 'Deleted');
      expect(deleted.metrics).toEqual({
        duration: 10,
        bytes: expect.any(Number),
        peanuts: Math.round(cost / 1e7) / 100,
      });
      const balance = await api<{ balance: number }>(app, user, 'GET', '/v1/peanuts');
      expect(balance.body.balance).toBeCloseTo((10e9 - cost) / 1e9, 9);
      expect((await rowOf(app, vpnId)).reason).toBe('maxPeanuts reached');
    });

    it('ends a VPN when it has run for deleteAfter, charging up to the deadline only', async () => {
      const clock = new FakeClock();
      const provisioner = createSimulatedProvisioner({
        stepMs: 20,
        clock: clock.now,
        rate: () => 0,
      });
      const app = await build({ METER_INTERVAL_S: '5' }, { clock: clock.now, provisioner });
      const user = await signUpUser(app);
      const vpnId = await runningVpn(app, user, {
        type: 'wireguard',
        maxPeanuts: 0,
        deleteAfter: 300,
      });
      const start = clock.ms;
      clock.advance(299_000);
      await app.vpnLifecycle.meterAll();
      expect((await rowOf(app, vpnId)).state).toBe('Running');
      clock.advance(2_000);
      await app.vpnLifecycle.meterAll();
      const row = await rowOf(app, vpnId);
      expect(row).toMatchObject({ state: 'Deprovisioning', reason: 'deleteAfter elapsed' });
      expect(row.endedAt?.getTime()).toBe(start + 300_000);
      expect(row.consumedNano).toBe(300_000 * 1_500);
      const charges = await chargesOf(app, vpnId);
      expect(charges.reduce((sum, charge) => sum + charge.amountNano, 0)).toBe(-450_000_000);
      const deleted = await waitForVpnState(app, user, vpnId, 'Deleted');
      expect(deleted.metrics).toEqual({ duration: 300, bytes: 0, peanuts: 0.45 });
    });

    it('ends an unlimited VPN when the balance is spent, charging the last interval up to 0', async () => {
      const clock = new FakeClock();
      const provisioner = createSimulatedProvisioner({
        stepMs: 20,
        clock: clock.now,
        rate: () => 1024 * 1024,
      });
      const app = await build({ METER_INTERVAL_S: '5' }, { clock: clock.now, provisioner });
      const user = await signUpUser(app);
      const vpnId = await runningVpn(app, user, { type: 'wireguard', maxPeanuts: -1 });
      clock.advance(5_000);
      await app.vpnLifecycle.meterAll();
      expect((await rowOf(app, vpnId)).state).toBe('Running');
      clock.advance(15_000);
      await app.vpnLifecycle.meterAll();
      // 20 s at 1 MiB/s: 30,000,000 for the time and 10,485,760,000 for the bytes.
      const used = 20_000 * 1_500 + 20 * 1024 * 1024 * 500;
      expect(used).toBeGreaterThan(BONUS);
      expect(await rowOf(app, vpnId)).toMatchObject({
        state: 'Deprovisioning',
        reason: 'Balance exhausted',
        consumedNano: BONUS,
      });
      // The balance reaches 0, not below (a charge past the balance is cut to what is left).
      expect(await app.ledger.balanceNano(user.sub)).toBe(0);
      await waitForVpnState(app, user, vpnId, 'Deleted');
      const refused = await api(app, user, 'POST', '/v1/vpns/', createBody());
      expect(refused.body).toEqual({ message: 'Negative peanuts balance: 0.' });
    });

    it('runs the rules on its own every METER_INTERVAL_S', async () => {
      // Every charge settled at once, so that the ledger shows each of them.
      const app = await build({ METER_INTERVAL_S: '0.2', METER_SETTLE_S: '0.2' });
      const user = await signUpUser(app);
      const vpnId = await runningVpn(app, user, { type: 'wireguard', maxPeanuts: 0.1 });
      // 20+ KiB/s at 5e-7 peanut per byte spends 0.1 peanut in under 10 s.
      await waitForVpnState(app, user, vpnId, 'Deleted', 15_000);
      const charges = await chargesOf(app, vpnId);
      expect(charges.length).toBeGreaterThan(1);
      // It ended at the first charge that reached 0.1 peanut, and that charge was whole.
      const taken = charges.map((charge) => -charge.amountNano);
      const beforeLast = taken.slice(0, -1).reduce((sum, amount) => sum + amount, 0);
      expect(beforeLast).toBeLessThan(100_000_000);
      expect(beforeLast + taken[taken.length - 1]).toBeGreaterThanOrEqual(100_000_000);
    });
  });
});
