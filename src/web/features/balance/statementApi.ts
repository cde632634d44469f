/**
 * The peanut statement endpoint (`GET /v1/peanuts/history`, authenticated): pages of
 * the user's balance changes, newest first, merged into one list as "Load more" asks for older
 * pages.
 */
import type { PeanutsHistoryResponse } from '../../../core/statement';
import { api } from '../../app/api';

/** Lines per page. */
export const STATEMENT_PAGE_SIZE = 20;

/** The statement API: `getPeanutsHistory(cursor)`, undefined for the newest page. */
export const statementApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPeanutsHistory: build.query<PeanutsHistoryResponse, string | undefined>({
      query: (cursor) => async (http, signal) =>
        (
          await http.request<PeanutsHistoryResponse>('GET', '/v1/peanuts/history', {
            query: { limit: STATEMENT_PAGE_SIZE, cursor },
            signal,
          })
        ).data,
      // One cache entry: the first page replaces it, older pages are appended.
      serializeQueryArgs: ({ endpointName }) => endpointName,
      merge: (current, incoming, { arg }) =>
        arg === undefined
          ? incoming
          : { entries: [...current.entries, ...incoming.entries], nextCursor: incoming.nextCursor },
      forceRefetch: ({ currentArg, previousArg }) => currentArg !== previousArg,
    }),
  }),
});

/** Hook: the statement pages loaded so far. */
export const { useGetPeanutsHistoryQuery } = statementApi;
