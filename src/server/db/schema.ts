/**
 * Database schema (drizzle-orm, PostgreSQL dialect; the same for PGlite and PostgreSQL).
 * Migrations are generated from this file with `npx drizzle-kit generate` (see drizzle.config.ts)
 * into src/server/db/migrations; seed data is appended to the generated SQL by hand.
 */
import {
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';

/**
 * VPN regions (spec §3 "Detailed region", DESIGN.md "Regions"). Seeded with the 27 regions by
 * migration 0000; only enabled regions are offered.
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
});

/** A row of `regions`. */
export type RegionRow = typeof regions.$inferSelect;

export * from '../identity/schema';

/**
 * The peanuts ledger (DESIGN.md "Money"): append-only entries in integer nano-peanuts
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
