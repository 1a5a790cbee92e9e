import { z } from 'zod';
import {
  ARTIST_LIST_PAGE_SIZE,
  IMPORT_MAX_CHUNKS,
  IMPORT_MAX_ROWS_PER_CHUNK,
  LISTENING_MAX_PAGE_SIZE,
  LISTENING_PAGE_SIZE,
  USERNAME_MAX_LENGTH,
  USERNAME_MESSAGES,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from './listening-limits.js';

/*
 * Listening: the fan-data routes of spec §7 (artists, tracks, user) and export uploads.
 * Every query is a strict object: an unknown or malformed parameter is a 400 naming it.
 */


const intParam = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const page = intParam('page', 1, 100_000).default(1);
const limit = (fallback: number, max = LISTENING_MAX_PAGE_SIZE) => intParam('limit', 1, max).default(fallback);
const search = z
  .string({ error: 'search must be text' })
  .trim()
  .max(100, 'search must be at most 100 characters')
  .optional()
  .transform((value) => (value ? value : undefined));
const direction = z.enum(['asc', 'desc'], { error: "direction must be 'asc' or 'desc'" }).optional();
/** A calendar day that exists (JavaScript's Date would turn 2026-02-31 into March 3rd). */
function realDay(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, `${label} must be an ISO date such as 2026-01-31`)
    .refine(realDay, `${label} is not a real date`)
    .transform((value) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value))
    .refine((value) => !Number.isNaN(value.getTime()), `${label} is not a real date`);
const period = {
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
};
const days = (fallback: number) => intParam('days', 1, 3660).default(fallback);

/** Ids in paths: ours are UUIDs. */
export const ListeningIdParam = z.uuid({ error: 'must be a valid id' });

/** `GET /api/artists` (page, search, sort, direction). */
export const ListArtistsQuery = z.strictObject({
  page,
  limit: limit(ARTIST_LIST_PAGE_SIZE),
  search,
  sort: z.enum(['popularity', 'name', 'listeners'], { error: "sort must be 'popularity', 'name' or 'listeners'" }).default('popularity'),
  direction,
});
export type ListArtistsQuery = z.infer<typeof ListArtistsQuery>;

