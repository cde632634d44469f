/**
 * The bound on a user's devices not remembered (actions/devices.ts `newDeviceWritesOf`): a
 * sign-in that makes a new device keeps the newest 49 others (by last authentication), drops
 * every older one and never a remembered device, on both ways a sign-in stores its device (the
 * proven SRP answer's one statement, and trackDevice after a password sent as is); and it finds
 * them through idp_devices_forgettable_idx, reading the ones it keeps and the first it drops,
 * not the rows of devices deleted before (PGlite never vacuums: through the `sub` index a
 * sign-in fetched every one of them, 0.14-0.29 ms of a sign-in after 3,000 sign-ins of a user).
 */
import { eq, sql } from 'drizzle-orm';
import { idpDevices, users } from '../../../src/server/identity/schema';
import { DATABASE_KINDS } from '../../support/helpers';
import { call, CLIENT_ID, PASSWORD, startIdentityServer, type IdentityServer } from './helpers';
import { answer, createUser, startSrp } from './rawHelpers';

/** A plan node of `EXPLAIN (FORMAT JSON)`, as far as this test reads it. */
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

/** A sign-in's answer with a new device. */
interface NewDevice {
  AuthenticationResult: { NewDeviceMetadata: { DeviceKey: string } };
}

/** Every node of `plan`, depth first. */
function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

describe.each(DATABASE_KINDS)('the bound on devices not remembered on %s', (kind) => {
  let server: IdentityServer;

  beforeAll(async () => {
    server = await startIdentityServer({}, kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** `count` confirmed devices of `sub` authenticated a minute apart, the newest `newestAt`. */
  async function addDevices(sub: string, count: number, remembered: boolean, newestAt: number) {
    const rows = Array.from({ length: count }, (_, i) => {
      const at = new Date(newestAt - (count - i) * 60_000);
      return {
        deviceKey: `local_${remembered ? 'kept' : 'seen'}-${sub}-${i}`,
        sub,
        groupKey: '-group',
        // Confirmed (ConfirmDevice stored these), so the sweep of unconfirmed ones leaves them.
        salt: 'ab',
        verifier: 'cd',
        remembered,
        createdAt: at,
        lastModifiedAt: at,
        lastAuthenticatedAt: at,
      };
    });
    await server.db.insert(idpDevices).values(rows);
    return rows.map((row) => row.deviceKey);
  }

  /** The user's device keys, remembered and not. */
  async function devicesOf(sub: string) {
    const rows = await server.db.select().from(idpDevices).where(eq(idpDevices.sub, sub));
    return {
      remembered: rows.filter((row) => row.remembered).map((row) => row.deviceKey),
      forgettable: rows.filter((row) => !row.remembered).map((row) => row.deviceKey),
    };
  }

  it('keeps the newest 50 devices not remembered on either way of storing one, and every remembered one', async () => {
    const { username } = await createUser(server, 'bound');
    const [user] = await server.db.select().from(users).where(eq(users.username, username));
    const now = Date.now();
    const kept = await addDevices(user.sub, 3, true, now - 86_400_000);
    const seen = await addDevices(user.sub, 60, false, now);

    // The proven SRP answer: one statement.
    const srp = await call(
      server.endpoint,
      'RespondToAuthChallenge',
      await answer(await startSrp(server, username), PASSWORD),
    );
    const first = (srp.body as unknown as NewDevice).AuthenticationResult.NewDeviceMetadata
      .DeviceKey;
    let devices = await devicesOf(user.sub);
    expect(devices.remembered.sort()).toEqual([...kept].sort());
    expect(devices.forgettable.sort()).toEqual([...seen.slice(-49), first].sort());

    // A password sent as is: trackDevice after the check.
    const plain = await call(server.endpoint, 'InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD },
    });
    const second = (plain.body as unknown as NewDevice).AuthenticationResult.NewDeviceMetadata
      .DeviceKey;
    devices = await devicesOf(user.sub);
    expect(devices.remembered.sort()).toEqual([...kept].sort());
    expect(devices.forgettable.sort()).toEqual([...seen.slice(-48), first, second].sort());
  });

  it('reads the devices it keeps and the first it drops, not those deleted before', async () => {
    const { username } = await createUser(server, 'plan');
    const [user] = await server.db.select().from(users).where(eq(users.username, username));
    // 300 devices, then 250 of them deleted as sign-ins would have.
    const keys = await addDevices(user.sub, 300, false, Date.now());
    for (const key of keys.slice(0, 250)) {
      await server.db.delete(idpDevices).where(eq(idpDevices.deviceKey, key));
    }
    const { rows } = (await server.db.execute(
      sql`EXPLAIN (ANALYZE, FORMAT JSON)
        SELECT last_authenticated_at, device_key FROM idp_devices
        WHERE sub = ${user.sub} AND NOT remembered
        ORDER BY last_authenticated_at DESC, device_key DESC OFFSET 49 LIMIT 1`,
    )) as unknown as { rows: Record<string, unknown>[] };
    const explained = Object.values(rows[0])[0];
    const [{ Plan: plan }] = (
      typeof explained === 'string' ? JSON.parse(explained) : explained
    ) as { Plan: PlanNode }[];
    const scans = nodesOf(plan).filter((node) => node['Index Name'] !== undefined);
    expect(scans.map((node) => node['Index Name'])).toEqual(['idp_devices_forgettable_idx']);
    expect(scans[0]['Node Type']).not.toMatch(/Bitmap/);
    expect(scans[0]['Actual Rows']).toBe(50);
  });
});
