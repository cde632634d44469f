/**
 * The email notice calls (docs/api.md "Notices"; authenticated): read the settings, change some.
 * Each takes an optional AbortSignal and goes through the HttpClient's retry rule.
 *
 * - `GET /v1/account/notices` -> `{ vpnEnded, lowBalanceBelow }`
 * - `PATCH /v1/account/notices` with some of them -> all of them
 */
import type { AccountNotices, AccountNoticesPatch } from '../core/notices';
import type { HttpClient } from './http';

export type { AccountNotices, AccountNoticesPatch };

/** `GET /v1/account/notices`: the caller's notice settings. @throws ApiError, NetworkError */
export async function getNotices(http: HttpClient, signal?: AbortSignal): Promise<AccountNotices> {
  const { data } = await http.request<AccountNotices>('GET', '/v1/account/notices', { signal });
  return data;
}

/**
 * `PATCH /v1/account/notices`: changes the fields of `patch`, answers every setting.
 * @throws ApiError (400 for a threshold out of range, a wrong type or an empty patch),
 *   NetworkError
 */
export async function updateNotices(
  http: HttpClient,
  patch: AccountNoticesPatch,
  signal?: AbortSignal,
): Promise<AccountNotices> {
  const { data } = await http.request<AccountNotices>('PATCH', '/v1/account/notices', {
    body: patch,
    signal,
  });
  return data;
}
