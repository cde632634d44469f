/**
 * The balance endpoint (spec §7 `GET /v1/peanuts`, authenticated): the signed-in user's peanuts.
 */
import { getBalance } from '../../../sdk/balance';
import { api } from '../../app/api';

/** The balance API: `getBalance`, the balance in peanuts (may be negative). */
export const balanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBalance: build.query<number, void>({
      query: () => async (http, signal) => (await getBalance(http, { signal })).balance,
      providesTags: ['Balance'],
    }),
  }),
});

/** Hook: the balance (`data` undefined until loaded). */
export const { useGetBalanceQuery } = balanceApi;
