/**
 * Database schema (drizzle-orm, PostgreSQL dialect; the same for PGlite and PostgreSQL).
 * Migrations are generated from this file with `npx drizzle-kit generate` (see drizzle.config.ts)
 * into src/server/db/migrations; seed data is appended to the generated SQL by hand.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { VPN_STATES } from '../../core/vpn';
import { users } from '../identity/schema';

/**
 * VPN regions (spec §3 "Detailed region", docs/architecture.md "Regions"). Seeded with the 27
 * regions by migration 0000; only enabled regions are offered.
 */
export const regions = pgTable('regions', {
  /** AWS region code, `xx-name-digit`, e.g. `eu-west-3`. */
  id: text('id').primaryKey(),
  /** City the region is known by, e.g. `Paris`. */
  city: text('city').notNull(),
  /** Country name in English, e.g. `France`. */
  country: text('country').notNull(),
  /** Two-letter country code in lower case, e.g. `fr`. */
  cctld: text('cctld').notNull(),
  /** False hides the region from the API without deleting it. */
  enabled: boolean('enabled').notNull().default(true),
  /**
   * True while an operator has disabled it (docs/operator-console.md): still listed, shown as
   * unavailable, and it takes no new VPN.
   */
  operatorDisabled: boolean('operator_disabled').notNull().default(false),
});

/** A row of `regions`. */
export type RegionRow = typeof regions.$inferSelect;

export * from '../identity/schema';
export * from '../billing/schema';
export * from '../referral/schema';
export * from '../admin/schema';
export * from '../account/schema';
export * from '../notices/schema';

/**
 * The peanuts ledger (docs/architecture.md "Money"): append-only entries in integer nano-peanuts
 * (1 peanut = 1e9); a user's balance is the sum of their entries. `key` makes each entry
 * idempotent: the same business event (the sign-up bonus of a user, one metering interval of a
 * VPN, one checkout session) can be written only once.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The account (`users.sub`); its entries go with it when the account is deleted. */
    userSub: uuid('user_sub')
      .notNull()
      .references(() => users.sub, { onDelete: 'cascade' }),
    /** Signed amount in nano-peanuts: credits positive, charges negative. */
    amountNano: bigint('amount_nano', { mode: 'number' }).notNull(),
    /** What the entry is for, e.g. `signup_bonus`, `purchase`, `usage`, `referral_reward`. */
    kind: text('kind').notNull(),
    /** Idempotency key, unique over the whole ledger, e.g. `signup_bonus:<sub>`. */
    key: text('key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('ledger_entries_user_sub_idx').on(table.userSub)],
);

/** A row of `ledger_entries`. */
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/**
 * Each account's ledger total (docs/architecture.md "Money"): the sum of its `ledger_entries`
 * amounts, in nano-peanuts, kept by the database itself (triggers of migration 0027 on every
 * insert, update, delete and truncate of `ledger_entries`, in the same transaction), so a balance
 * is read in one row whatever the length of the account's history. The ledger stays the record;
 * this is its running sum. An account with no entry has no row (total 0).
 */
export const ledgerTotals = pgTable('ledger_totals', {
  /** The account (`users.sub`). */
  userSub: uuid('user_sub')
    .primaryKey()
    .references(() => users.sub, { onDelete: 'cascade' }),
  /** The sum of the account's ledger amounts, nano-peanuts. */
  totalNano: bigint('total_nano', { mode: 'number' }).notNull(),
});

/**
 * The email addresses that have received the sign-up bonus (spec §1 "multiple
 * accounts are prohibited"): kept after the account is deleted, so the bonus is granted once per
 * address ever. Addresses are normalised (trimmed, lower case) and stored only as an
 * HMAC-SHA256 under the server secret `email-hash`, never in clear.
 */
