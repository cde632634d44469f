/**
 * A faulty or hostile VPN host cannot move money (hostUsage.ts and metering.ts
 * "Caps"): through a real nats-server, with host A's own credentials, a usage report of 9e15
 * bytes for its VPN of maxPeanuts 1 is refused as a host fault (logged, counted on the host's
 * row, listed in the hosts' status) and the metering leaves the owner's balance at or above 0
 * and the VPN charged at most its maxPeanuts. The rate limit is judged over the time since the
 * VPN's last accepted report (a backlog after a reconnect passes), and a counter that goes
 * backwards is a fault counted once, not a negative charge. On PGlite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { connect, type NatsConnection } from 'nats';
import pino from 'pino';
import { ledgerEntries, vpnHosts, vpnReportedBytes, vpns } from '../../../src/server/db/schema';
import { users } from '../../../src/server/identity/schema';
import {
  createHostsProvisioner,
  type HostsProvisioner,
} from '../../../src/server/hosts/hostsProvisioner';
import { recordReportedBytes } from '../../../src/server/hosts/hostUsage';
import { encode, reportSubject } from '../../../src/server/hosts/protocol';
import { loadHostsSettings } from '../../../src/server/hosts/settings';
import { meterBatch } from '../../../src/server/vpns/meterBatch';
import {
  DATABASE_KINDS,
  LogCapture,
  openTestDatabase,
  type TestDatabase,
} from '../../support/helpers';
import { natsSkipReason, startNats, waitFor, type TestNats } from '../../support/hostsHelpers';

const skip = natsSkipReason();
const REGION = 'eu-west-3';
const PEANUT = 1_000_000_000;
const INTERVAL_MS = 5000;

jest.setTimeout(240_000);

(skip ? describe.skip : describe).each(DATABASE_KINDS)('host faults on %s', (kind) => {
  let nats: TestNats;
  let database: TestDatabase;
  let provisioner: HostsProvisioner;
  let hostA: NatsConnection;
  const logs = new LogCapture();
  const sub = randomUUID();
  const id = (n: number) => `${1_700_000_000_000 + n}@${REGION}`;
  const [hostile, backlog, backwards] = [1, 2, 3].map(id);

  const db = () => database.handle.db;
  const hostRow = async () =>
    (await db().select().from(vpnHosts).where(eq(vpnHosts.hostId, 'host-a')))[0];
  const recorded = async (vpnId: string) =>
    (await db().select().from(vpnReportedBytes).where(eq(vpnReportedBytes.vpnId, vpnId)))[0];
  /** The owner's balance as the ledger reads it (the ledger less unsettled charges), nano. */
  const balance = async () => {
    const [ledger] = await db()
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountNano}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userSub, sub));
    const [unsettled] = await db()
      .select({ sum: sql<string>`coalesce(sum(consumed_nano - settled_nano), 0)` })
      .from(vpns)
      .where(sql`${vpns.userSub} = ${sub} AND ${vpns.state} = 'Running'`);
    return Number(ledger.sum) - Number(unsettled.sum);
  };
  /** Moves VPN `vpnId`'s last accepted report `seconds` into the past. */
  const age = (vpnId: string, seconds: number) =>
    db()
      .update(vpnReportedBytes)
      .set({ reportedAt: sql`reported_at - ${seconds} * interval '1 second'` })
      .where(eq(vpnReportedBytes.vpnId, vpnId));

  beforeAll(async () => {
    nats = await startNats(['host-a']);
    database = await openTestDatabase(kind);
    await db()
      .insert(users)
      .values({
        sub,
        username: `faults-${sub}`,
        email: `faults-${sub}@example.com`,
        srpSalt: '00',
        srpVerifier: '00',
      });
    await db()
      .insert(ledgerEntries)
      .values({ userSub: sub, amountNano: 10 * PEANUT, kind: 'test', key: `test:${sub}` });
    const now = new Date();
    const row = (vpnId: string, maxPeanutsNano: number | null) => ({
      vpnId,
      userSub: sub,
      region: REGION,
      state: 'Running',
      type: 'wireguard',
      deleteAfter: 3600,
      maxPeanutsNano,
      createdAt: now,
      updatedAt: now,
      runningAt: now,
      meteredAt: now,
      hostId: 'host-a',
    });
    await db()
      .insert(vpns)
      .values([row(hostile, PEANUT), row(backlog, null), row(backwards, null)]);
    await db()
      .insert(vpnHosts)
      .values({
        hostId: 'host-a',
        bootId: 'boot-1',
        regions: [REGION],
        alive: [hostile, backlog, backwards],
        lastSeenAt: now,
      });
    provisioner = createHostsProvisioner({
      db: db(),
      settings: loadHostsSettings({
        NATS_URL: nats.serviceUrl,
        HOST_GRACE_S: '3600',
        HOST_LOST_S: '7200',
      })!,
      log: pino({ level: 'warn' }, { write: (line: string) => logs.write(line) }),
    });
    await provisioner.reconcile();
    hostA = await connect({
      servers: `127.0.0.1:${nats.port}`,
      user: 'host-a',
      pass: new URL(nats.hostUrl('host-a')).password,
    });
  });

  afterAll(async () => {
    await hostA?.close();
    await provisioner?.close();
    await database?.cleanup();
    await nats?.stop();
  });

  test("a report of 9e15 bytes through NATS with the host's credentials moves no money", async () => {
    const balanceBefore = await balance();
    // Repeated until the service listens: the same counter counts (and is refused) once.
    await waitFor(
      async () => {
        hostA.publish(
          reportSubject('host-a', 'usage'),
          encode({ vpns: [{ vpnId: hostile, bytes: 9e15 }] }),
        );
        await hostA.flush();
        const row = await recorded(hostile);
        return row !== undefined && (row.bytes === 9e15 || row.refusedBytes === 9e15);
      },
      'the service heard the report',
      90_000,
    );
    // The metering pass after it, an interval later.
    await meterBatch({
      db: db(),
      provisioner,
      clock: () => Date.now() + INTERVAL_MS,
      intervalMs: INTERVAL_MS,
      settleEveryIntervals: 1,
    });
    const [vpn] = await db().select().from(vpns).where(eq(vpns.vpnId, hostile));
    const balanceAfter = await balance();
    process.stdout.write(
      `9e15-byte report (${kind}): balance ${balanceBefore / PEANUT} -> ${balanceAfter / PEANUT}` +
        ` peanuts, charged ${vpn.consumedNano / PEANUT}, bytes charged ${vpn.bytes}, ${vpn.state}\n`,
    );
    expect(balanceAfter).toBeGreaterThanOrEqual(0);
    expect(vpn.consumedNano).toBeLessThanOrEqual(PEANUT);
    expect(vpn.state !== 'Running' || vpn.bytes === 0).toBe(true);
    // Its bytes refused: only the time is charged.
    expect(vpn.bytes).toBe(0);
    expect(vpn.consumedNano).toBeGreaterThan(0);
    expect(vpn.consumedNano).toBeLessThan(0.01 * PEANUT);
    // The host's fault: on its row once, in its status, in the log.
    const host = await hostRow();
    expect(host.faultCount).toBe(1);
    expect(host.lastFault).toMatch(
      new RegExp(`^VPN ${hostile}: counter grew 9000000000000000 bytes in [0-9.]+ s$`),
    );
    const status = (await provisioner.hostStatus()).find((one) => one.hostId === 'host-a');
    expect(status?.faults).toEqual({
      count: 1,
      lastAtMs: host.lastFaultAt?.getTime(),
      last: host.lastFault,
    });
    const warning = logs.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'usage report refused: host fault');
    expect(warning).toMatchObject({
      level: 40,
      hostId: 'host-a',
      vpnId: hostile,
      bytes: 9e15,
      seconds: expect.any(Number),
    });
  });

  test('the rate is judged over the time since the last accepted report', async () => {
    const before = (await hostRow()).faultCount;
    // Running for a moment: 1e11 bytes now is faster than 10 Gbit/s: refused.
    let report = await recordReportedBytes(db(), 'host-a', [{ vpnId: backlog, bytes: 1e11 }]);
    expect((await recorded(backlog))?.bytes ?? 0).toBe(0);
    expect(report.grown.size).toBe(0);
    expect(report.faults).toMatchObject([{ vpnId: backlog, kind: 'too fast', bytes: 1e11 }]);
    // A host that reconnects after 100 s with a backlog of 1e11 bytes (1e9 bytes/s): accepted,
    // judged over the whole gap since the last accepted report.
    await db()
      .update(vpns)
      .set({ runningAt: sql`running_at - interval '100 seconds'` })
      .where(eq(vpns.vpnId, backlog));
    await age(backlog, 100);
    report = await recordReportedBytes(db(), 'host-a', [{ vpnId: backlog, bytes: 1e11 }]);
    expect([...report.grown]).toEqual([[backlog, 1e11]]);
    // Just after it, 1e11 more: judged from the accepted report a moment ago, refused.
    report = await recordReportedBytes(db(), 'host-a', [{ vpnId: backlog, bytes: 2e11 }]);
    expect(report.grown.size).toBe(0);
    expect(report.faults).toMatchObject([{ kind: 'too fast', bytes: 2e11, acceptedBytes: 1e11 }]);
    expect((await recorded(backlog)).bytes).toBe(1e11);
    // 100 s after the last accepted report (the refused one does not restart the clock): accepted.
    await age(backlog, 100);
    report = await recordReportedBytes(db(), 'host-a', [{ vpnId: backlog, bytes: 2e11 }]);
    expect([...report.grown]).toEqual([[backlog, 2e11]]);
    expect((await hostRow()).faultCount).toBe(before + 2);
  });

  test('a counter that goes backwards is a fault counted once, never a negative charge', async () => {
    await recordReportedBytes(db(), 'host-a', [{ vpnId: backwards, bytes: 5000 }]);
    const before = (await hostRow()).faultCount;
    for (let i = 0; i < 3; i++) {
      await recordReportedBytes(db(), 'host-a', [{ vpnId: backwards, bytes: 3000 }]);
    }
    expect((await hostRow()).faultCount).toBe(before + 1);
    expect((await hostRow()).lastFault).toBe(
      `VPN ${backwards}: counter went backwards from 5000 to 3000 bytes`,
    );
    expect((await recorded(backwards)).bytes).toBe(5000);
    expect(
      (await provisioner.usage({ vpnId: backwards, region: REGION, runningAtMs: 0 })).bytes,
    ).toBe(5000);
  });
});
