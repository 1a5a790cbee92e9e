import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#pie/platform';
import {
  ScrobbleCredentialRefusedError,
  ScrobbleRateLimitedError,
  ScrobbleServiceError,
  ScrobbleServiceUnavailableError,
  ScrobbleUserGoneError,
  mbidOrNull,
  type ScrobbleService,
  type ServiceListen,
} from './scrobble-service.js';

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

export const LISTENBRAINZ_REVOKED_REASON = 'ListenBrainz no longer accepts the token Pie has for your account (it was reset). Connect ListenBrainz again in Settings with your new token.';
export const LISTENBRAINZ_GONE_REASON = 'ListenBrainz no longer knows your account. Connect ListenBrainz again in Settings.';

/** ListenBrainz as a scrobbling service: 30 requests per 10 s per token, so 5 pages + the token check a sync. */
@Injectable()
export class ListenBrainzApi implements ScrobbleService {
  readonly kind = 'listenbrainz' as const;
  readonly label = 'ListenBrainz';
  readonly pageSize = LISTENBRAINZ_PAGE_SIZE;
  readonly backfillPagesPerSync = 5;
  readonly appWideRateLimit = false;
  readonly revokedReason = LISTENBRAINZ_REVOKED_REASON;
  readonly goneReason = LISTENBRAINZ_GONE_REASON;
  private readonly baseUrl: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.baseUrl = listenBrainzApiUrl(config);
  }

  /** Whose token this is; null when ListenBrainz says it is not valid. */
  async userOfToken(token: string): Promise<string | null> {
    const body = await this.get<ListenBrainzTokenValidation>('/1/validate-token', {}, token);
    return body.valid && body.user_name ? body.user_name : null;
  }

  /** The listens are public: only validate-token tells a reset token. */
  async accepts(token: string): Promise<boolean> {
    return (await this.userOfToken(token)) !== null;
  }

  async before(token: string, userName: string, beforeTs: number): Promise<ServiceListen[]> {
    return (await this.listens(token, userName, { maxTs: beforeTs, count: LISTENBRAINZ_PAGE_SIZE })).payload.listens.map(serviceListen);
  }

  /** min_ts answers the listens just after it, newest first: following the newest moves on without gaps. */
  async *after(token: string, userName: string, afterTs: number): AsyncIterable<ServiceListen[]> {
    for (let after = afterTs; ; ) {
      const listens = (await this.listens(token, userName, { minTs: after, count: LISTENBRAINZ_PAGE_SIZE })).payload.listens.map(serviceListen);
      yield listens;
      const newest = listens.reduce((max, listen) => Math.max(max, listen.startedAt), after);
      if (listens.length < LISTENBRAINZ_PAGE_SIZE || newest <= after) return;
      after = newest;
    }
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
      throw new ScrobbleServiceUnavailableError(`ListenBrainz did not answer: ${(error as Error).message}`, 0);
    }
    if (response.ok) return (await response.json()) as T;
    const message = await errorMessage(response);
    if (response.status === 429) throw new ScrobbleRateLimitedError('ListenBrainz', listenBrainzWaitMs(response.headers));
    if (response.status === 401 || response.status === 403) throw new ScrobbleCredentialRefusedError(`ListenBrainz refused the token: ${message}`, response.status);
    if (response.status === 404 && path.startsWith('/1/user/')) throw new ScrobbleUserGoneError(`ListenBrainz: ${message}`, 404);
    if (response.status >= 500) throw new ScrobbleServiceUnavailableError(`ListenBrainz answered ${response.status}: ${message}`, response.status);
    throw new ScrobbleServiceError(`ListenBrainz answered ${response.status}: ${message}`, response.status);
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

/** A listen the writer can use, as the service-neutral shape; anything without names or a time is dropped later. */
function serviceListen(listen: ListenBrainzListen): ServiceListen {
  return {
    startedAt: listen.listened_at,
    trackName: listen.track_metadata?.track_name ?? '',
    artistName: listen.track_metadata?.artist_name ?? '',
    album: listen.track_metadata?.release_name?.trim() || null,
    durationMs: listen.track_metadata ? listenDurationMs(listen) : null,
    // The MBID mapping (ListenBrainz's own), else what the client submitted.
    trackMbid: mbidOrNull(listen.track_metadata?.mbid_mapping?.recording_mbid ?? listen.track_metadata?.additional_info?.recording_mbid),
    artistMbid: mbidOrNull(listen.track_metadata?.mbid_mapping?.artist_mbids?.[0] ?? (listen.track_metadata?.additional_info?.artist_mbids as unknown[] | undefined)?.[0]),
  };
}
