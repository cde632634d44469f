/**
 * A person's display preferences, kept on their account (docs/api.md "Preferences"): the
 * spec's local storage holds authentication only, so a signed-in person's choices live server
 * side and are applied at sign-in. Each preference is one optional field of the same object, so
 * a new one (as `language` did) joins `GET/PATCH /v1/account/preferences` without a new endpoint.
 */

/** The colour schemes: `system` follows the device's `prefers-color-scheme`. */
export const THEME_MODES = ['light', 'dark', 'system'] as const;

/** A colour scheme choice. */
export type ThemeMode = (typeof THEME_MODES)[number];

/** The choice of an account that never picked one. */
export const DEFAULT_THEME_MODE: ThemeMode = 'system';

/**
 * The languages of the SPA (docs/languages.md), as BCP 47 primary tags: English (the spec's
 * texts), French, German, Spanish and Japanese.
 */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'ja'] as const;

/** A language of the SPA. */
export type Language = (typeof LANGUAGES)[number];

/** `GET /v1/account/preferences` body: every preference, defaults filled in. */
export interface AccountPreferences {
  /** Light, dark, or the device's setting. */
  theme: ThemeMode;
  /** The picked language; null (the default): the browser's language. */
  language: Language | null;
}

/** `PATCH /v1/account/preferences` body: the preferences to change, the others stay. */
export type AccountPreferencesPatch = Partial<AccountPreferences>;

/** True when `value` is one of {@link LANGUAGES}. */
export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** True when `value` is one of {@link THEME_MODES}. */
export function isThemeMode(value: unknown): value is ThemeMode {
  return (THEME_MODES as readonly unknown[]).includes(value);
}
