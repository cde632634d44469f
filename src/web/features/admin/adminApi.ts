/**
 * The operator API as RTK Query endpoints (docs/operator-console.md), in the console's chunk.
 * Failures go to the global error card like every other call; actions refresh what they change.
 */
import type { PeanutsPack } from '../../../core/packs';
import {
  adjustPeanuts,
  creditPayment,
  getStats,
  getUser,
  listAdminRegions,
  listAllVpns,
  listAudit,
  listHosts,
  listPayments,
  searchUsers,
  setHostDrained,
  setRegionEnabled,
  setUserDisabled,
  terminateVpn,
  type AdminActionResult,
  type AdminAuditEntry,
  type AdminDayStats,
  type AdminHost,
  type AdminPayment,
  type AdminRegion,
  type AdminUserDetail,
  type AdminUsersPage,
  type AdminVpn,
} from '../../../sdk/admin';
import { listPeanutsPacks } from '../../../sdk/publicApi';
import { api } from '../../app/api';

const TAGS = [
  'AdminUser',
  'AdminVpns',
  'AdminHosts',
  'AdminRegions',
  'AdminAudit',
  'AdminPayments',
] as const;

/** The console's endpoints. */
export const adminApi = api.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    getStats: build.query<AdminDayStats[], { from: string; to: string }>({
      query:
        ({ from, to }) =>
        (http, signal) =>
          getStats(http, from, to, { signal }),
      providesTags: ['AdminAudit'],
    }),
    searchUsers: build.query<AdminUsersPage, string>({
      query: (email) => (http, signal) => searchUsers(http, email, { signal }),
      providesTags: ['AdminUser'],
    }),
    getUser: build.query<AdminUserDetail, string>({
      query: (sub) => (http, signal) => getUser(http, sub, { signal }),
      providesTags: ['AdminUser'],
    }),
    adjustPeanuts: build.mutation<
      { audit: AdminAuditEntry; balance: number },
      { sub: string; peanuts: number; reason: string; idempotencyKey: string }
    >({
      query:
        ({ sub, ...adjustment }) =>
        (http, signal) =>
          adjustPeanuts(http, sub, adjustment, { signal }),
      invalidatesTags: ['AdminUser', 'AdminAudit'],
    }),
    setUserDisabled: build.mutation<unknown, { sub: string; disabled: boolean; reason: string }>({
      query:
        ({ sub, disabled, reason }) =>
        (http, signal) =>
          setUserDisabled(http, sub, disabled, reason, { signal }),
      invalidatesTags: ['AdminUser', 'AdminVpns', 'AdminAudit'],
    }),
    listVpns: build.query<{ vpns: AdminVpn[] }, { region?: string; state?: string; host?: string }>(
      {
        query: (filter) => (http, signal) =>
          listAllVpns(http, { ...filter, limit: 100 }, { signal }),
        providesTags: ['AdminVpns'],
      },
    ),
    terminateVpn: build.mutation<AdminActionResult, { vpnId: string; reason: string }>({
      query:
        ({ vpnId, reason }) =>
        (http, signal) =>
          terminateVpn(http, vpnId, reason, { signal }),
      invalidatesTags: ['AdminVpns', 'AdminUser', 'AdminAudit'],
    }),
    listHosts: build.query<AdminHost[], void>({
      query: () => (http, signal) => listHosts(http, { signal }),
      providesTags: ['AdminHosts'],
    }),
    setHostDrained: build.mutation<AdminActionResult, { hostId: string; drained: boolean }>({
      query:
        ({ hostId, drained }) =>
        (http, signal) =>
          setHostDrained(http, hostId, drained, { signal }),
      invalidatesTags: ['AdminHosts', 'AdminAudit'],
    }),
    listRegions: build.query<AdminRegion[], void>({
      query: () => (http, signal) => listAdminRegions(http, { signal }),
      providesTags: ['AdminRegions'],
    }),
    setRegionEnabled: build.mutation<AdminActionResult, { region: string; enabled: boolean }>({
      query:
        ({ region, enabled }) =>
        (http, signal) =>
          setRegionEnabled(http, region, enabled, { signal }),
      invalidatesTags: ['AdminRegions', 'AdminAudit', 'Regions'],
    }),
    listPayments: build.query<AdminPayment[], 'unmatched' | 'all'>({
      query: (state) => (http, signal) => listPayments(http, state, { signal }),
      providesTags: ['AdminPayments'],
    }),
    creditPayment: build.mutation<
      AdminActionResult,
      { sessionId: string; sub: string; packId: string; reason: string }
    >({
      query:
        ({ sessionId, ...credit }) =>
        (http, signal) =>
          creditPayment(http, sessionId, credit, { signal }),
      invalidatesTags: ['AdminPayments', 'AdminUser', 'AdminAudit'],
    }),
    // The packs a payment may be credited as (the pricing feature's list, in this chunk).
    listCreditPacks: build.query<PeanutsPack[], void>({
      query: () => (http, signal) => listPeanutsPacks(http, signal),
    }),
    listAudit: build.query<
      { entries: AdminAuditEntry[]; nextCursor: string | null },
      string | undefined
    >({
      query: (cursor) => (http, signal) => listAudit(http, { limit: 50, cursor }, { signal }),
      providesTags: ['AdminAudit'],
    }),
  }),
});

/** Hooks of the console's endpoints. */
export const {
  useGetStatsQuery,
  useSearchUsersQuery,
  useGetUserQuery,
  useAdjustPeanutsMutation,
  useSetUserDisabledMutation,
  useListVpnsQuery,
  useTerminateVpnMutation,
  useListHostsQuery,
  useSetHostDrainedMutation,
  useListRegionsQuery,
  useSetRegionEnabledMutation,
  useListPaymentsQuery,
  useCreditPaymentMutation,
  useListCreditPacksQuery,
  useListAuditQuery,
} = adminApi;