/** `GET /api/artists/user` (page, search, sortBy, itemsPerPage default 50), optionally for a period. */
export const FAN_ARTIST_SORTS = ['listened', 'plays', 'name', 'lastPlayed', 'popularity'] as const;
export const ListFanArtistsQuery = z
  .strictObject({
    page,
    itemsPerPage: intParam('itemsPerPage', 1, LISTENING_MAX_PAGE_SIZE).default(ARTIST_LIST_PAGE_SIZE),
    search,
    sortBy: z.enum(FAN_ARTIST_SORTS, { error: `sortBy must be one of ${FAN_ARTIST_SORTS.join(', ')}` }).default('listened'),
    direction,
    ...period,
    /** The last `days` whole days in the fan's time zone, today included (the dashboard's window); not with from/to. */
    days: intParam('days', 1, 3660).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, { message: 'from must be before to', path: ['from'] })
  .refine((query) => query.days === undefined || (!query.from && !query.to), { message: 'days cannot be combined with from or to', path: ['days'] });
export type ListFanArtistsQuery = z.infer<typeof ListFanArtistsQuery>;

/** `GET /api/artists/:artistId/fans`. */
export const ArtistFansQuery = z.strictObject({ page, limit: limit(20), days: days(28) });
export type ArtistFansQuery = z.infer<typeof ArtistFansQuery>;

/** `GET /api/artists/:artistId/top-tracks`. */
export const ArtistTopTracksQuery = z.strictObject({ limit: limit(10, 50), days: intParam('days', 1, 3660).optional() });
export type ArtistTopTracksQuery = z.infer<typeof ArtistTopTracksQuery>;

/** `GET /api/artists/recent-listened[/:userId]`. */
export const RecentArtistsQuery = z.strictObject({ limit: limit(20, 50) });
export type RecentArtistsQuery = z.infer<typeof RecentArtistsQuery>;

/** `GET /api/artists/user/:userId/top`, `GET /api/tracks/user/:userId/top`. */
export const TopItemsQuery = z.strictObject({ limit: limit(10, 50), days: days(28) });
export type TopItemsQuery = z.infer<typeof TopItemsQuery>;

/** `GET /api/tracks/user/latest`: the fan's plays, newest first (history). */
export const LatestPlaysQuery = z
  .strictObject({ page, limit: limit(LISTENING_PAGE_SIZE), search, ...period })
  .refine((query) => !query.from || !query.to || query.from < query.to, { message: 'from must be before to', path: ['from'] });
export type LatestPlaysQuery = z.infer<typeof LatestPlaysQuery>;

/** `GET /api/tracks/user/popular` (page): the fan's most played tracks. */
export const PopularTracksQuery = z
  .strictObject({ page, limit: limit(LISTENING_PAGE_SIZE), ...period })
  .refine((query) => !query.from || !query.to || query.from < query.to, { message: 'from must be before to', path: ['from'] });
export type PopularTracksQuery = z.infer<typeof PopularTracksQuery>;

/** `GET /api/tracks/user/daily`: listening per day of the fan's time zone for the last `days` days (today included). */
export const DailyListeningQuery = z.strictObject({ days: intParam('days', 1, 366).default(30) });
export type DailyListeningQuery = z.infer<typeof DailyListeningQuery>;

/** `PUT /api/user/username`: 3–30 letters, digits, '.', '_' or '-'; unique regardless of case. */
export const UpdateUsernameRequest = z.strictObject({
  username: z
    .string({ error: USERNAME_MESSAGES.required })
    .trim()
    .min(USERNAME_MIN_LENGTH, USERNAME_MESSAGES.short)
    .max(USERNAME_MAX_LENGTH, USERNAME_MESSAGES.long)
    .regex(USERNAME_PATTERN, USERNAME_MESSAGES.format),
});
export type UpdateUsernameRequest = z.infer<typeof UpdateUsernameRequest>;

/**
 * `PUT /api/user/visibility`: `public` switches every section at once; the section flags
 * (profile, top_artists, top_tracks, recent_listening) set one each. At least one field.
 */
export const UpdateVisibilityRequest = z
  .strictObject({
    public: z.boolean({ error: 'public must be true or false' }).optional(),
    profile: z.boolean({ error: 'profile must be true or false' }).optional(),
    top_artists: z.boolean({ error: 'top_artists must be true or false' }).optional(),
    top_tracks: z.boolean({ error: 'top_tracks must be true or false' }).optional(),
    recent_listening: z.boolean({ error: 'recent_listening must be true or false' }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send public, or at least one of profile, top_artists, top_tracks, recent_listening' });
export type UpdateVisibilityRequest = z.infer<typeof UpdateVisibilityRequest>;

/* ------------------------------------------------------------------------------------------ */
/* Export uploads                                                                              */
/* ------------------------------------------------------------------------------------------ */

const name = (label: string) => z.string({ error: `${label} must be text` }).max(500, `${label} must be at most 500 characters`);
const msPlayed = (label: string) =>
  z
    .number({ error: `${label} must be a number of milliseconds` })
    .int(`${label} must be a whole number of milliseconds`)
    .min(0, `${label} must be 0 or more`)
    .max(86_400_000, `${label} must be at most one day`);

/** A row of `StreamingHistory*.json` (account data export): end time in UTC, minute precision. */
export const StreamingHistoryRow = z.object({
  endTime: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, 'endTime must look like 2024-01-31 23:59'),
  artistName: name('artistName'),
  trackName: name('trackName'),
  msPlayed: msPlayed('msPlayed'),
});
export type StreamingHistoryRow = z.infer<typeof StreamingHistoryRow>;

/** A row of `Streaming_History_Audio_*.json` (extended streaming history); podcast rows have no track. */
export const ExtendedStreamingHistoryRow = z.object({
  ts: z.iso.datetime({ offset: true, error: 'ts must be an ISO timestamp such as 2024-01-31T23:59:59Z' }),
  ms_played: msPlayed('ms_played'),
  master_metadata_track_name: name('master_metadata_track_name').nullish(),
  master_metadata_album_artist_name: name('master_metadata_album_artist_name').nullish(),
  master_metadata_album_album_name: name('master_metadata_album_album_name').nullish(),
  spotify_track_uri: z
    .string()
    .regex(/^spotify:track:[A-Za-z0-9]{1,64}$/, 'spotify_track_uri must look like spotify:track:<id>')
    .nullish(),
});
export type ExtendedStreamingHistoryRow = z.infer<typeof ExtendedStreamingHistoryRow>;

export const ExportRow = z.union([ExtendedStreamingHistoryRow, StreamingHistoryRow], {
  error: 'Each row must be a StreamingHistory row (endTime, artistName, trackName, msPlayed) or an extended history row (ts, ms_played, master_metadata_track_name, …)',
});
export type ExportRow = z.infer<typeof ExportRow>;

const exportRows = z
  .array(ExportRow, { error: 'rows must be an array of the export file’s entries' })
  .min(1, 'rows must not be empty')
  .max(IMPORT_MAX_ROWS_PER_CHUNK, `Send at most ${IMPORT_MAX_ROWS_PER_CHUNK} rows per request; split the file into chunks`);

/**
 * `POST /api/listening/imports`: starts an import with the file's first chunk of rows. A file
 * bigger than one request (1 MB) is sent in `totalChunks` chunks: this is chunk 0, the rest go to
 * `POST /api/listening/imports/:id/chunks`; the worker starts once every chunk is in.
 */
export const CreateImportRequest = z.strictObject({
  fileName: z
    .string({ error: 'fileName is required' })
    .trim()
    .min(1, 'fileName is required')
    .max(200, 'fileName must be at most 200 characters')
    .regex(/\.json$/i, 'fileName must be a .json file from the account data export'),
  totalChunks: intParam('totalChunks', 1, IMPORT_MAX_CHUNKS).default(1),
  rows: exportRows,
});
export type CreateImportRequest = z.infer<typeof CreateImportRequest>;

/** `POST /api/listening/imports/:id/chunks`: chunk `index` (1 … totalChunks − 1); re-sending one is harmless. */
export const ImportChunkRequest = z.strictObject({
  index: intParam('index', 1, IMPORT_MAX_CHUNKS - 1),
  rows: exportRows,
});
export type ImportChunkRequest = z.infer<typeof ImportChunkRequest>;

/* ------------------------------------------------------------------------------------------ */
/* Response shapes                                                                             */
/* ------------------------------------------------------------------------------------------ */

export interface ArtistSummary {
  id: string;
  spotify_id: string | null;
  name: string;
  image_url: string | null;
  country: string | null;
  genres: string[];
  active: boolean;
  /** 0–100 from Pie's own listening (DESIGN §6). */
  popularity: number;
}

export interface ArtistListItem extends ArtistSummary {
  /** Fans who listened in the last 28 days (as of the last daily popularity run). */
  listeners_28d: number;
}

export interface ArtistDetails extends ArtistListItem {
  /** Fans who ever listened. */
  total_listeners: number;
  tracks_count: number;
  /** The catalogue has not fetched this artist's images and genres yet. */
  metadata_pending: boolean;
}

export interface TrackArtist {
  id: string;
  name: string;
}

export interface TrackSummary {
  id: string;
  spotify_id: string | null;
  name: string;
  duration_ms: number | null;
  album: string | null;
  image_url: string | null;
  /** Known by name (or id) only until the catalogue fetches its metadata. */
  orphaned: boolean;
  artists: TrackArtist[];
}

export interface PlayItem {
  track: TrackSummary;
  played_at: string;
  ms_played: number;
  /** Where the play came from (scrobbles too: the API always answered them, the type said otherwise). */
  source: 'recently-played' | 'export' | 'listenbrainz' | 'lastfm';
}

export interface FanTrack {
  track: TrackSummary;
  plays: number;
  listened_ms: number;
  last_played_at: string;
}

export interface FanArtist extends ArtistSummary {
  /** Listened time, a play's time divided evenly among the track's credited artists. */
  listened_ms: number;
  plays: number;
  last_played_at: string;
}

export interface FanArtistDetails {
  artist: ArtistDetails;
  listened_ms: number;
  /** All of the fan's plays of the artist (an uploaded history included): what their own pie counts. */
  plays: number;
  /**
   * Of those, the plays Pie's public figures count (the artist page's "Top tracks on Pie", its
   * listeners): trusted plays (a connected account confirmed them, not only an upload) of tracks
   * whose names the provider confirmed.
   */
  counted_plays: number;
  first_played_at: string | null;
  last_played_at: string | null;
  top_tracks: FanTrack[];
}

export interface RecentArtist extends ArtistSummary {
  last_played_at: string;
  plays: number;
}

export interface ArtistTopTrack {
  track: TrackSummary;
  plays: number;
  listeners: number;
}

export interface ArtistFan {
  _id: string;
  username: string | null;
  listened_ms: number;
  plays: number;
}

export interface ArtistFansPage {
  /** Every fan who listened in the period (trusted plays, the last `days` UTC days), public or not. */
  total_fans: number;
  /** Only fans whose top artists are public are listed. */
  fans: ArtistFan[];
}

export interface DailyListening {
  /** The fan's local day (their time zone), YYYY-MM-DD. */
  date: string;
  listened_ms: number;
  plays: number;
}

export interface ProfileVisibility {
  profile: boolean;
  top_artists: boolean;
  top_tracks: boolean;
  recent_listening: boolean;
}

export interface UserDetails {
  _id: string;
  username: string | null;
  is_self: boolean;
  visibility: ProfileVisibility;
  beta: boolean;
  stats: { plays: number; listened_ms: number; artists: number; first_played_at: string | null };
}

export type ListeningConnectionStatus = 'connected' | 'broken' | 'disconnected' | 'not-connected';

export interface ImportProgress {
  id: string;
  file_name: string;
  status: 'uploading' | 'queued' | 'processing' | 'completed' | 'failed';
  total_chunks: number;
  received_chunks: number;
  total_rows: number;
  processed_rows: number;
  inserted_rows: number;
  skipped_rows: number;
  /** 0–100, for the progress bar. */
  percent: number;
  error: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface ListeningActivity {
  connection: {
    status: ListeningConnectionStatus;
    broken_reason: string | null;
    last_synced_at: string | null;
    next_sync_at: string | null;
    last_played_at: string | null;
  };
  /** The fan's time zone (IANA): the days of every window and of the daily chart. */
  time_zone: string;
  totals: { plays: number; listened_ms: number; artists: number; tracks: number; orphaned_plays: number };
  /** The last 7 / 28 days: whole local days, today included; `from` is the first (YYYY-MM-DD). */
  last_7_days: { plays: number; listened_ms: number; from: string };
  last_28_days: { plays: number; listened_ms: number; from: string };
  beta: boolean;
  latest_import: ImportProgress | null;
}

export interface SyncResult {
  /** Plays the provider returned. */
  fetched: number;
  /** Plays that were new. */
  inserted: number;
  last_played_at: string | null;
  /** The provider asked us to wait: the sync runs in the background in `retry_after_seconds`. */
  deferred: boolean;
  retry_after_seconds?: number;
}

/** `POST /api/listening/sources/listenbrainz`: the user token from the fan's ListenBrainz settings page. */
export const ConnectListenBrainzRequest = z.strictObject({
  token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(200, 'token must be at most 200 characters'),
});
export type ConnectListenBrainzRequest = z.infer<typeof ConnectListenBrainzRequest>;

/** `POST /api/listening/sources/lastfm`: where to send the browser (Last.fm's authorisation page). */
export interface LastfmAuthorization {
  url: string;
}

/** Where Last.fm sends the fan back: the state Pie gave, and the token (absent when the fan said no). */
export const LastfmCallbackQuery = z.strictObject({
  state: z.string({ error: 'state is required' }).min(1, 'state is required').max(200, 'state must be at most 200 characters'),
  token: z.string().min(1).max(200, 'token must be at most 200 characters').optional(),
});
export type LastfmCallbackQuery = z.infer<typeof LastfmCallbackQuery>;

/** A scrobbling source of the fan (`GET /api/listening/sources`): one per service, connected or not. */
export interface ListeningSourceState {
  source: 'listenbrainz' | 'lastfm';
  status: 'backfilling' | 'connected' | 'broken' | 'disconnected' | 'not-connected';
  /** The fan's account on the service. */
  user_name: string | null;
  broken_reason: string | null;
  /** While back-filling: listens read so far and the share of the history's time span covered (0–100). */
  backfill: { listens: number; percent: number } | null;
  last_polled_at: string | null;
  next_sync_at: string | null;
}
