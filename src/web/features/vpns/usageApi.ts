/**
 * A VPN's usage over time (`GET /v1/vpns/{vpnId}/usage`, docs/api.md): the drawer's chart data,
 * tagged by VPN so that an extension or a reload refetches it.
 */
import type { VpnUsageResponse } from '../../../core/vpnUsage';
import { getVpnUsage } from '../../../sdk/vpns';
import { api } from '../../app/api';

/** The usage API: `getVpnUsage(vpnId)`, its points oldest first. */
export const usageApi = api.enhanceEndpoints({ addTagTypes: ['VpnUsage'] }).injectEndpoints({
  endpoints: (build) => ({
    getVpnUsage: build.query<VpnUsageResponse, string>({
      query: (vpnId) => (http, signal) => getVpnUsage(http, vpnId, { signal }),
      providesTags: (_result, _error, vpnId) => [{ type: 'VpnUsage', id: vpnId }],
    }),
  }),
});

/** Hook: the usage of a VPN (`data` undefined until loaded). */
export const { useGetVpnUsageQuery } = usageApi;
