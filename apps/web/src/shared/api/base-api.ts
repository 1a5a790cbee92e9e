import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './base-query';

/** Cache tags, one per entity kind (DESIGN §10). */
export const TAG_TYPES = ['User'] as const;
export type TagType = (typeof TAG_TYPES)[number];

/**
 * The one RTK Query API for the fan base URL `/api`. Features add their
 * endpoints with `baseApi.injectEndpoints` (spec §9 query cache rules).
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery({ baseUrl: '/api' }),
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});
