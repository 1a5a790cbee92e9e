import type { ListeningActivity } from '#pie/contracts';
import { baseApi, LIST, ME, unwrap } from '../api';

/**
 * GET /api/user/activity: the fan's totals, last 7/28 days, the streaming connection and the
 * latest upload. Shared by the listening screens and the listening settings (the dashboard's
 * sync card), so they make one request and keep one cache entry.
 */
export const listeningOverviewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getListeningOverview: build.query<ListeningActivity, void>({
      query: () => 'user/activity',
      transformResponse: unwrap<ListeningActivity>,
      providesTags: [
        { type: 'Listening', id: LIST },
        { type: 'ListeningConnection', id: ME },
      ],
    }),
  }),
});

export const { useGetListeningOverviewQuery } = listeningOverviewApi;
