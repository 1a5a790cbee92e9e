import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#pie/platform';

/*
 * The streaming provider's Web API, the subset listening reads, typed after Spotify's published
 * objects (`SpotifyApi.*` of @types/spotify-api, which is not installed: written out field for
 * field). Production talks to https://api.spotify.com; with SOCIAL_PROVIDERS_BASE_URL set (the
 * sandbox) the same paths live under `<base>/spotify/api`.
 */

export interface SpotifyImage {
  url: string;
  height: number | null;
  width: number | null;
}

export interface SpotifyArtistSimplified {
  id: string;
  name: string;
  type?: 'artist';
  uri?: string;
}

/** `ArtistObjectFull`. `country` and `active` are not part of Spotify's object; read when a source adds them. */
export interface SpotifyArtist extends SpotifyArtistSimplified {
  genres?: string[];
  images?: SpotifyImage[];
  popularity?: number;
  followers?: { total: number };
  country?: string | null;
  active?: boolean;
}

export interface SpotifyAlbumSimplified {
  id?: string;
  name: string;
  images?: SpotifyImage[];
}

/** `TrackObjectFull`. */
export interface SpotifyTrack {
  id: string;
  name: string;
  duration_ms: number;
  album?: SpotifyAlbumSimplified;
  artists: SpotifyArtistSimplified[];
  uri?: string;
  type?: 'track';
  is_local?: boolean;
}

/** `PlayHistoryObject`. */
export interface SpotifyPlayHistory {
  track: SpotifyTrack;
  played_at: string;
  context?: unknown;
}

/** `CursorBasedPagingObject<PlayHistoryObject>` of `GET /v1/me/player/recently-played`. */
export interface SpotifyRecentlyPlayedPage {
  items: SpotifyPlayHistory[];
  next: string | null;
  cursors: { after?: string; before?: string } | null;
  limit: number;
  href?: string;
}

export class SpotifyApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** 429: the app is over its rate limit; try again after `retryAfterMs`. */
export class SpotifyRateLimitedError extends SpotifyApiError {
  constructor(readonly retryAfterMs: number) {
    super(`Spotify asked us to wait ${Math.ceil(retryAfterMs / 1000)} s (429)`, 429);
  }
}

/** 401: the access token is not (or no longer) accepted. */
export class SpotifyUnauthorizedError extends SpotifyApiError {}

/** 403: the token lacks a scope, or the user may not use this app. */
export class SpotifyForbiddenError extends SpotifyApiError {}

/** 5xx or no answer: worth retrying later. */
export class SpotifyUnavailableError extends SpotifyApiError {}

const REQUEST_TIMEOUT_MS = 10_000;
/** Retries of a 5xx or network failure inside one call, before the job's own backoff takes over. */
const INLINE_RETRY_DELAYS_MS = [250, 1_000];
const MAX_RETRY_AFTER_MS = 24 * 3600_000;

/** Parses Retry-After (seconds or an HTTP date); 1 s when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(Math.max(seconds * 1000, 1000), MAX_RETRY_AFTER_MS);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.min(Math.max(date - now, 1000), MAX_RETRY_AFTER_MS);
  }
  return 1000;
}

export function spotifyApiBaseUrl(config: Pick<AppConfig, 'SOCIAL_PROVIDERS_BASE_URL'>): string {
  const sandbox = config.SOCIAL_PROVIDERS_BASE_URL?.replace(/\/$/, '');
  return sandbox ? `${sandbox}/spotify/api` : 'https://api.spotify.com';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

@Injectable()
export class SpotifyWebApi {
  private readonly baseUrl: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.baseUrl = spotifyApiBaseUrl(config);
  }

  /** `GET /v1/me/player/recently-played`: at most 50 plays after `afterMs` (exclusive, Unix ms). */
  recentlyPlayed(accessToken: string, options: { afterMs?: number; limit?: number } = {}): Promise<SpotifyRecentlyPlayedPage> {
    const query: Record<string, string> = { limit: String(options.limit ?? 50) };
    if (options.afterMs !== undefined) query.after = String(options.afterMs);
    return this.get<SpotifyRecentlyPlayedPage>(accessToken, '/v1/me/player/recently-played', query);
  }

  /** `GET /v1/tracks?ids=…` (at most 50); unknown ids come back as null. */
  async tracks(accessToken: string, ids: string[]): Promise<(SpotifyTrack | null)[]> {
    if (ids.length === 0) return [];
    const body = await this.get<{ tracks: (SpotifyTrack | null)[] }>(accessToken, '/v1/tracks', { ids: ids.join(',') });
    return body.tracks ?? [];
  }

  /** `GET /v1/artists?ids=…` (at most 50); unknown ids come back as null. */
  async artists(accessToken: string, ids: string[]): Promise<(SpotifyArtist | null)[]> {
    if (ids.length === 0) return [];
    const body = await this.get<{ artists: (SpotifyArtist | null)[] }>(accessToken, '/v1/artists', { ids: ids.join(',') });
    return body.artists ?? [];
  }

  private async get<T>(accessToken: string, path: string, query: Record<string, string>): Promise<T> {
    const url = `${this.baseUrl}${path}?${new URLSearchParams(query)}`;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        if (attempt < INLINE_RETRY_DELAYS_MS.length) {
          await sleep(INLINE_RETRY_DELAYS_MS[attempt]);
          continue;
        }
        throw new SpotifyUnavailableError(`Spotify did not answer: ${(error as Error).message}`, 0);
      }
      if (response.ok) return (await response.json()) as T;
      const message = await errorMessage(response);
      if (response.status === 429) throw new SpotifyRateLimitedError(retryAfterMs(response.headers.get('retry-after')));
      if (response.status === 401) throw new SpotifyUnauthorizedError(`Spotify refused the access token: ${message}`, 401);
      if (response.status === 403) throw new SpotifyForbiddenError(`Spotify refused access: ${message}`, 403);
      if (response.status >= 500) {
        if (attempt < INLINE_RETRY_DELAYS_MS.length) {
          // A 503 may say when to come back; otherwise a short, growing pause.
          const wait = response.headers.get('retry-after') ? Math.min(retryAfterMs(response.headers.get('retry-after')), 5_000) : INLINE_RETRY_DELAYS_MS[attempt];
          await sleep(wait);
          continue;
        }
        throw new SpotifyUnavailableError(`Spotify answered ${response.status}: ${message}`, response.status);
      }
      throw new SpotifyApiError(`Spotify answered ${response.status}: ${message}`, response.status);
    }
  }
}

async function errorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: string } | string; error_description?: string };
    if (typeof body.error === 'object' && body.error?.message) return body.error.message;
    if (typeof body.error === 'string') return body.error_description ?? body.error;
  } catch {
    // not JSON
  }
  return text.slice(0, 200) || response.statusText;
}
