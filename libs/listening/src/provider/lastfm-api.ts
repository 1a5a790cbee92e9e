import { createHash } from 'node:crypto';
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
 * Last.fm's API, the part a listening source reads (https://www.last.fm/api): the web
 * authentication flow (the user allows the app on `last.fm/api/auth/?api_key&cb`, comes back with
 * a token, `auth.getSession` signed with `api_sig` turns it into a session key that does not
 * expire), `user.getInfo` and `user.getRecentTracks` (`from`/`to`/`page`/`limit`, newest first).
 * Errors are `{ error, message }` with Last.fm's codes, sometimes under HTTP 200.
 */

/** A track of `user.getRecentTracks` (fields Pie reads). The track playing now has `@attr.nowplaying` and no date. */
export interface LastfmRecentTrack {
  name: string;
  mbid?: string;
  artist: { '#text'?: string; name?: string; mbid?: string };
  album?: { '#text'?: string; mbid?: string };
  date?: { uts: string; '#text'?: string };
  '@attr'?: { nowplaying?: string };
}

export interface LastfmRecentTracks {
  recenttracks: { track: LastfmRecentTrack[] | LastfmRecentTrack; '@attr': { user: string; page: string; perPage: string; totalPages: string; total: string } };
}

/** `limit`'s maximum. */
export const LASTFM_PAGE_SIZE = 200;
const REQUEST_TIMEOUT_MS = 15_000;

export const LASTFM_REVOKED_REASON = 'Last.fm no longer accepts Pie’s access to your account (it was removed in your Last.fm settings). Connect Last.fm again in Settings.';
export const LASTFM_GONE_REASON = 'Last.fm no longer knows your account. Connect Last.fm again in Settings.';

/** Codes meaning the session key or token is not (or no longer) accepted. */
const REFUSED = new Set([4, 9, 14, 15]);
/** Codes worth retrying: operation failed, service offline, temporary error. */
const UNAVAILABLE = new Set([8, 11, 16]);

/** Last.fm's method signature: md5 of the parameters but `format`/`callback` sorted by name, name+value, then the shared secret. */
export function lastfmSignature(params: Record<string, string>, secret: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'format' && name !== 'callback' && name !== 'api_sig')
    .sort()
    .map((name) => `${name}${params[name]}`)
    .join('');
  return createHash('md5').update(text + secret, 'utf8').digest('hex');
}

export function lastfmUrls(config: Pick<AppConfig, 'LASTFM_API_URL' | 'LASTFM_AUTH_URL' | 'SOCIAL_PROVIDERS_BASE_URL'>): { api: string; auth: string } {
  const sandbox = config.SOCIAL_PROVIDERS_BASE_URL?.replace(/\/+$/, '');
  return {
    api: config.LASTFM_API_URL ?? (sandbox ? `${sandbox}/lastfm/2.0/` : 'https://ws.audioscrobbler.com/2.0/'),
    auth: config.LASTFM_AUTH_URL ?? (sandbox ? `${sandbox}/lastfm/api/auth/` : 'https://www.last.fm/api/auth/'),
  };
}

