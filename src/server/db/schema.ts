/**
 * Database schema (drizzle-orm, PostgreSQL dialect; the same for PGlite and PostgreSQL).
 * Migrations are generated from this file with `npx drizzle-kit generate` (see drizzle.config.ts)
 * into src/server/db/migrations; seed data is appended to the generated SQL by hand.
 */
import { boolean, pgTable, text } from 'drizzle-orm/pg-core';

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
