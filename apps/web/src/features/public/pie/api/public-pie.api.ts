import type { ApiSuccess, PublicPie } from '#pie/contracts';
import { baseApi } from '@web/shared/api';

/** `GET /api/pie/pie/:pieId`: a pie anyone may see (no session). */
export const publicPieApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    publicPie: build.query<PublicPie, string>({
      query: (pieId) => `pie/pie/${pieId}`,
      transformResponse: (response: ApiSuccess<PublicPie>) => response.data as PublicPie,
    }),
  }),
});

export const { usePublicPieQuery } = publicPieApi;
