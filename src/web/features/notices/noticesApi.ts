/**
 * The email notice endpoints (docs/api.md "Notices", authenticated): the settings, read and
 * changed; a change's answer replaces the cached settings.
 */
import type { AccountNotices, AccountNoticesPatch } from '../../../core/notices';
import { getNotices, updateNotices } from '../../../sdk/notices';
import { api } from '../../app/api';

/** The notices API: `getNotices` and `updateNotices`. */
export const noticesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotices: build.query<AccountNotices, void>({
      query: () => (http, signal) => getNotices(http, signal),
    }),
    updateNotices: build.mutation<AccountNotices, AccountNoticesPatch>({
      query: (patch) => (http, signal) => updateNotices(http, patch, signal),
      async onQueryStarted(_patch, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(noticesApi.util.upsertQueryData('getNotices', undefined, data));
        } catch {
          // The error card shows the failure (errorMiddleware.ts).
        }
      },
    }),
  }),
});

/** Hooks: the settings (`data` undefined until loaded), and the change. */
export const { useGetNoticesQuery, useUpdateNoticesMutation } = noticesApi;
