import type { ApiSuccess, CreateImportRequest, ImportChunkRequest, ImportProgress, LastfmAuthorization, ListeningSourceState, SyncResult } from '#pie/contracts';
import { baseApi, LIST, ME, unwrap } from '@web/shared/api';
import { useGetListeningOverviewQuery } from '@web/shared/listening';

/** The scrobbling sources' cache entry (under the connection's tag). */
const SOURCES = 'SOURCES';

/** The body the page sends for chunk 0 (`totalChunks` given, unlike the schema's input default). */
export type StartImportBody = Pick<CreateImportRequest, 'fileName' | 'totalChunks'> & { rows: unknown[] };
export type ImportChunkBody = Pick<ImportChunkRequest, 'index'> & { rows: unknown[] };

/** What changes when plays arrive: every listening figure and the connection status. */
const PLAYS_ARRIVED = [
  { type: 'Listening' as const, id: LIST },
  { type: 'ListeningConnection' as const, id: ME },
];

/**
 * The streaming connection and export uploads, as settings and the dashboard's sync card use them
 * (spec §7: user/activity, tracks/user/fetchLatestFromSpotify, auth/link-spotify; the upload
 * routes under /api/listening/imports).
 */
export const listeningSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/tracks/user/fetchLatestFromSpotify: ingests the fan's latest plays now. A GET in the
     * spec, but it changes data, so it is a mutation here (never cached, run on demand).
     */
    syncNow: build.mutation<ApiSuccess<SyncResult>, void>({
      query: () => ({ url: 'tracks/user/fetchLatestFromSpotify', method: 'GET' }),
      invalidatesTags: PLAYS_ARRIVED,
    }),
    /** POST /api/auth/link-spotify → the provider's consent page to continue at. */
    linkSpotify: build.mutation<ApiSuccess<{ url: string }>, void>({
      query: () => ({ url: 'auth/link-spotify', method: 'POST' }),
    }),
    /** GET /api/listening/sources: each scrobbling service's state (issue 33). */
    getListeningSources: build.query<ListeningSourceState[], void>({
      query: () => 'listening/sources',
      transformResponse: unwrap<ListeningSourceState[]>,
      providesTags: [{ type: 'ListeningConnection', id: SOURCES }],
    }),
    /** POST /api/listening/sources/lastfm → Last.fm's authorisation page to continue at. */
    startLastfm: build.mutation<ApiSuccess<LastfmAuthorization>, void>({
      query: () => ({ url: 'listening/sources/lastfm', method: 'POST' }),
    }),
    /** POST /api/listening/sources/listenbrainz: the user token, checked by ListenBrainz. */
    connectListenBrainz: build.mutation<ApiSuccess<ListeningSourceState>, { token: string }>({
      query: (body) => ({ url: 'listening/sources/listenbrainz', method: 'POST', body }),
      invalidatesTags: [{ type: 'ListeningConnection', id: SOURCES }],
    }),
    /** DELETE /api/listening/sources/:source: polling stops, the credential is forgotten. */
    disconnectSource: build.mutation<ApiSuccess<ListeningSourceState>, ListeningSourceState['source']>({
      query: (source) => ({ url: `listening/sources/${source}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'ListeningConnection', id: SOURCES }],
    }),
    /** POST /api/listening/imports: creates the upload with chunk 0. */
    startImport: build.mutation<ApiSuccess<ImportProgress>, StartImportBody>({
      query: (body) => ({ url: 'listening/imports', method: 'POST', body }),
    }),
    /** POST /api/listening/imports/:id/chunks: chunk `index` (re-sending one is harmless). */
    sendImportChunk: build.mutation<ApiSuccess<ImportProgress>, { id: string } & ImportChunkBody>({
      query: ({ id, ...body }) => ({ url: `listening/imports/${encodeURIComponent(id)}/chunks`, method: 'POST', body }),
    }),
    /** GET /api/listening/imports/:id: the worker's progress. */
    getImportProgress: build.query<ImportProgress, string>({
      query: (id) => `listening/imports/${encodeURIComponent(id)}`,
      transformResponse: unwrap<ImportProgress>,
      providesTags: (_result, _error, id) => [{ type: 'Import', id }],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useSyncNowMutation,
  useLinkSpotifyMutation,
  useStartImportMutation,
  useSendImportChunkMutation,
  useLazyGetImportProgressQuery,
  useGetImportProgressQuery,
  useGetListeningSourcesQuery,
  useStartLastfmMutation,
  useConnectListenBrainzMutation,
  useDisconnectSourceMutation,
} = listeningSettingsApi;

/**
 * GET /api/user/activity (the connection, last sync, broken reason and the latest upload): the
 * listening screens' overview query, so the dashboard's sync card and its figures share one
 * request and one cache entry.
 */
export const useGetListeningConnectionQuery = useGetListeningOverviewQuery;
