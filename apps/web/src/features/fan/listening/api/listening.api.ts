import type {
  ApiSuccess,
  ArtistDetails,
  ArtistStandingView,
  ArtistFansPage,
  ArtistTopTrack,
  DailyListening,
  FanArtist,
  FanArtistDetails,
  FanTrack,
  Pagination,
  PlayItem,
  RecentArtist,
  UserDetails,
} from '#pie/contracts';
import { LISTENING_MAX_PAGE_SIZE } from '#pie/contracts';
import { baseApi, entityTags, LIST, singlePage, unwrap, unwrapPage, type Paged } from '@web/shared/api';
import { listeningOverviewApi } from '@web/shared/listening';

export type { Paged };

/** Every artist a fan listened to in a period (all pages of `GET /api/artists/user`). */
export interface AllFanArtists {
  artists: FanArtist[];
  /** Artists the server counted; more than `artists.length` only when the page cap was hit. */
  total: number;
  complete: boolean;
}

export interface PeriodArgs {
  /** ISO timestamps; `to` is exclusive, as the API reads it. */
  from?: string;
  to?: string;
}

export interface LatestPlaysArgs extends PeriodArgs {
  page: number;
  limit: number;
  search?: string;
}

export interface FanArtistsArgs extends PeriodArgs {
  page?: number;
  itemsPerPage?: number;
  search?: string;
  sortBy?: 'listened' | 'plays' | 'name' | 'lastPlayed' | 'popularity';
  direction?: 'asc' | 'desc';
  /** The fan's last N local days, today included (the dashboard's window; not with from/to). */
  days?: number;
}

/** `GET /api/artists/user` pages fetched for the map and the report: 100 × 50 = 5,000 artists at most. */
export const ALL_ARTISTS_MAX_PAGES = 50;
const PARALLEL_PAGES = 4;

/** What the fan's own listening figures provide: sync and imports invalidate it. */
const OWN_LISTENING = [{ type: 'Listening' as const, id: LIST }];

/**
 * The fan's listening (spec §7 "Fan data": artists, tracks, user), read by the dashboard,
 * history, profile, earth, artist and report screens. The API contract is `#pie/contracts`
 * (libs/contracts/src/listening.ts).
 */
