/**
 * VPN hosts' usage counters in the database (hostUsage.ts, table `vpn_reported_bytes`):
 * a usage report heard by one service process is what every process meters from, a fresh one
 * included; a lower (older) report never lowers it; a report about a VPN of another host, or of
 * an ended VPN, changes nothing. A real nats-server with the per-host permissions of docs/hosts.md,
 * the hosts provisioner of two "processes" on one database (PGlite, and PostgreSQL through two
 * connections when TEST_DATABASE_URL is set), reports published with the hosts' own credentials.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { connect, type NatsConnection } from 'nats';
import { MEMORY_DATA_DIR, openDatabase, type Database } from '../../../src/server/db';
import { vpnReportedBytes, vpns } from '../../../src/server/db/schema';
import { users } from '../../../src/server/identity/schema';
import {
  createHostsProvisioner,
  type HostsProvisioner,
} from '../../../src/server/hosts/hostsProvisioner';
import { recordReportedBytes } from '../../../src/server/hosts/hostUsage';
import { encode, reportSubject } from '../../../src/server/hosts/protocol';
import { loadHostsSettings } from '../../../src/server/hosts/settings';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../support/helpers';
import { natsSkipReason, startNats, waitFor, type TestNats } from '../../support/hostsHelpers';

const skip = natsSkipReason();
const REGION = 'eu-west-3';

jest.setTimeout(240_000);

(skip ? describe.skip : describe).each(DATABASE_KINDS)('reported usage on %s', (kind) => {
  let nats: TestNats;
  let database: TestDatabase;
  /** The second process's database connection (the same database). */
  let secondDb: Database;
  let closeSecond: () => Promise<void> = async () => undefined;
  const provisioners: HostsProvisioner[] = [];
  const connections: NatsConnection[] = [];
  const id = (n: number) => `${1_700_000_000_000 + n}@${REGION}`;
  const [a1, a2, b1, ended] = [1, 2, 3, 4].map(id);

  const provisioner = (db: Database): HostsProvisioner => {
    const settings = loadHostsSettings({
      NATS_URL: nats.serviceUrl,
      HOST_GRACE_S: '3600',
      HOST_LOST_S: '7200',
    });
    const made = createHostsProvisioner({ db, settings: settings! });
    provisioners.push(made);
    return made;
  };
  const bytesOf = async (from: HostsProvisioner, vpnId: string) =>
    (await from.usage({ vpnId, region: REGION, runningAtMs: 0 })).bytes;
  const recorded = async (vpnId: string) =>
    (
      await database.handle.db
        .select()
        .from(vpnReportedBytes)
        .where(eq(vpnReportedBytes.vpnId, vpnId))
    )[0]?.bytes;

  /** A NATS connection with host `hostId`'s credentials. */
  const asHost = async (hostId: string): Promise<NatsConnection> => {
    const connection = await connect({
      servers: `127.0.0.1:${nats.port}`,
      user: hostId,
      pass: new URL(nats.hostUrl(hostId)).password,
    });
    connections.push(connection);
    return connection;
  };
  const report = (from: NatsConnection, hostId: string, counters: Record<string, number>) =>
    from.publish(
      reportSubject(hostId, 'usage'),
      encode({ vpns: Object.entries(counters).map(([vpnId, bytes]) => ({ vpnId, bytes })) }),
    );

  beforeAll(async () => {
    nats = await startNats(['host-a', 'host-b']);
    database = await openTestDatabase(kind);
    if (database.url) {
      const second = await openDatabase({ databaseUrl: database.url, dataDir: MEMORY_DATA_DIR });
      secondDb = second.db;
      closeSecond = () => second.close();
    } else {
      secondDb = database.handle.db; // one in-memory PGlite: two provisioners on one handle
    }
    const sub = randomUUID();
    const db = database.handle.db;
    await db.insert(users).values({
      sub,
      username: `usage-${sub}`,
      email: `usage-${sub}@example.com`,
      srpSalt: '00',
      srpVerifier: '00',
    });
    const now = new Date();
    const row = (vpnId: string, hostId: string, state: string) => ({
      vpnId,
      userSub: sub,
      region: REGION,
      state,
      type: 'wireguard',
      deleteAfter: 3600,
      createdAt: now,
      updatedAt: now,
      runningAt: now,
      meteredAt: now,
      hostId,
    });
    await db
      .insert(vpns)
      .values([
        row(a1, 'host-a', 'Running'),
        row(a2, 'host-a', 'Running'),
        row(b1, 'host-b', 'Running'),
        row(ended, 'host-a', 'Deleted'),
      ]);
  });

  afterAll(async () => {
    for (const connection of connections) await connection.close();
    for (const one of provisioners) await one.close();
    await closeSecond();
    await database?.cleanup();
    await nats?.stop();
  });

  test('a fresh process meters from the last report; older or foreign reports change nothing', async () => {
    const first = provisioner(database.handle.db);
    await first.reconcile(); // connects to NATS (not awaited) and listens to the hosts
    const hostA = await asHost('host-a');
    const hostB = await asHost('host-b');

    // Repeated until the first process listens (cumulative counters: a repeat charges nothing).
    await waitFor(
      async () => {
        report(hostA, 'host-a', { [a1]: 5000 });
        await hostA.flush();
        return (await bytesOf(first, a1)) === 5000;
      },
      'the first process heard the report',
      90_000,
    );
    expect(await recorded(a1)).toBe(5000);

    // A process that started after the report (or never heard it) meters the same bytes.
    const fresh = provisioner(secondDb);
    expect(await bytesOf(fresh, a1)).toBe(5000);
    expect(await bytesOf(fresh, a2)).toBe(0);

    // An older, lower counter in a later message does not lower it (the message's other VPN
    // shows that the message was handled).
    report(hostA, 'host-a', { [a1]: 3000, [a2]: 777 });
    await hostA.flush();
    await waitFor(async () => (await bytesOf(fresh, a2)) === 777, 'the second report', 90_000);
    expect(await bytesOf(first, a1)).toBe(5000);
    expect(await bytesOf(fresh, a1)).toBe(5000);

    // Host B, on its own subject, about host A's VPN: ignored (B's own VPN is recorded).
    report(hostB, 'host-b', { [a1]: 1e12, [b1]: 999 });
    await hostB.flush();
    await waitFor(async () => (await bytesOf(fresh, b1)) === 999, "host B's report", 90_000);
    expect(await bytesOf(first, a1)).toBe(5000);
    expect(await bytesOf(fresh, a1)).toBe(5000);
    expect(await recorded(a1)).toBe(5000);
    expect(first.rejected).toContainEqual({ hostId: 'host-b', vpnId: a1, kind: 'usage' });

    // A higher one counts at once in both.
    report(hostA, 'host-a', { [a1]: 6000 });
    await hostA.flush();
    await waitFor(async () => (await bytesOf(fresh, a1)) === 6000, 'the higher report', 90_000);
    expect(await bytesOf(first, a1)).toBe(6000);
  });

  test('the statement itself writes only for VPNs of the reporting host that did not end', async () => {
    const db = database.handle.db;
    const before = await recorded(a1);
    expect(before).toBeGreaterThan(0);
    // Another host's VPN, an ended VPN, an unknown VPN: nothing written.
    const written = await recordReportedBytes(db, 'host-b', [
      { vpnId: a1, bytes: 1e12 },
      { vpnId: id(99), bytes: 5 },
    ]);
    expect([...written.grown]).toEqual([]);
    expect(await recordReportedBytes(db, 'host-a', [{ vpnId: ended, bytes: 5 }])).toEqual({
      grown: new Map(),
      faults: [],
    });
    expect(await recorded(a1)).toBe(before);
    expect(await recorded(ended)).toBeUndefined();
    // Duplicates count once, the highest; lower is no change.
    const grown = await recordReportedBytes(db, 'host-a', [
      { vpnId: a2, bytes: 900 },
      { vpnId: a2, bytes: 800 },
      { vpnId: a1, bytes: 1 },
    ]);
    expect([...grown.grown]).toEqual([[a2, 900]]);
    expect(await recorded(a1)).toBe(before);
  });
});
