/**
 * The display preferences in force (core/preferences.ts): the colour scheme picked in the header,
 * `system` (the device's `prefers-color-scheme`) until the person picks one, and the language
 * picked (null: the browser's). Kept in memory only
 * (spec §1: local storage holds authentication only): a signed-in person's choice comes from and
 * goes to their account (preferencesSaga.ts); signing out returns to the system's setting.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  DEFAULT_THEME_MODE,
  type AccountPreferences,
  type Language,
  type ThemeMode,
} from '../../../core/preferences';
import { accountDeleted, sessionEnded, signOutRequested } from '../auth';

/** The preferences slice's state. */
export interface PreferencesState {
  /** The colour scheme in force. */
  theme: ThemeMode;
  /** The language picked (header or Account page), or null: the browser's language. */
  language: Language | null;
}

const initialState: PreferencesState = { theme: DEFAULT_THEME_MODE, language: null };

const toDefaults = () => initialState;

const preferencesSlice = createSlice({
  name: 'preferences',
  initialState,
  reducers: {
    /** The account's stored preferences arrived (at sign-in or at start with a session). */
    preferencesLoaded: (state, action: PayloadAction<AccountPreferences>) => {
      state.theme = action.payload.theme;
      state.language = action.payload.language ?? null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(themePicked, (state, action) => {
        state.theme = action.payload;
      })
      .addCase(languagePicked, (state, action) => {
        state.language = action.payload;
      })
      .addCase(signOutRequested, toDefaults)
      .addCase(sessionEnded, toDefaults)
      .addCase(accountDeleted, toDefaults);
  },
});

/** The person picked a colour scheme in the header (saved on their account when signed in). */
export const themePicked = createAction<ThemeMode>('preferences/themePicked');

/** The person picked a language (saved on their account when signed in). */
export const languagePicked = createAction<Language>('preferences/languagePicked');

export const { preferencesLoaded } = preferencesSlice.actions;
/** The reducer of `state.preferences`. */
export const preferencesReducer = preferencesSlice.reducer;

/** The colour scheme in force (`system` follows the device). */
export const selectThemeMode = (state: { preferences: PreferencesState }): ThemeMode =>
  state.preferences.theme;

/** The language picked, or null while the browser's language rules. */
export const selectPickedLanguage = (state: { preferences: PreferencesState }): Language | null =>
  state.preferences.language;
