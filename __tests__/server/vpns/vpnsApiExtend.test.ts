/**
 * Extending a VPN, `PATCH /v1/vpns/{vpnId}` (core's vpnExtend.ts, docs/api.md): the preset's
 * limits, what the VPN consumed and the balance (as spec §5 rules a creation), its running time,
 * a cap for an unlimited VPN, another user's VPN (404), an ended one, and a metering pass racing
 * the change (the pass uses the new values, the change is never lost); on PGlite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import type { VpnWithMetricsJson } from '../../../src/core/vpn';
import { EXTEND_NOTHING_MESSAGE } from '../../../src/core/vpnExtend';
import type { App } from '../../../src/server/app';
import { vpns } from '../../../src/server/db/schema';
import { createSimulatedProvisioner, type Provisioner } from '../../../src/server/provisioners';
import { meterBatch } from '../../../src/server/vpns/meterBatch';
import { DATABASE_KINDS } from '../../support/helpers';
import {
  api,
  balanceNano,
  rowOf,
  runningVpn,
  setUpVpnApi,
  signUpUser,
  waitForVpnState,
  type TestUser,
} from '../../support/vpnHelpers';

const PEANUT = 1_000_000_000;

describe.each(DATABASE_KINDS)('PATCH /v1/vpns/{vpnId} on %s', (kind) => {
  const suite = setUpVpnApi(kind);
  let app: App;
  let alice: TestUser;
  let bob: TestUser;
  let vpnId: string;

  const extend = (user: TestUser, id: string, config: unknown) =>
    api<VpnWithMetricsJson & { message?: string }>(app, user, 'PATCH', `/v1/vpns/${id}`, {
      config,
    });

  beforeAll(async () => {
    ({ app, alice, bob } = suite);
    vpnId = await runningVpn(app, alice, { type: 'wireguard', maxPeanuts: 2, deleteAfter: 3600 });
  });

  it('gives a Running VPN more peanuts and more time', async () => {
    const answer = await extend(alice, vpnId, { maxPeanuts: 4, deleteAfter: 7200 });
    expect(answer.status).toBe(200);
    expect(answer.body.vpn).toMatchObject({
      vpnId,
      state: 'Running',
      config: { type: 'wireguard', maxPeanuts: 4, deleteAfter: 7200 },
    });
    expect(answer.body.metrics).toEqual(expect.objectContaining({ peanuts: 0 }));
    // Its forecast by the new values: 4 peanuts at the price of time alone, before 7200 s.
    expect(answer.body.vpn.forecast).toEqual({
      endsAt: expect.any(String),
      reason: 'max-peanuts',
    });
    expect(await rowOf(app, vpnId)).toMatchObject({
      maxPeanutsNano: 4 * PEANUT,
      deleteAfter: 7200,
    });
    // One field alone leaves the other.
    const time = await extend(alice, vpnId, { deleteAfter: 5400 });
    expect(time.body.vpn.config).toEqual({ type: 'wireguard', maxPeanuts: 4, deleteAfter: 5400 });
  });

  it.each([
    [{}, EXTEND_NOTHING_MESSAGE],
    [{ maxPeanuts: 'lots' }, 'Config maxPeanuts is invalid'],
    [
      { maxPeanuts: 0.05 },
      'Minimum number of peanuts should be 0.1, you specified: 0.05 and you have 10.',
    ],
    [
      { maxPeanuts: 101 },
      'Not enough peanuts, you specified: 101 (101 more than consumed) and you have 10.',
    ],
    [{ deleteAfter: 1.5 }, 'Config deleteAfter is invalid'],
    [{ deleteAfter: 299 }, 'deleteAfter must be greater than 300, you specified: 299.'],
    [{ deleteAfter: 86401 }, 'deleteAfter must be lesser than 86400, you specified: 86401.'],
  ])('refuses %j with its message, changing nothing', async (config, message) => {
    const before = await rowOf(app, vpnId);
    const answer = await extend(alice, vpnId, config);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
    expect(await rowOf(app, vpnId)).toEqual(before);
  });

  it('keeps maxPeanuts at or above what the VPN consumed, and what it may still consume within the balance', async () => {
    // The metering charged 3 peanuts (unsettled: the balance is 10 - 3 = 7).
    await app.db
      .update(vpns)
      .set({ consumedNano: 3 * PEANUT })
      .where(eq(vpns.vpnId, vpnId));
    expect(await balanceNano(app, alice)).toBe(7 * PEANUT);
    expect((await extend(alice, vpnId, { maxPeanuts: 2.5 })).body).toEqual({
      message:
        'maxPeanuts must be at least the 3 peanuts the vpn has consumed, you specified: 2.5.',
    });
    expect((await extend(alice, vpnId, { maxPeanuts: 10.5 })).body).toEqual({
      message: 'Not enough peanuts, you specified: 10.5 (7.5 more than consumed) and you have 7.',
    });
    // Exactly consumed + balance is allowed, and so is exactly what it consumed.
    expect((await extend(alice, vpnId, { maxPeanuts: 10 })).body.vpn.config.maxPeanuts).toBe(10);
    expect((await extend(alice, vpnId, { maxPeanuts: 3 })).body.vpn.config.maxPeanuts).toBe(3);
    await app.db.update(vpns).set({ consumedNano: 0 }).where(eq(vpns.vpnId, vpnId));
  });

  it('gives an unlimited VPN a cap, and makes a capped one unlimited', async () => {
    const unlimited = await runningVpn(app, bob, {
      type: 'wireguard',
      maxPeanuts: 0,
      deleteAfter: 3600,
    });
    await app.db
      .update(vpns)
      .set({ consumedNano: PEANUT / 2 })
      .where(eq(vpns.vpnId, unlimited));
    expect((await extend(bob, unlimited, { maxPeanuts: 0.4 })).body).toEqual({
      message:
        'maxPeanuts must be at least the 0.5 peanuts the vpn has consumed, you specified: 0.4.',
    });
    const capped = await extend(bob, unlimited, { maxPeanuts: 1 });
    expect(capped.body.vpn.config.maxPeanuts).toBe(1);
    expect((await rowOf(app, unlimited)).maxPeanutsNano).toBe(PEANUT);
    const again = await extend(bob, unlimited, { maxPeanuts: -1 });
    expect(again.body.vpn.config.maxPeanuts).toBe(-1);
    expect((await rowOf(app, unlimited)).maxPeanutsNano).toBeNull();
  });

  it('keeps deleteAfter at or above the running time', async () => {
    // Running for 2 hours (moved back in time), its deadline a day after it started.
    const row = await rowOf(app, vpnId);
    await app.db
      .update(vpns)
      .set({
        deleteAfter: 86_400,
        runningAt: new Date(row.runningAt!.getTime() - 7_200_000),
        meteredAt: new Date(row.meteredAt!.getTime() - 7_200_000),
      })
      .where(eq(vpns.vpnId, vpnId));
    const answer = await extend(alice, vpnId, { deleteAfter: 3600 });
    expect(answer.body.message).toMatch(
      /^deleteAfter must be at least the 720\d seconds the vpn has run, you specified: 3600\.$/,
    );
    expect((await extend(alice, vpnId, { deleteAfter: 10_800 })).status).toBe(200);
    await app.db
      .update(vpns)
      .set({ runningAt: row.runningAt, meteredAt: row.meteredAt, deleteAfter: row.deleteAfter })
      .where(eq(vpns.vpnId, vpnId));
  });

  it("answers 404 for another user's VPN and for a missing one, 400 for an ended one", async () => {
    const other = await extend(bob, vpnId, { maxPeanuts: 3 });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: 'Vpn not found' });
    expect((await extend(bob, '1700000000000@eu-west-3', { maxPeanuts: 3 })).status).toBe(404);
    const noAuth = await api(app, undefined, 'PATCH', `/v1/vpns/${vpnId}`, { config: {} });
    expect(noAuth.status).toBe(401);

    const carol = await signUpUser(app, 'carol');
    const ended = await runningVpn(app, carol);
    await api(app, carol, 'DELETE', `/v1/vpns/${ended}`);
    await waitForVpnState(app, carol, ended, 'Deleted');
    const answer = await extend(carol, ended, { maxPeanuts: 3 });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: `The vpn ${ended} can only be extended while it is Creating, Created, Provisioning, Running, Paused; it is Deleted`,
    });
  });

  describe('racing a metering pass', () => {
    const usage = new Map<string, number>();
    const simulated = createSimulatedProvisioner({ stepMs: 1 });
    /** The byte counters the test sets; `during` runs while the pass reads them. */
    const provisionerWith = (during: () => Promise<void>): Provisioner => ({
      ...simulated,
      async usage(vpn) {
        await during();
        return { bytes: usage.get(vpn.vpnId) ?? 0 };
      },
    });
    const pass = (provisioner: Provisioner, offsetMs: number) =>
      meterBatch({
        db: app.db,
        provisioner,
        clock: () => Date.now() + offsetMs,
        intervalMs: 60_000,
        settleEveryIntervals: 60,
      });

    it('an extension made while the pass reads the counters is used by that pass, not lost', async () => {
      const dave = await signUpUser(app, 'dave');
      const id = await runningVpn(app, dave, {
        type: 'wireguard',
        maxPeanuts: 1,
        deleteAfter: 3600,
      });
      // 2 peanuts of traffic: past the old cap (1), within the new one (5).
      usage.set(id, 4_000_000);
      let patched: Promise<unknown> | undefined;
      const result = await pass(
        provisionerWith(async () => {
          patched ??= extend(dave, id, { maxPeanuts: 5 });
          await patched;
        }),
        61_000,
      );
      expect(result.ended).not.toContainEqual(expect.objectContaining({ vpnId: id }));
      const row = await rowOf(app, id);
      expect(row).toMatchObject({ state: 'Running', maxPeanutsNano: 5 * PEANUT, bytes: 4_000_000 });
      expect(row.consumedNano).toBe(2 * PEANUT + 60 * 1_500_000);
    });

    it('an extension and passes at once: each pass sees the cap in force, the last change stays', async () => {
      const erin = await signUpUser(app, 'erin');
      const id = await runningVpn(app, erin, {
        type: 'wireguard',
        maxPeanuts: 1,
        deleteAfter: 3600,
      });
      usage.set(id, 0);
      const idle = provisionerWith(async () => {});
      const first = await Promise.all([
        pass(idle, 61_000),
        extend(erin, id, { maxPeanuts: 3 }),
        pass(idle, 122_000),
      ]);
      expect((first[1] as { status: number }).status).toBe(200);
      const second = await Promise.all([
        extend(erin, id, { maxPeanuts: 4, deleteAfter: 7200 }),
        pass(idle, 183_000),
      ]);
      expect((second[0] as { status: number }).status).toBe(200);
      const row = await rowOf(app, id);
      expect(row).toMatchObject({
        state: 'Running',
        maxPeanutsNano: 4 * PEANUT,
        deleteAfter: 7200,
      });
      // Three minutes of time charged, once each.
      expect(row.consumedNano).toBe(180 * 1_500_000);
      // Now the traffic crosses the new cap: the next pass ends it at 4 peanuts exactly.
      usage.set(id, 10_000_000);
      const last = await pass(idle, 244_000);
      expect(last.ended).toContainEqual({ vpnId: id, reason: 'maxPeanuts reached' });
      expect((await rowOf(app, id)).consumedNano).toBe(4 * PEANUT);
    });
  });
});
