/**
 * The account's preferences table (drizzle-orm, PostgreSQL dialect); db/schema.ts re-exports
 * it so that drizzle-kit generates its migration with the rest.
 */
import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LANGUAGES, THEME_MODES } from '../../core/preferences';
import { users } from '../identity/schema';

/**
 * One row per account that changed a preference (core/preferences.ts); an account without a row
 * has the defaults. One column per preference, null meaning the default, so a new preference is
 * one nullable column. Goes with the account.
 */
export const accountPreferences = pgTable(
  'account_preferences',
  {
    /** The owner. */
    userSub: uuid('user_sub')
      .primaryKey()
      .references(() => users.sub, { onDelete: 'cascade' }),
    /** `light`, `dark` or `system`; null: the default (`system`). */
    theme: text('theme'),
    /** `en`, `fr`, `de`, `es` or `ja`; null: the default (the browser's language). */
    language: text('language'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'account_preferences_theme_check',
      sql`${table.theme} IN (${sql.raw(THEME_MODES.map((mode) => `'${mode}'`).join(', '))})`,
    ),
    check(
      'account_preferences_language_check',
      sql`${table.language} IN (${sql.raw(LANGUAGES.map((code) => `'${code}'`).join(', '))})`,
    ),
  ],
);

/** A row of `account_preferences`. */
export type AccountPreferencesRow = typeof accountPreferences.$inferSelect;
