/**
 * A VPN's usage over time, `GET /v1/vpns/{vpnId}/usage` (usage.ts, docs/api.md): the points the
 * metering passes record (at most one per VPN per minute), cumulative from 0, downsampled to 300,
 * the forecast of a Running VPN from them, 404 for another user's VPN, and gone when the VPN reaches Deleted; on PGlite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import type { Vpn } from '../../../src/core/vpn';
import type { VpnUsageResponse } from '../../../src/core/vpnUsage';
import type { App } from '../../../src/server/app';
import { vpnUsagePoints } from '../../../src/server/db/schema';
import { createSimulatedProvisioner } from '../../../src/server/provisioners';
import { meterBatch } from '../../../src/server/vpns/meterBatch';
import { downsample } from '../../../src/server/vpns/usage';
import { DATABASE_KINDS } from '../../support/helpers';
import {
  api,
  rowOf,
  runningVpn,
  setUpVpnApi,
  waitForVpnState,
  type TestUser,
} from '../../support/vpnHelpers';

const MINUTE = 60_000;

describe('downsample', () => {
  it('keeps at most the maximum, evenly, with the first and the last', () => {
    const all = Array.from({ length: 1000 }, (_, i) => i);
    const some = downsample(all, 300);
    expect(some).toHaveLength(300);
    expect(some[0]).toBe(0);
    expect(some[299]).toBe(999);
    expect(some.every((v, i) => i === 0 || v > some[i - 1])).toBe(true);
    expect(downsample([1, 2, 3], 300)).toEqual([1, 2, 3]);
  });
});

describe.each(DATABASE_KINDS)('GET /v1/vpns/{vpnId}/usage on %s', (kind) => {
  const suite = setUpVpnApi(kind);
  let app: App;
  let alice: TestUser;
  let bob: TestUser;
  let vpnId: string;
  const usage = new Map<string, number>();
  const provisioner = {
    ...createSimulatedProvisioner({ stepMs: 1 }),
    usage: async (vpn: { vpnId: string }) => ({ bytes: usage.get(vpn.vpnId) ?? 0 }),
  };
  const points = async (user: TestUser, id: string) =>
    api<VpnUsageResponse>(app, user, 'GET', `/v1/vpns/${id}/usage`);

  beforeAll(async () => {
    ({ app, alice, bob } = suite);
    vpnId = await runningVpn(app, alice, { type: 'wireguard', maxPeanuts: 5, deleteAfter: 3600 });
  });

  it('records a point per minute of metering, cumulative from 0 at Running', async () => {
    const row = await rowOf(app, vpnId);
    const runningAtMs = row.runningAt!.getTime();
    // Passes every 20 s for 3 minutes (a 20 s interval): 9 passes, 3 points.
    for (let pass = 1; pass <= 9; pass++) {
      usage.set(vpnId, pass * 100_000);
      await meterBatch({
        db: app.db,
        provisioner,
        clock: () => runningAtMs + pass * 20_000 + 10,
        intervalMs: 20_000,
        settleEveryIntervals: 1000,
      });
    }
    const rows = await app.db.select().from(vpnUsagePoints).where(eq(vpnUsagePoints.vpnId, vpnId));
    const minutes = rows.map((r) => Math.floor(r.at.getTime() / MINUTE));
    expect(new Set(minutes).size).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.length).toBeLessThanOrEqual(4);

    const answer = await points(alice, vpnId);
    expect(answer.status).toBe(200);
    const list = answer.body.points;
    expect(list[0]).toEqual({ at: row.runningAt!.toISOString(), bytes: 0, peanuts: 0 });
    // The last point is the VPN's totals now: 9 intervals of 20 s and 900 kB.
    const after = await rowOf(app, vpnId);
    expect(list[list.length - 1]).toEqual({
      at: after.meteredAt!.toISOString(),
      bytes: 900_000,
      peanuts: (180 * 1_500_000 + 900_000 * 500) / 1e9,
    });
    // The forecast at its rate of the last minutes (4 000 000 nano-peanuts a second): its 5
    // peanuts reached in 1070 s, before its balance (10) and its deadline (3600 s).
    const { vpn } = (await api<{ vpn: Vpn }>(app, alice, 'GET', `/v1/vpns/${vpnId}`)).body;
    expect(vpn.forecast).toEqual({
      endsAt: new Date(after.meteredAt!.getTime() + 1_070_000).toISOString(),
      reason: 'max-peanuts',
    });
    for (let i = 1; i < list.length; i++) {
      expect(Date.parse(list[i].at)).toBeGreaterThan(Date.parse(list[i - 1].at));
      expect(list[i].bytes).toBeGreaterThanOrEqual(list[i - 1].bytes);
      expect(list[i].peanuts).toBeGreaterThanOrEqual(list[i - 1].peanuts);
    }
  });

  it('answers at most 300 points over a long life', async () => {
    const row = await rowOf(app, vpnId);
    const start = row.runningAt!.getTime();
    await app.db.insert(vpnUsagePoints).values(
      Array.from({ length: 1000 }, (_, i) => ({
        vpnId,
        at: new Date(start + 3 * 3_600_000 + i * MINUTE),
        bytes: 1_000_000 + i,
        consumedNano: 1_000_000 + i,
      })),
    );
    const list = (await points(alice, vpnId)).body.points;
    expect(list).toHaveLength(300);
    expect(list[0].bytes).toBe(0);
    expect(list[299].bytes).toBe(1_000_999);
  });

  it("answers 404 for another user's VPN", async () => {
    const answer = await points(bob, vpnId);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Vpn not found' });
  });

  it('deletes the points when the VPN reaches Deleted', async () => {
    await api(app, alice, 'DELETE', `/v1/vpns/${vpnId}`);
    await waitForVpnState(app, alice, vpnId, 'Deleted');
    const rows = await app.db.select().from(vpnUsagePoints).where(eq(vpnUsagePoints.vpnId, vpnId));
    expect(rows).toEqual([]);
    const list = (await points(alice, vpnId)).body.points;
    // Only its start and its final totals remain (from the VPN's own row).
    expect(list.length).toBeLessThanOrEqual(2);
  });
});
