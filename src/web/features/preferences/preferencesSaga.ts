/**
 * Keeps a signed-in person's preferences on their account (docs/api.md "Preferences"):
 * - on `authenticated` (sign-in, or a stored session at start), the stored preferences are read
 *   and applied, unless the person picks a theme or a language before they arrive (their pick
 *   wins);
 * - on `themePicked` or `languagePicked` while signed in, the choice is saved (`PATCH`); a
 *   failure is shown.
 * Signed out nothing is read or stored: the slice follows the system's setting.
 */
import { call, getContext, put, race, select, take, takeLatest } from 'redux-saga/effects';
import type { AppConfig } from '../../../core/appConfig';
import type { AccountPreferences, AccountPreferencesPatch } from '../../../core/preferences';
import type { HttpClient } from '../../../sdk/http';
import { getPreferences, updatePreferences } from '../../../sdk/preferences';
import type { ApiExtra } from '../../app/api';
import { selectAppConfig } from '../../app/appConfigSlice';
import { API_EXTRA } from '../../app/sagaContext';
import { authenticated, selectIsAuthenticated } from '../auth';
import { errorReported } from '../errors';
import { languagePicked, preferencesLoaded, themePicked } from './preferencesSlice';

/** The SDK HttpClient of the store's app config (sends the id token). */
export function* preferencesHttpClient() {
  const extra: ApiExtra | undefined = yield getContext(API_EXTRA);
  const appConfig: AppConfig | null = yield select(selectAppConfig);
  if (!extra || !appConfig) throw new Error('Application configuration is not loaded');
  return extra.getHttpClient(appConfig);
}

/** Reads the account's preferences and applies them; a pick made meanwhile wins. */
export function* applyStoredPreferences() {
  try {
    const http: HttpClient = yield call(preferencesHttpClient);
    const { stored }: { stored?: AccountPreferences } = yield race({
      stored: call(getPreferences, http),
      picked: take([themePicked, languagePicked]),
    });
    if (stored) yield put(preferencesLoaded(stored));
  } catch {
    // Not worth an error card: the system's setting stays in force.
  }
}

/** Saves `patch` on the signed-in person's account (nothing when signed out); a failure is shown. */
function* savePreferences(patch: AccountPreferencesPatch) {
  const signedIn: boolean = yield select(selectIsAuthenticated);
  if (!signedIn) return;
  try {
    const http: HttpClient = yield call(preferencesHttpClient);
    yield call(updatePreferences, http, patch);
  } catch (error) {
    yield put(errorReported(error));
  }
}

/** Saves a picked theme on the signed-in person's account. */
export function* saveThemePick(action: ReturnType<typeof themePicked>) {
  yield* savePreferences({ theme: action.payload });
}

/** Saves a picked language on the signed-in person's account. */
export function* saveLanguagePick(action: ReturnType<typeof languagePicked>) {
  yield* savePreferences({ language: action.payload });
}

/** The preferences watchers. */
export function* preferencesSaga() {
  yield takeLatest(authenticated, applyStoredPreferences);
  yield takeLatest(themePicked, saveThemePick);
  yield takeLatest(languagePicked, saveLanguagePick);
}
