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
  baseQuery: createBaseQuery({ baseUrl: '/api', area: 'fan' }),
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});

/**
 * The RTK Query API for the artist base URL `/api/for-artists` (spec §7: the
 * artist-area client has its own prefix; DESIGN §10: one API per base URL).
 */
export const artistBaseApi = createApi({
  reducerPath: 'artistApi',
  baseQuery: createBaseQuery({ baseUrl: '/api/for-artists', area: 'artist' }),
  tagTypes: ['ArtistUser'] as const,
  keepUnusedDataFor: 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});

/** The RTK Query API for the admin base URL `/api/admin`. */
export const adminBaseApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: createBaseQuery({ baseUrl: '/api/admin', area: 'admin' }),
  tagTypes: ['AdminProfile'] as const,
  keepUnusedDataFor: 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});