/** Last.fm as a scrobbling service: ~5 requests a second for the whole app, so 5 pages of 200 a sync. */
@Injectable()
export class LastfmApi implements ScrobbleService {
  readonly kind = 'lastfm' as const;
  readonly label = 'Last.fm';
  readonly pageSize = LASTFM_PAGE_SIZE;
  readonly backfillPagesPerSync = 5;
  readonly appWideRateLimit = true;
  readonly revokedReason = LASTFM_REVOKED_REASON;
  readonly goneReason = LASTFM_GONE_REASON;
  private readonly urls: { api: string; auth: string };
  private readonly apiKey: string | undefined;
  private readonly secret: string | undefined;
  /** Last.fm sends no Retry-After with error 29: the wait after it (LASTFM_RATE_LIMIT_WAIT_MS, 60 s). */
  private readonly rateLimitWaitMs: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.urls = lastfmUrls(config);
    this.rateLimitWaitMs = config.LASTFM_RATE_LIMIT_WAIT_MS;
    this.apiKey = config.LASTFM_API_KEY;
    this.secret = config.LASTFM_SHARED_SECRET;
  }

  /** Whether Pie has a Last.fm API account (key and shared secret) to offer the source with. */
  get configured(): boolean {
    return Boolean(this.apiKey && this.secret);
  }

  /** Where the fan allows Pie on Last.fm; Last.fm sends them back to `callback` with `token` added. */
  authorizeUrl(callback: string): string {
    const url = new URL(this.urls.auth);
    url.searchParams.set('api_key', this.apiKey ?? '');
    url.searchParams.set('cb', callback);
    return url.toString();
  }

  /** `auth.getSession`: the session key (and account name) for a token the fan just authorised. */
  async session(token: string): Promise<{ name: string; key: string }> {
    const body = await this.call<{ session: { name: string; key: string } }>({ method: 'auth.getSession', token }, true);
    return { name: body.session.name, key: body.session.key };
  }

  /** The account's registration (seconds): no scrobble is older. */
  async registeredAt(sessionKey: string): Promise<number> {
    const body = await this.call<{ user: { registered?: { unixtime?: string | number } } }>({ method: 'user.getInfo', sk: sessionKey }, true);
    return Number(body.user.registered?.unixtime ?? 0) || 0;
  }

  /** A signed `user.getInfo` with the session key: error 9 when the user removed the app. */
  async accepts(sessionKey: string): Promise<boolean> {
    try {
      await this.registeredAt(sessionKey);
      return true;
    } catch (error) {
      if (error instanceof ScrobbleCredentialRefusedError) return false;
      throw error;
    }
  }

  /** The newest scrobble's start (seconds), or null when the account has none. */
  async newestScrobble(userName: string): Promise<number | null> {
    return (await this.recent(userName, { limit: 1 })).listens[0]?.startedAt ?? null;
  }

  async before(_sessionKey: string, userName: string, beforeTs: number): Promise<ServiceListen[]> {
    return (await this.recent(userName, { to: beforeTs, limit: LASTFM_PAGE_SIZE })).listens;
  }

  /**
   * Pages are newest first, so a poll reads the last page first: page 1 says how many there are
   * and the newest scrobble; the range is then closed there (`to`), so the pages stand still while
   * new scrobbles arrive, and read from the oldest to page 1.
   */
  async *after(_sessionKey: string, userName: string, afterTs: number): AsyncIterable<ServiceListen[]> {
    const first = await this.recent(userName, { from: afterTs + 1, limit: LASTFM_PAGE_SIZE });
    if (first.totalPages <= 1 || first.listens.length === 0) {
      yield first.listens;
      return;
    }
    const to = first.listens[0].startedAt + 1;
    for (let page = first.totalPages; page >= 1; page--) yield (await this.recent(userName, { from: afterTs + 1, to, page, limit: LASTFM_PAGE_SIZE })).listens;
  }

  /** `user.getRecentTracks`, dated scrobbles only: the "now playing" entry never counts. */
  private async recent(userName: string, options: { from?: number; to?: number; page?: number; limit: number }): Promise<{ listens: ServiceListen[]; totalPages: number }> {
    const params: Record<string, string> = { method: 'user.getRecentTracks', user: userName, limit: String(options.limit) };
    if (options.from !== undefined) params.from = String(options.from);
    if (options.to !== undefined) params.to = String(options.to);
    if (options.page !== undefined) params.page = String(options.page);
    const body = await this.call<LastfmRecentTracks>(params, false);
    const raw = body.recenttracks?.track ?? [];
    const tracks = Array.isArray(raw) ? raw : [raw];
    const listens = tracks.filter((track) => track['@attr']?.nowplaying !== 'true' && track.date?.uts).map(serviceListen);
    return { listens, totalPages: Number(body.recenttracks?.['@attr']?.totalPages ?? 0) || 0 };
  }

  private async call<T>(params: Record<string, string>, signed: boolean): Promise<T> {
    if (!this.apiKey || !this.secret) throw new ScrobbleServiceError('Last.fm is not configured (LASTFM_API_KEY, LASTFM_SHARED_SECRET)', 0);
    const all: Record<string, string> = { ...params, api_key: this.apiKey };
    if (signed) all.api_sig = lastfmSignature(all, this.secret);
    all.format = 'json';
    let response: Response;
    try {
      // Signed calls go as POST (the session key stays out of URLs and logs).
      response = signed
        ? await fetch(this.urls.api, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
            body: new URLSearchParams(all),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          })
        : await fetch(`${this.urls.api}?${new URLSearchParams(all)}`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new ScrobbleServiceUnavailableError(`Last.fm did not answer: ${(error as Error).message}`, 0);
    }
    const text = await response.text();
    let body: (T & { error?: number; message?: string }) | null = null;
    try {
      body = JSON.parse(text) as T & { error?: number; message?: string };
    } catch {
      // not JSON (a proxy's error page)
    }
    // Last.fm sometimes answers an error under 200: the body decides.
    const code = typeof body?.error === 'number' ? body.error : null;
    if (response.ok && body && code === null) return body;
    const message = `Last.fm answered ${response.status}${code !== null ? ` (error ${code})` : ''}: ${body?.message ?? text.slice(0, 200)}`;
    if (code === 29 || response.status === 429) {
      const seconds = Number(response.headers.get('retry-after') ?? '');
      throw new ScrobbleRateLimitedError('Last.fm', Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : this.rateLimitWaitMs);
    }
    if (code !== null && REFUSED.has(code)) throw new ScrobbleCredentialRefusedError(message, response.status);
    if (code === 6 && params.method !== 'auth.getSession' && /user not found/i.test(body?.message ?? '')) throw new ScrobbleUserGoneError(message, response.status);
    if ((code !== null && UNAVAILABLE.has(code)) || response.status >= 500 || !body) throw new ScrobbleServiceUnavailableError(message, response.status);
    throw new ScrobbleServiceError(message, response.status);
  }
}

function serviceListen(track: LastfmRecentTrack): ServiceListen {
  return {
    startedAt: Number(track.date!.uts),
    trackName: track.name ?? '',
    artistName: track.artist?.['#text'] ?? track.artist?.name ?? '',
    album: track.album?.['#text']?.trim() || null,
    // user.getRecentTracks says no track length.
    durationMs: null,
    trackMbid: mbidOrNull(track.mbid),
    artistMbid: mbidOrNull(track.artist?.mbid),
  };
}