export const signupBonusGrants = pgTable('signup_bonus_grants', {
  /** HMAC-SHA256 of the normalised address, hex. */
  emailHash: text('email_hash').primaryKey(),
  /** When the bonus was granted. */
  grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Options of every timestamp column of the VPN tables: with time zone, as JS Dates. */
const tz = { withTimezone: true, mode: 'date' } as const;

/**
 * The users' VPNs (spec §3 "Vpn", "UserVpn"; §4 states). One row per VPN, kept after deletion
 * (state Deleted, secrets wiped) so that the list shows it; removed with the user's account.
 *
 * Secrets (the WireGuard private keys and the preshared key) are never logged and never returned
 * except the client's config to its owner while Running; they are set to null when the VPN
 * reaches Deleted or Failed (a deleted VPN never comes back).
 */
export const vpns = pgTable(
  'vpns',
  {
    /** `<createdAt epoch ms>@<region>` (spec §3), e.g. `1710931200000@eu-west-3`. */
    vpnId: text('vpn_id').primaryKey(),
    /** The owner; the VPN goes with the account. */
    userSub: uuid('user_sub')
      .notNull()
      .references(() => users.sub, { onDelete: 'cascade' }),
    /** Region id, `xx-name-digit`. */
    region: text('region')
      .notNull()
      .references(() => regions.id),
    /** One of core's VPN_STATES (spec §4). */
    state: text('state').notNull(),
    /** Config type; always `wireguard` (spec §3). */
    type: text('type').notNull(),
    /** Seconds of running after which the VPN is deleted (spec §3, §4). */
    deleteAfter: integer('delete_after').notNull(),
    /** Most nano-peanuts the VPN may consume; null means unlimited (-1 on the wire). */
    maxPeanutsNano: bigint('max_peanuts_nano', { mode: 'number' }),
    /** Creation time; the same instant as the vpnId's milliseconds. */
    createdAt: timestamp('created_at', tz).notNull(),
    /** Last state change. */
    updatedAt: timestamp('updated_at', tz).notNull(),
    /** When it became Running (metering starts here); null before. */
    runningAt: timestamp('running_at', tz),
    /** When it left Running (metering stops here); null while running or never run. */
    endedAt: timestamp('ended_at', tz),
    /** UserVpn.version (spec §3): incremented by every change of state. */
    version: integer('version').notNull().default(0),
    /** Failed provisioning attempts so far. */
    attempts: integer('attempts').notNull().default(0),
    /** Server WireGuard private key, base64 of 32 bytes (secret; null once Deleted/Failed). */
    serverPrivateKey: text('server_private_key'),
    /** Server WireGuard public key, base64 of 32 bytes. */
    serverPublicKey: text('server_public_key'),
    /** Client WireGuard private key, base64 of 32 bytes (secret; null once Deleted/Failed). */
    clientPrivateKey: text('client_private_key'),
    /** Client WireGuard public key, base64 of 32 bytes. */
    clientPublicKey: text('client_public_key'),
    /** WireGuard preshared key, base64 of 32 bytes (secret; null once Deleted/Failed). */
    presharedKey: text('preshared_key'),
    /** The server's `host:port` as the provisioner set it up. */
    endpoint: text('endpoint'),
    /** The client's tunnel addresses, e.g. `10.64.0.2/32, fd64::2/128`. */
    clientAddress: text('client_address'),
    /** DNS servers the client uses through the tunnel, comma-separated. */
    dns: text('dns'),
    /** Running time is charged up to this instant (starts at runningAt). */
    meteredAt: timestamp('metered_at', tz),
    /** Metering intervals charged so far. */
    meteredIntervals: integer('metered_intervals').notNull().default(0),
    /** Bytes charged so far (both directions). */
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    /** Nano-peanuts charged so far. */
    consumedNano: bigint('consumed_nano', { mode: 'number' }).notNull().default(0),
    /**
     * Nano-peanuts of those written to the ledger (metering.ts "Settling"); the rest
     * counts against the owner's balance until settled, at the latest when it leaves Running.
     */
    settledNano: bigint('settled_nano', { mode: 'number' }).notNull().default(0),
    /** Intervals settled so far: the next settlement's ledger key index. */
    settledIntervals: integer('settled_intervals').notNull().default(0),
    /** Why it failed or ended, e.g. `maxPeanuts reached`; null otherwise. */
    reason: text('reason'),
    /** The VPN host running it (with NATS_URL); null when provisioned locally. */
    hostId: text('host_id'),
  },
  (table) => [
    index('vpns_user_created_idx').on(table.userSub, table.createdAt.desc(), table.vpnId.desc()),
    index('vpns_host_idx')
      .on(table.hostId)
      .where(sql`${table.hostId} IS NOT NULL`),
    index('vpns_active_state_idx')
      .on(table.state)
      .where(sql`${table.state} NOT IN ('Deleted', 'Failed')`),
    check(
      'vpns_state_check',
      sql`${table.state} IN (${sql.raw(VPN_STATES.map((state) => `'${state}'`).join(', '))})`,
    ),
    check('vpns_delete_after_check', sql`${table.deleteAfter} > 0`),
    // Only a Running VPN holds unsettled charges: whatever moves it out of Running settles.
    check(
      'vpns_settled_check',
      sql`${table.state} = 'Running' OR ${table.consumedNano} = ${table.settledNano}`,
    ),
  ],
);

/** A row of `vpns`. */
export type VpnRow = typeof vpns.$inferSelect;

/**
 * A VPN's usage over time (docs/api.md "Usage over time"): its cumulative totals as a metering
 * pass wrote them, at most one row per VPN per minute (a pass adds one when the VPN's metered
 * time crosses a minute: meterBatchSql.ts). Deleted when the VPN reaches Deleted or Failed (spec
 * §1: a deleted VPN's logs are wiped; its totals stay on the statement); goes with the VPN's row.
 */
export const vpnUsagePoints = pgTable(
  'vpn_usage_points',
  {
    /** The VPN. */
    vpnId: text('vpn_id')
      .notNull()
      .references(() => vpns.vpnId, { onDelete: 'cascade' }),
    /** Up to when it was charged (its metered time). */
    at: timestamp('at', tz).notNull(),
    /** Bytes charged so far, both directions. */
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** Nano-peanuts charged so far. */
    consumedNano: bigint('consumed_nano', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.vpnId, table.at] })],
);

/** A row of `vpn_usage_points`. */
export type VpnUsagePointRow = typeof vpnUsagePoints.$inferSelect;

