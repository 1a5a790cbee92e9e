import type { ApiSuccess, OpenBooksView } from '#pie/contracts';
import { baseApi } from '@web/shared/api';

/** `GET /api/open-books`: the platform's money per month (no session). */
export const openBooksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    openBooks: build.query<OpenBooksView, void>({
      query: () => 'open-books',
      transformResponse: (response: ApiSuccess<OpenBooksView>) => response.data as OpenBooksView,
    }),
  }),
});

export const { useOpenBooksQuery } = openBooksApi;
