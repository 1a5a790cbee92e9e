import type { ApiSuccess, ArtistInsightsView } from '#pie/contracts';
import { artistBaseApi, unwrap } from '@web/shared/api';

/** `GET /api/for-artists/claims/:id/insights` (issue 31): a verified artist's funding, aggregates only. */
export const insightsApi = artistBaseApi.injectEndpoints({
  endpoints: (build) => ({
    getClaimInsights: build.query<ArtistInsightsView, string>({
      query: (claimId) => `claims/${encodeURIComponent(claimId)}/insights`,
      transformResponse: (response: ApiSuccess<ArtistInsightsView>) => unwrap(response),
    }),
  }),
});

export const { useGetClaimInsightsQuery } = insightsApi;