export const listeningApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/tracks/user/daily?days: one row per day of the fan's time zone, today included. */
    getDailyListening: build.query<DailyListening[], { days: number }>({
      query: ({ days }) => ({ url: 'tracks/user/daily', params: { days } }),
      transformResponse: unwrap<DailyListening[]>,
      providesTags: OWN_LISTENING,
    }),
    /** GET /api/tracks/user/latest: the fan's plays, newest first. */
    getLatestPlays: build.query<Paged<PlayItem>, LatestPlaysArgs>({
      query: (params) => ({ url: 'tracks/user/latest', params }),
      transformResponse: unwrapPage<PlayItem>,
      providesTags: OWN_LISTENING,
    }),
    /** GET /api/tracks/user/popular: the fan's most played tracks in a period. */
    getPopularTracks: build.query<Paged<FanTrack>, PeriodArgs & { page: number; limit: number }>({
      query: (params) => ({ url: 'tracks/user/popular', params }),
      transformResponse: unwrapPage<FanTrack>,
      providesTags: OWN_LISTENING,
    }),
    /** GET /api/artists/user: the fan's artists with listened time (one page). */
    getFanArtists: build.query<Paged<FanArtist>, FanArtistsArgs>({
      query: (params) => ({ url: 'artists/user', params }),
      transformResponse: unwrapPage<FanArtist>,
      providesTags: OWN_LISTENING,
    }),
    /** Every page of GET /api/artists/user for a period, most listened first (map, report). */
    getAllFanArtists: build.query<AllFanArtists, PeriodArgs>({
      async queryFn(period, _api, _extraOptions, baseQuery) {
        const fetchPage = async (page: number) => {
          const result = await baseQuery({
            url: 'artists/user',
            params: { ...period, page, itemsPerPage: LISTENING_MAX_PAGE_SIZE, sortBy: 'listened' },
          });
          if (result.error) return { error: result.error };
          return { data: unwrapPage(result.data as ApiSuccess<FanArtist[]>) };
        };
        const first = await fetchPage(1);
        if (first.error) return { error: first.error };
        const artists = [...first.data!.items];
        const { total, pages } = first.data!.pagination;
        const lastPage = Math.min(pages, ALL_ARTISTS_MAX_PAGES);
        for (let start = 2; start <= lastPage; start += PARALLEL_PAGES) {
          const batch = [];
          for (let page = start; page < start + PARALLEL_PAGES && page <= lastPage; page += 1) batch.push(fetchPage(page));
          for (const result of await Promise.all(batch)) {
            if (result.error) return { error: result.error };
            artists.push(...result.data!.items);
          }
        }
        return { data: { artists, total, complete: artists.length >= total } };
      },
      providesTags: OWN_LISTENING,
    }),
    /** GET /api/user/details/:userId: a fan's public profile (403 private, 404 unknown). */
    getFanProfile: build.query<UserDetails, string>({
      query: (userId) => `user/details/${encodeURIComponent(userId)}`,
      transformResponse: unwrap<UserDetails>,
      providesTags: (_result, _error, userId) => entityTags('FanProfile', userId),
    }),
    /** GET /api/artists/user/:userId/top: a fan's top artists (if public). */
    getFanTopArtists: build.query<FanArtist[], { userId: string; days?: number; limit?: number }>({
      query: ({ userId, ...params }) => ({ url: `artists/user/${encodeURIComponent(userId)}/top`, params }),
      transformResponse: unwrap<FanArtist[]>,
      providesTags: (_result, _error, { userId }) => entityTags('FanProfile', userId),
    }),
    /** GET /api/tracks/user/:userId/top: a fan's top tracks (if public). */
    getFanTopTracks: build.query<FanTrack[], { userId: string; days?: number; limit?: number }>({
      query: ({ userId, ...params }) => ({ url: `tracks/user/${encodeURIComponent(userId)}/top`, params }),
      transformResponse: unwrap<FanTrack[]>,
      providesTags: (_result, _error, { userId }) => entityTags('FanProfile', userId),
    }),
    /** GET /api/artists/recent-listened/:userId: the artists a fan played last (if public). */
    getFanRecentArtists: build.query<RecentArtist[], { userId: string; limit?: number }>({
      query: ({ userId, ...params }) => ({ url: `artists/recent-listened/${encodeURIComponent(userId)}`, params }),
      transformResponse: unwrap<RecentArtist[]>,
      providesTags: (_result, _error, { userId }) => entityTags('FanProfile', userId),
    }),
    /** GET /api/artists/details/:artistId (public). */
    getArtistDetails: build.query<ArtistDetails, string>({
      query: (artistId) => `artists/details/${encodeURIComponent(artistId)}`,
      transformResponse: unwrap<ArtistDetails>,
      providesTags: (_result, _error, artistId) => entityTags('Artist', artistId),
    }),
    /** GET /api/artists/:artistId/top-tracks (public): the artist's most played tracks on Pie. */
    getArtistTopTracks: build.query<ArtistTopTrack[], { artistId: string; limit?: number; days?: number }>({
      query: ({ artistId, ...params }) => ({ url: `artists/${encodeURIComponent(artistId)}/top-tracks`, params }),
      transformResponse: unwrap<ArtistTopTrack[]>,
      providesTags: (_result, _error, { artistId }) => entityTags('Artist', artistId),
    }),
    /** GET /api/artists/:artistId/fans (public): fans of the period, only public ones listed. */
    getArtistFans: build.query<{ fans: ArtistFansPage; pagination: Pagination }, { artistId: string; page: number; limit?: number; days?: number }>({
      query: ({ artistId, ...params }) => ({ url: `artists/${encodeURIComponent(artistId)}/fans`, params }),
      transformResponse: (response: ApiSuccess<ArtistFansPage>) => {
        const fans = unwrap(response);
        return {
          fans,
          pagination: response.pagination ?? singlePage(fans.fans.length),
        };
      },
      providesTags: (_result, _error, { artistId }) => entityTags('Artist', artistId),
    }),
    /**
     * GET /api/artists/details/user/:artistId: the signed-in fan's own listening to an artist.
     * The artist page is public: without a session this 401 only hides the section.
     */
    getMyArtistListening: build.query<FanArtistDetails, string>({
      query: (artistId) => `artists/details/user/${encodeURIComponent(artistId)}`,
      transformResponse: unwrap<FanArtistDetails>,
      extraOptions: { skipUnauthorizedRedirect: true },
      providesTags: (_result, _error, artistId) => [...OWN_LISTENING, ...entityTags('Artist', artistId)],
    }),
    /** GET /api/claims/artist/:artistId (public): on Pie or not, and what waits in escrow for the artist. */
    getArtistStanding: build.query<ArtistStandingView, string>({
      query: (artistId) => `claims/artist/${encodeURIComponent(artistId)}`,
      transformResponse: unwrap<ArtistStandingView>,
      providesTags: (_result, _error, artistId) => entityTags('Artist', artistId),
    }),
    /** POST /api/claims/report/:claimedId: a signed-in fan says the claim looks wrong, with why (one report per fan and claim). */
    reportClaim: build.mutation<string, { claimId: string; reason: string }>({
      query: ({ claimId, reason }) => ({ url: `claims/report/${encodeURIComponent(claimId)}`, method: 'POST', body: { reason } }),
      transformResponse: (response: ApiSuccess<unknown>) => response.message ?? 'Thank you. Our team will look at this claim.',
      extraOptions: { skipUnauthorizedRedirect: true },
    }),
  }),
});

/** The overview (GET /api/user/activity) lives in shared/listening: the settings feature reads it too. */
export const { useGetListeningOverviewQuery } = listeningOverviewApi;

export const {
  useGetDailyListeningQuery,
  useGetLatestPlaysQuery,
  useGetPopularTracksQuery,
  useGetFanArtistsQuery,
  useGetAllFanArtistsQuery,
  useGetFanProfileQuery,
  useGetFanTopArtistsQuery,
  useGetFanTopTracksQuery,
  useGetFanRecentArtistsQuery,
  useGetArtistDetailsQuery,
  useGetArtistTopTracksQuery,
  useGetArtistFansQuery,
  useGetMyArtistListeningQuery,
  useGetArtistStandingQuery,
  useReportClaimMutation,
} = listeningApi;
