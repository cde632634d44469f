/**
 * The referral endpoints (spec §7, authenticated) as RTK Query endpoints: the own code, the code
 * the user used, validation, statistics, and the history, whose pages are merged into one list as
 * Load More asks for the next one (spec §4 "Referral history loading").
 */
import {
  getReferralCode,
  getReferralHistory,
  getReferralStats,
  getReferrerCode,
  validateReferralCode,
  type ReferralHistoryResponse,
  type ReferralStats,
  type ReferralValidationResult,
} from '../../../sdk/referral';
import { api } from '../../app/api';

/** Items asked for per history fetch (spec §9: 50, i.e. 5 table pages). */
export const HISTORY_FETCH_LIMIT = 50;

/** The referral API. `getReferralHistory(nextToken)`: undefined loads the first page afresh. */
export const referralApi = api.enhanceEndpoints({ addTagTypes: ['Referral'] }).injectEndpoints({
  endpoints: (build) => ({
    getReferralCode: build.query<string, void>({
      query: () => (http, signal) => getReferralCode(http, { signal }),
      providesTags: ['Referral'],
    }),
    getReferrerCode: build.query<string | null, void>({
      query: () => (http, signal) => getReferrerCode(http, { signal }),
      providesTags: ['Referral'],
    }),
    validateReferralCode: build.mutation<ReferralValidationResult, string>({
      query: (code) => (http, signal) => validateReferralCode(http, code, { signal }),
    }),
    getReferralStats: build.query<ReferralStats, void>({
      query: () => (http, signal) => getReferralStats(http, { signal }),
      providesTags: ['Referral'],
    }),
    getReferralHistory: build.query<ReferralHistoryResponse, string | undefined>({
      query: (nextToken) => (http, signal) =>
        getReferralHistory(http, { limit: HISTORY_FETCH_LIMIT, nextToken, signal }),
      // One cache entry: the first page replaces the list, later pages are appended.
      serializeQueryArgs: ({ endpointName }) => endpointName,
      merge: (current, incoming, { arg }) =>
        arg === undefined
          ? incoming
          : { history: [...current.history, ...incoming.history], pagination: incoming.pagination },
      forceRefetch: ({ currentArg, previousArg }) => currentArg !== previousArg,
      providesTags: ['Referral'],
    }),
  }),
});

/** Hooks of the referral endpoints. */
export const {
  useGetReferralCodeQuery,
  useGetReferrerCodeQuery,
  useValidateReferralCodeMutation,
  useGetReferralStatsQuery,
  useGetReferralHistoryQuery,
} = referralApi;
