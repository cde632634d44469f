/**
 * Regions endpoints (spec §7 `GET /v1/regionsDetailed/`, unauthenticated).
 */
import type { RegionDetailed } from '../../../core/regions';
import { listRegionsDetailed } from '../../../sdk/publicApi';
import { api } from '../../app/api';

/** The regions API: `listRegionsDetailed` (name, city, country and cctld of each region). */
export const regionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRegionsDetailed: build.query<RegionDetailed[], void>({
      query: () => (http, signal) => listRegionsDetailed(http, signal),
      providesTags: ['Regions'],
    }),
  }),
});

/** Hook: the detailed regions (`data` undefined until loaded). */
export const { useListRegionsDetailedQuery } = regionsApi;
