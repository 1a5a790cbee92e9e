import type { SpotifyImageObject } from '../oauth/providers/spotify.js';

/*
 * Spotify Web API response types for the streaming subset, written out here because neither
 * `@types/spotify-api` nor `@spotify/web-api-ts-sdk` is installed. They follow the Web API
 * reference's object model (ArtistObject, SimplifiedArtistObject, TrackObject,
 * SimplifiedTrackObject, AlbumObject, SimplifiedAlbumObject, PagingObject,
 * CursorPagingPlayHistoryObject, PlayHistoryObject) and `SpotifyApi.*` of `@types/spotify-api`
 * field for field; optional fields Spotify adds only in some cases (`is_playable`, `linked_from`,
 * `restrictions`, `album_group`) are declared and left out, as the real API leaves them out
 * without a `market`.
 */

export type SpotifyImage = SpotifyImageObject;

export interface ExternalUrlObject {
  spotify: string;
}

export interface ExternalIdObject {
  isrc?: string;
  ean?: string;
  upc?: string;
}

export interface FollowersObject {
  /** Always null: the Web API does not support it. */
  href: null;
  total: number;
}

export interface RestrictionsObject {
  reason: 'market' | 'product' | 'explicit';
}

export interface CopyrightObject {
  text: string;
  /** C = copyright, P = sound recording (performance) copyright. */
  type: 'C' | 'P';
}

export interface SimplifiedArtistObject {
  external_urls: ExternalUrlObject;
  href: string;
  id: string;
  name: string;
  type: 'artist';
  uri: string;
}

/** `GET /v1/artists/{id}`; no country: Spotify publishes none (see the sandbox extension). */
export interface ArtistObject extends SimplifiedArtistObject {
  followers: FollowersObject;
  genres: string[];
  images: SpotifyImage[];
  popularity: number;
}

export interface SimplifiedAlbumObject {
  album_type: 'album' | 'single' | 'compilation';
  total_tracks: number;
  available_markets: string[];
  external_urls: ExternalUrlObject;
  href: string;
  id: string;
  images: SpotifyImage[];
  name: string;
  release_date: string;
  release_date_precision: 'year' | 'month' | 'day';
  restrictions?: RestrictionsObject;
  type: 'album';
  uri: string;
  artists: SimplifiedArtistObject[];
  /** Only in an artist's albums listing. */
  album_group?: 'album' | 'single' | 'compilation' | 'appears_on';
}

export interface TrackLinkObject {
  external_urls: ExternalUrlObject;
  href: string;
  id: string;
  type: 'track';
  uri: string;
}

export interface SimplifiedTrackObject {
  artists: SimplifiedArtistObject[];
  available_markets: string[];
  disc_number: number;
  duration_ms: number;
  explicit: boolean;
  external_urls: ExternalUrlObject;
  href: string;
  id: string;
  is_playable?: boolean;
  linked_from?: TrackLinkObject;
  restrictions?: RestrictionsObject;
  name: string;
  /** Spotify no longer gives previews to new apps: null. */
  preview_url: string | null;
  track_number: number;
  type: 'track';
  uri: string;
  is_local: boolean;
}

/** `GET /v1/tracks/{id}`, and the `track` of a play history item. */
export interface TrackObject extends SimplifiedTrackObject {
  album: SimplifiedAlbumObject;
  external_ids: ExternalIdObject;
  popularity: number;
}

export interface PagingObject<T> {
  href: string;
  limit: number;
  next: string | null;
  offset: number;
  previous: string | null;
  total: number;
  items: T[];
}

/** `GET /v1/albums/{id}`. */
export interface AlbumObject extends SimplifiedAlbumObject {
  tracks: PagingObject<SimplifiedTrackObject>;
  copyrights: CopyrightObject[];
  external_ids: ExternalIdObject;
  /** Deprecated by Spotify: always empty. */
  genres: string[];
  label: string;
  popularity: number;
}

export interface CursorObject {
  /** `played_at` of the newest item, in ms since the epoch, as a string. */
  after: string;
  /** `played_at` of the oldest item, in ms since the epoch, as a string. */
  before: string;
}

export interface ContextObject {
  type: 'artist' | 'playlist' | 'album' | 'show';
  href: string;
  external_urls: ExternalUrlObject;
  uri: string;
}

export interface PlayHistoryObject {
  track: TrackObject;
  /** ISO 8601 UTC with milliseconds, e.g. `2030-01-15T19:58:03.123Z`. */
  played_at: string;
  /** Null when the track was not played from a context (always null in the sandbox). */
  context: ContextObject | null;
}

/**
 * `GET /v1/me/player/recently-played`. As the real API does, an empty answer has
 * `cursors: null` and `next: null`.
 */
export interface CursorPagingPlayHistoryObject {
  href: string;
  limit: number;
  next: string | null;
  cursors: CursorObject | null;
  total?: number;
  items: PlayHistoryObject[];
}

export interface MultipleArtistsResponse {
  artists: Array<ArtistObject | null>;
}

export interface MultipleTracksResponse {
  tracks: Array<TrackObject | null>;
}

export interface MultipleAlbumsResponse {
  albums: Array<AlbumObject | null>;
}

export type UsersTopArtistsResponse = PagingObject<ArtistObject>;
export type UsersTopTracksResponse = PagingObject<TrackObject>;

// ---- account-data export ("Download your data") ---------------------------------------------

/** A row of `StreamingHistory_music_*.json` (the basic "Account data" package). */
export interface StreamingHistoryRow {
  /** When the stream ended, UTC, `YYYY-MM-DD HH:MM`. */
  endTime: string;
  artistName: string;
  trackName: string;
  msPlayed: number;
}

/** A row of `Streaming_History_Audio_*.json` (the "Extended streaming history" package). */
export interface ExtendedStreamingHistoryRow {
  /** When the stream ended, UTC, `YYYY-MM-DDTHH:MM:SSZ`. */
  ts: string;
  platform: string;
  ms_played: number;
  conn_country: string;
  ip_addr: string;
  master_metadata_track_name: string | null;
  master_metadata_album_artist_name: string | null;
  master_metadata_album_album_name: string | null;
  spotify_track_uri: string | null;
  episode_name: string | null;
  episode_show_name: string | null;
  spotify_episode_uri: string | null;
  audiobook_title: string | null;
  audiobook_uri: string | null;
  audiobook_chapter_uri: string | null;
  audiobook_chapter_title: string | null;
  reason_start: string;
  reason_end: string;
  shuffle: boolean;
  skipped: boolean;
  offline: boolean;
  /** Seconds since the epoch when played offline, else null. */
  offline_timestamp: number | null;
  incognito_mode: boolean;
}
