/**
 * Schemas of the account's preferences (core/preferences.ts; docs/api.md "Preferences"):
 * `GET /v1/account/preferences` and `PATCH /v1/account/preferences`.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  LANGUAGES,
  THEME_MODES,
  type AccountPreferences,
  type AccountPreferencesPatch,
} from '../../core/preferences';
import type { SameShape } from './common';

const ThemeModeSchema = Type.Union(
  THEME_MODES.map((mode) => Type.Literal(mode)),
  { description: "Colour scheme: light, dark, or 'system' to follow the device" },
);

const LanguageSchema = Type.Union(
  [...LANGUAGES.map((language) => Type.Literal(language)), Type.Null()],
  { description: "The SPA's language (BCP 47 primary tag); null: the browser's language" },
);

/** `GET` and `PATCH` response: every preference, defaults filled in. */
export const AccountPreferencesSchema = Type.Object(
  { theme: ThemeModeSchema, language: LanguageSchema },
  { title: 'AccountPreferences' },
);

/** `PATCH` body: at least one preference; the others stay as they are. */
export const AccountPreferencesPatchSchema = Type.Object(
  { theme: Type.Optional(ThemeModeSchema), language: Type.Optional(LanguageSchema) },
  { title: 'AccountPreferencesPatch', additionalProperties: false, minProperties: 1 },
);

// Compile-time checks that the schemas and the shared core types stay the same shape.
const _preferences: SameShape<Static<typeof AccountPreferencesSchema>, AccountPreferences> = true;
const _patch: SameShape<
  Static<typeof AccountPreferencesPatchSchema>,
  AccountPreferencesPatch
> = true;
