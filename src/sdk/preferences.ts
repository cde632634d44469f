/**
 * The account preferences calls (docs/api.md "Preferences"; authenticated): read them all, change
 * some. Each takes an optional AbortSignal and goes through the HttpClient's retry rule.
 *
 * - `GET /v1/account/preferences` -> `{ theme, language }`
 * - `PATCH /v1/account/preferences` with some of `{ theme, language }` -> all of them
 */
import type { AccountPreferences, AccountPreferencesPatch } from '../core/preferences';
import type { HttpClient } from './http';

export type { AccountPreferences, AccountPreferencesPatch };

/** `GET /v1/account/preferences`: the caller's preferences. @throws ApiError, NetworkError */
export async function getPreferences(
  http: HttpClient,
  signal?: AbortSignal,
): Promise<AccountPreferences> {
  const { data } = await http.request<AccountPreferences>('GET', '/v1/account/preferences', {
    signal,
  });
  return data;
}

/**
 * `PATCH /v1/account/preferences`: changes the fields of `patch`, answers every preference.
 * @throws ApiError (400 for an unknown value or an empty patch), NetworkError
 */
export async function updatePreferences(
  http: HttpClient,
  patch: AccountPreferencesPatch,
  signal?: AbortSignal,
): Promise<AccountPreferences> {
  const { data } = await http.request<AccountPreferences>('PATCH', '/v1/account/preferences', {
    body: patch,
    signal,
  });
  return data;
}
