import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './base-query';
import { ADMIN_TAG_TYPES, ARTIST_TAG_TYPES, FAN_TAG_TYPES } from './tags';

/**
 * The one RTK Query API for the fan base URL `/api`. Features add their
 * endpoints with `baseApi.injectEndpoints` (spec §9 query cache rules).
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery({ baseUrl: '/api', area: 'fan' }),
  tagTypes: FAN_TAG_TYPES,
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
  tagTypes: ARTIST_TAG_TYPES,
  keepUnusedDataFor: 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});

/** The RTK Query API for the admin base URL `/api/admin`. */
export const adminBaseApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: createBaseQuery({ baseUrl: '/api/admin', area: 'admin' }),
  tagTypes: ADMIN_TAG_TYPES,
  keepUnusedDataFor: 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});
