/**
 * The scenario of the metering batch tests (vpnsMeterBatch*.test.ts): four owners with chosen
 * balances and six Running VPNs seeded straight into the database (a crossing interval, a
 * negative balance, maxPeanuts, the deadline, an unreadable counter, nothing to charge), a
 * provisioner whose byte counters the test sets, and a controllable clock.
 */
import { eq, inArray, like } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import { ledgerEntries, vpns, type VpnRow } from '../../src/server/db/schema';
import type { NewVpn } from '../../src/server/vpns/store';
import { createSimulatedProvisioner, type Provisioner } from '../../src/server/provisioners';
import { DATABASE_KINDS, setUpDatabase, type DatabaseKind } from './helpers';
import { buildVpnApp, creditNano, FakeClock, signUpUser, type TestUser } from './vpnHelpers';

/** The metering interval of these tests (METER_INTERVAL_S=3600: no automatic pass runs). */
export const INTERVAL_MS = 3_600_000;
/** One peanut in nano-peanuts. */
export const PEANUT = 1_000_000_000;

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

/** The cases of a metering batch describe.each: every database kind with every period. */
export const METER_BATCH_CASES = DATABASE_KINDS.flatMap((kind) =>
  SETTLE_EVERY.map((every) => [kind, every] as const),
);

/** A metering scenario set up by {@link setUpMeterScenario}. */
export interface MeterScenario {
  /** The app (METER_SETTLE_S = `every` intervals), built before the block's tests. */
  readonly app: App;
  clock: FakeClock;
  /** The byte counter the provisioner reports per vpnId (undefined: reading it fails). */
  usage: Map<string, number | undefined>;
  /** A simulated provisioner that reads its byte counters from `usage`. */
  provisioner: Provisioner;
  /** The four owners, in seed order. */
  users: TestUser[];
  /** The seeded VPNs' ids, in seed order. */
  ids: string[];
  /** The seeded VPNs' rows. */
  rowsOf(): Promise<VpnRow[]>;
  /** The provisioner, but reading `vpnId`'s counter first changes its row by `change`. */
  changedWhileCounted(vpnId: string, change: Partial<NewVpn>): Provisioner;
  /** The ledger's usage entries (keys `usage:<vpnId>:<index>`). */
  usageEntries(): Promise<{ key: string; amountNano: number }[]>;
  /** Gives every owner 1000 peanuts (key `test-top-up:<sub>`: once per owner). */
  topUp(): Promise<void>;
}

/**
 * Registers the hooks of a metering batch describe block: opens a database of `kind`, builds the
 * app settling every `every` intervals, signs the owners up with their balances and seeds the
 * VPNs before its tests; closes the app and drops the database at the end (helpers.ts
 * `setUpDatabase`).
 */
export function setUpMeterScenario(kind: DatabaseKind, every: number): MeterScenario {
  const suite = setUpDatabase(kind);
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
    app = await buildVpnApp(
      suite.database,
      { METER_SETTLE_S: String((every * INTERVAL_MS) / 1000) },
      { provisioner, clock: clock.now },
    );
    suite.blockApps.push(app);
    for (let i = 0; i < 4; i++) users.push(await signUpUser(app, `meter${i}`));
    for (const [i, extra] of EXTRA_BALANCE.entries()) {
      if (extra === 0) continue;
      await creditNano(app, users[i].sub, extra, `test:${users[i].sub}`);
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

  return {
    get app() {
      return app;
    },
    clock,
    usage,
    provisioner,
    users,
    ids,
    rowsOf: async () => app.db.select().from(vpns).where(inArray(vpns.vpnId, ids)),
    changedWhileCounted: (vpnId, change) => ({
      ...provisioner,
      async usage(vpn) {
        if (vpn.vpnId === vpnId) await app.db.update(vpns).set(change).where(eq(vpns.vpnId, vpnId));
        return provisioner.usage(vpn);
      },
    }),
    usageEntries: async () =>
      app.db
        .select({ key: ledgerEntries.key, amountNano: ledgerEntries.amountNano })
        .from(ledgerEntries)
        .where(like(ledgerEntries.key, 'usage:%')),
    topUp: async () => {
      for (const user of users) {
        await creditNano(app, user.sub, 1000 * PEANUT, `test-top-up:${user.sub}`);
      }
    },
  };
}
