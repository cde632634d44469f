/**
 * The account preferences service (core/preferences.ts): reads an account's preferences with
 * the defaults filled in, and changes some of them in one upsert.
 */
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_THEME_MODE,
  isLanguage,
  isThemeMode,
  type AccountPreferences,
  type AccountPreferencesPatch,
} from '../../core/preferences';
import type { Database } from '../db';
import { accountPreferences, type AccountPreferencesRow } from './schema';

/** Reads and changes the preferences of one account at a time. */
export interface PreferencesService {
  /** The preferences of `userSub`, defaults for those never set. */
  get(userSub: string): Promise<AccountPreferences>;
  /** Sets the fields of `patch` (validated by the route's schema) and answers the whole set. */
  update(userSub: string, patch: AccountPreferencesPatch): Promise<AccountPreferences>;
}

/** The preferences of a row, or the defaults without one. */
function toPreferences(row: AccountPreferencesRow | undefined): AccountPreferences {
  return {
    theme: isThemeMode(row?.theme) ? row.theme : DEFAULT_THEME_MODE,
    language: isLanguage(row?.language) ? row.language : null,
  };
}

/** Makes the service over `db`. */
export function createPreferences(db: Database): PreferencesService {
  return {
    async get(userSub) {
      const [row] = await db
        .select()
        .from(accountPreferences)
        .where(eq(accountPreferences.userSub, userSub));
      return toPreferences(row);
    },
    async update(userSub, patch) {
      const values = {
        ...(patch.theme === undefined ? {} : { theme: patch.theme }),
        ...(patch.language === undefined ? {} : { language: patch.language }),
      };
      const [row] = await db
        .insert(accountPreferences)
        .values({ userSub, ...values })
        .onConflictDoUpdate({
          target: accountPreferences.userSub,
          set: { ...values, updatedAt: sql`now()` },
        })
        .returning();
      return toPreferences(row);
    },
  };
}