/**
 * VPN servers to tear down after their owner deleted the account (an outbox written in the
 * deleting transaction; the lifecycle deprovisions each and removes the row). No foreign key:
 * the VPN and user rows are gone by then.
 */
export const vpnTeardowns = pgTable('vpn_teardowns', {
  /** The deleted VPN's id. */
  vpnId: text('vpn_id').primaryKey(),
  /** Its region. */
  region: text('region').notNull(),
  /** Its server endpoint, when it had one. */
  endpoint: text('endpoint'),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

/** A row of `vpn_teardowns`. */
export type VpnTeardownRow = typeof vpnTeardowns.$inferSelect;

/**
 * What the `netns` provisioner allocated to each VPN server, in the database so that
 * two VPNs, or two server processes on one database, never get the same listen port, address
 * block or names: `slot` numbers the namespace and interfaces (`<prefix><slot>`), and each
 * column is unique. The row lives from prepare to the end of deprovision; no foreign key, since
 * a deleted account's VPN rows go before its servers are torn down.
 */
export const netnsServers = pgTable('netns_servers', {
  /** The VPN's id. */
  vpnId: text('vpn_id').primaryKey(),
  /** Number of the server's namespace and interfaces, from 0. */
  slot: integer('slot').notNull().unique(),
  /** The UDP port WireGuard listens on, in the namespace and on the host. */
  listenPort: integer('listen_port').notNull().unique(),
  /** The server's IPv4 block of 8 addresses, CIDR, e.g. `10.200.0.8/29`. */
  network: text('network').notNull().unique(),
  /** The server's IPv6 block, a /124 of WG_ADDRESSES6; null: allocated before IPv6. */
  network6: text('network6').unique(),
  /** Bytes counted by the server's previous wireguard-go processes (restarts), both directions. */
  bytesBase: bigint('bytes_base', { mode: 'number' }).notNull().default(0),
  /** Bytes last read from the running wireguard-go process, both directions. */
  bytesSeen: bigint('bytes_seen', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

/** A row of `netns_servers`. */
export type NetnsServerRow = typeof netnsServers.$inferSelect;

/**
 * The VPN hosts heard from (with NATS_URL): each host's last heartbeat as recorded by
 * one of the service processes, so that every service process on the database judges a host
 * alike (placement, the regions' availability, Paused after HOST_GRACE_S, terminated after
 * HOST_LOST_S) even one that never heard the host itself. Written at most once per fraction of
 * the grace time per host, by whichever process hears a heartbeat first.
 */
export const vpnHosts = pgTable('vpn_hosts', {
  /** The host's id (HOST_ID; its NATS subjects). */
  hostId: text('host_id').primaryKey(),
  /** Id of the host process's current run: a new one means it (re)started. */
  bootId: text('boot_id').notNull(),
  /** The regions it serves. */
  regions: text('regions').array().notNull(),
  /** The most live VPNs it takes, when it announces it (else HOST_CAPACITY). */
  capacity: integer('capacity'),
  /** The VPNs it reported alive at `lastSeenAt`. */
  alive: text('alive').array().notNull(),
  /** Its last recorded heartbeat. */
  lastSeenAt: timestamp('last_seen_at', tz).notNull(),
  /**
   * Usage reports refused as faults (hostUsage.ts: a counter that grew faster than
   * HOST_MAX_BYTES_PER_S or went backwards), each counted once.
   */
  faultCount: integer('fault_count').notNull().default(0),
  /** When the last fault was recorded. */
  lastFaultAt: timestamp('last_fault_at', tz),
  /** The last fault, in words (VPN, bytes, seconds). */
  lastFault: text('last_fault'),
  /** True while an operator has drained it: it takes no new VPN (as HOST_CAPACITY=0). */
  drained: boolean('drained').notNull().default(false),
});

/** A row of `vpn_hosts`. */
export type VpnHostRow = typeof vpnHosts.$inferSelect;

/**
 * The highest cumulative byte counter each VPN's own host reported (with NATS_URL),
 * in the database so that every service process meters from the last report at once, one that
 * just started or never heard it included. Written by whichever processes hear a usage report,
 * one statement per report, only for VPNs placed on the reporting host, and never lowered
 * (`GREATEST`): a repeated, late or lost report charges nothing twice. Goes with the VPN's row.
 */
export const vpnReportedBytes = pgTable('vpn_reported_bytes', {
  /** The VPN. */
  vpnId: text('vpn_id')
    .primaryKey()
    .references(() => vpns.vpnId, { onDelete: 'cascade' }),
  /** Bytes through its tunnel since it started, both directions, as its host last counted. */
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  /** When the counter last grew (its last accepted report). */
  reportedAt: timestamp('reported_at', tz).notNull(),
  /**
   * The last counter refused as a host fault (hostUsage.ts), so that a fault heard by
   * several service processes, or repeated, counts once.
   */
  refusedBytes: bigint('refused_bytes', { mode: 'number' }),
});

/** A row of `vpn_reported_bytes`. */
export type VpnReportedBytesRow = typeof vpnReportedBytes.$inferSelect;
