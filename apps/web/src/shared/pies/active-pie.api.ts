import type { ApiSuccess, Pie } from '#pie/contracts';
import { baseApi, LIST } from '../api';

/**
 * GET /api/pie/active: the fan's active pie, or null. Shared by the pie screens and the dashboard's
 * pie card, so the dashboard does not load the pie screens' API (one request, one cache entry).
 */
export const activePieApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getActivePie: build.query<Pie | null, void>({
      query: () => 'pie/active',
      transformResponse: (response: ApiSuccess<Pie | null>) => response.data ?? null,
      providesTags: [{ type: 'Pie', id: LIST }],
    }),
  }),
});

export const { useGetActivePieQuery } = activePieApi;
