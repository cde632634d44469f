/**
 * Peanut packs endpoint (spec §7 `GET /v1/peanuts/packs/`, unauthenticated).
 */
import type { PeanutsPack } from '../../../core/packs';
import { listPeanutsPacks } from '../../../sdk/publicApi';
import { api } from '../../app/api';

/** The packs API: `listPeanutsPacks`, the packs for sale. */
export const packsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPeanutsPacks: build.query<PeanutsPack[], void>({
      query: () => (http, signal) => listPeanutsPacks(http, signal),
      providesTags: ['Packs'],
    }),
  }),
});

/** Hook: the packs for sale (`data` undefined until loaded). */
export const { useListPeanutsPacksQuery } = packsApi;
