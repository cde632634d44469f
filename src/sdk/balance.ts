/**
 * The balance call of spec §7 (authenticated), apart from the VPN calls (sdk/vpns.ts re-exports
 * it) so that the SPA's header, which shows the balance, does not load them.
 */
import type { PeanutsBalanceResponse } from '../core/peanuts';
import type { HttpClient } from './http';
import type { CallOptions } from './vpns';

/** `GET /v1/peanuts` (spec §7): the balance in peanuts (may be negative). @throws ApiError, NetworkError */
export async function getBalance(
  http: HttpClient,
  options: CallOptions = {},
): Promise<PeanutsBalanceResponse> {
  const { data } = await http.request<PeanutsBalanceResponse>('GET', '/v1/peanuts', {
    signal: options.signal,
  });
  return data;
}
