import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#pie/platform';

/*
 * ListenBrainz's API, the part a listening source reads (https://listenbrainz.readthedocs.io,
 * "Core API"): `GET /1/validate-token` and `GET /1/user/{user}/listens`. Errors are
 * `{ code, error }`; every answer carries `X-RateLimit-*` headers and a used-up window is a 429.
 */

/** `GET /1/validate-token`. */
export interface ListenBrainzTokenValidation {
  code: number;
  message: string;
  valid: boolean;
  user_name?: string;
}

/** A listen of `GET /1/user/{user}/listens` (their JSON documentation; fields Pie reads). */
export interface ListenBrainzListen {
  listened_at: number;
  inserted_at?: number;
  recording_msid?: string;
  user_name?: string;
  track_metadata: {
    artist_name: string;
    track_name: string;
    release_name?: string | null;
    additional_info?: { duration_ms?: number | null; duration?: number | null; [key: string]: unknown } | null;
    mbid_mapping?: {
      recording_mbid?: string | null;
      artist_mbids?: string[] | null;
      artists?: Array<{ artist_credit_name: string; artist_mbid: string; join_phrase: string }> | null;
    } | null;
  };
}

export interface ListenBrainzListensPage {
  payload: { count: number; listens: ListenBrainzListen[]; latest_listen_ts?: number; oldest_listen_ts?: number; user_id?: string };
}

/** `DEFAULT_ITEMS_PER_GET` is 25; a page may ask for up to `MAX_ITEMS_PER_GET`. */
export const LISTENBRAINZ_PAGE_SIZE = 1000;

export class ListenBrainzApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** 429: the window is used up; `X-RateLimit-Reset-In` says when the next one starts. */
export class ListenBrainzRateLimitedError extends ListenBrainzApiError {
  constructor(readonly retryAfterMs: number) {
    super(`ListenBrainz asked us to wait ${Math.ceil(retryAfterMs / 1000)} s (429)`, 429);
  }
}

/** 401 / 403: ListenBrainz refuses the token (the user reset it). */
export class ListenBrainzUnauthorizedError extends ListenBrainzApiError {}

/** 404 on a user's listens: the account is gone (deleted, or renamed). */
export class ListenBrainzUserNotFoundError extends ListenBrainzApiError {}

/** 5xx or no answer: worth retrying later. */
export class ListenBrainzUnavailableError extends ListenBrainzApiError {}

const REQUEST_TIMEOUT_MS = 15_000;
const MAX_WAIT_MS = 3600_000;

/** The wait a 429 asks for: `X-RateLimit-Reset-In` (seconds), else `Retry-After`, else 10 s (their window). */
export function listenBrainzWaitMs(headers: Headers): number {
  for (const name of ['x-ratelimit-reset-in', 'retry-after']) {
    const seconds = Number(headers.get(name) ?? '');
    if (headers.get(name) !== null && Number.isFinite(seconds) && seconds >= 0) return Math.min(Math.max(seconds * 1000, 1000), MAX_WAIT_MS);
  }
  return 10_000;
}

export function listenBrainzApiUrl(config: Pick<AppConfig, 'LISTENBRAINZ_API_URL' | 'SOCIAL_PROVIDERS_BASE_URL'>): string {
  if (config.LISTENBRAINZ_API_URL) return config.LISTENBRAINZ_API_URL.replace(/\/+$/, '');
  const sandbox = config.SOCIAL_PROVIDERS_BASE_URL?.replace(/\/+$/, '');
  return sandbox ? `${sandbox}/listenbrainz` : 'https://api.listenbrainz.org';
}

@Injectable()
export class ListenBrainzApi {
  private readonly baseUrl: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.baseUrl = listenBrainzApiUrl(config);
  }

  /** Whose token this is; null when ListenBrainz says it is not valid. */
  async userOfToken(token: string): Promise<string | null> {
    const body = await this.get<ListenBrainzTokenValidation>('/1/validate-token', {}, token);
    return body.valid && body.user_name ? body.user_name : null;
  }

  /**
   * One page of a user's listens, newest first: those before `maxTs`, or the `count` just after
   * `minTs` (seconds, both exclusive).
   */
  listens(token: string, userName: string, options: { minTs?: number; maxTs?: number; count?: number } = {}): Promise<ListenBrainzListensPage> {
    const query: Record<string, string> = { count: String(options.count ?? LISTENBRAINZ_PAGE_SIZE) };
    if (options.minTs !== undefined) query.min_ts = String(options.minTs);
    if (options.maxTs !== undefined) query.max_ts = String(options.maxTs);
    return this.get<ListenBrainzListensPage>(`/1/user/${encodeURIComponent(userName)}/listens`, query, token);
  }

  private async get<T>(path: string, query: Record<string, string>, token: string): Promise<T> {
    const search = new URLSearchParams(query).toString();
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}${search ? `?${search}` : ''}`, {
        headers: { authorization: `Token ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ListenBrainzUnavailableError(`ListenBrainz did not answer: ${(error as Error).message}`, 0);
    }
    if (response.ok) return (await response.json()) as T;
    const message = await errorMessage(response);
    if (response.status === 429) throw new ListenBrainzRateLimitedError(listenBrainzWaitMs(response.headers));
    if (response.status === 401 || response.status === 403) throw new ListenBrainzUnauthorizedError(`ListenBrainz refused the token: ${message}`, response.status);
    if (response.status === 404 && path.startsWith('/1/user/')) throw new ListenBrainzUserNotFoundError(`ListenBrainz: ${message}`, 404);
    if (response.status >= 500) throw new ListenBrainzUnavailableError(`ListenBrainz answered ${response.status}: ${message}`, response.status);
    throw new ListenBrainzApiError(`ListenBrainz answered ${response.status}: ${message}`, response.status);
  }
}

async function errorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: string };
    if (typeof body.error === 'string') return body.error;
  } catch {
    // not JSON
  }
  return text.slice(0, 200) || response.statusText;
}

/** A listen's track length: `duration_ms`, or `duration` in seconds, as clients submit them. */
export function listenDurationMs(listen: ListenBrainzListen): number | null {
  const info = listen.track_metadata.additional_info;
  if (typeof info?.duration_ms === 'number' && info.duration_ms > 0) return info.duration_ms;
  if (typeof info?.duration === 'number' && info.duration > 0) return info.duration * 1000;
  return null;
}
