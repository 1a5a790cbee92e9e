import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { HttpError, json, jsonBody, type RequestContext, type Respond } from '../oauth/http.js';
import type { SandboxClock } from '../streaming/limits.js';
import { commonControl, invalidControlBody } from './admin-controls.js';
import { RateWindows, type RateLimit } from './rate-windows.js';
import { uuidFrom, type Scrobble, type ScrobbledListens } from './scrobbled-listens.js';

/** ListenBrainz's `DEFAULT_ITEMS_PER_GET` and `MAX_ITEMS_PER_GET` (a larger count is clipped). */
export const LISTENBRAINZ_DEFAULT_COUNT = 25;
export const LISTENBRAINZ_MAX_COUNT = 1000;

/** ListenBrainz publishes 30 requests per 10 s window per token (or IP). */
export const LISTENBRAINZ_RATE_LIMIT: RateLimit = { limit: 30, windowSeconds: 10 };

interface Account {
  userName: string;
  token: string;
  /** The generated listener whose plays this account scrobbled (the same id mirrors Spotify's). */
  listener: string;
}

/** A listen as `GET /1/user/{user}/listens` answers it (their JSON documentation's fields). */
export interface ListenBrainzListen {
  inserted_at: number;
  listened_at: number;
  recording_msid: string;
  user_name: string;
  track_metadata: {
    artist_name: string;
    track_name: string;
    release_name: string;
    additional_info: { duration_ms: number; recording_msid: string; submission_client: string; submission_client_version: string; music_service: string };
    mbid_mapping?: {
      recording_mbid: string;
      recording_name: string;
      release_mbid: string;
      artist_mbids: string[];
      artists: Array<{ artist_credit_name: string; artist_mbid: string; join_phrase: string }>;
    };
  };
}

const userBody = z
  .object({ userName: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/), listener: z.string().regex(/^[A-Za-z0-9_.:-]{1,80}$/).optional(), token: z.string().min(8).max(100).optional() })
  .strict();
const faultsBody = z
  .object({
    next: z.number().int().min(0).max(10_000),
    status: z.number().int().min(400).max(599).default(503),
    path: z.string().optional(),
    skip: z.number().int().min(0).max(10_000).default(0),
  })
  .strict();

const error = (code: number, message: string, headers: Record<string, string> = {}) => json(code, { code, error: message }, headers);

/**
 * ListenBrainz's API stand-in (`/listenbrainz/1/...` on the providers server): `validate-token`
 * and a user's listens with `min_ts`/`max_ts`/`count`, newest first, their error shape
 * `{ code, error }` and their rate-limit headers (`X-RateLimit-Limit/-Remaining/-Reset-In/-Reset`,
 * 429 when a window is used up). Accounts are made through `/listenbrainz/__admin/users` (a user
 * copies their token from ListenBrainz's settings page; there is no OAuth).
 */
export class ListenBrainzStandIn {
  private readonly accounts = new Map<string, Account>();
  private readonly byToken = new Map<string, Account>();
  private readonly windows: RateWindows;
  private forced: { next: number; status: number; path?: string; skip: number } = { next: 0, status: 503, skip: 0 };

  constructor(
    private readonly listens: ScrobbledListens,
    private readonly clock: SandboxClock,
    rateClock: () => number = Date.now,
  ) {
    this.windows = new RateWindows({ ...LISTENBRAINZ_RATE_LIMIT }, rateClock);
  }

  /** Creates (or replaces the token of) an account; the token is what the user pastes into the app. */
  addUser(userName: string, options: { listener?: string; token?: string } = {}): { user_name: string; token: string } {
    const previous = this.accounts.get(userName.toLowerCase());
    if (previous) this.byToken.delete(previous.token);
    const account: Account = { userName, token: options.token ?? randomUUID(), listener: options.listener ?? previous?.listener ?? `listenbrainz:${userName}` };
    this.accounts.set(userName.toLowerCase(), account);
    this.byToken.set(account.token, account);
    return { user_name: userName, token: account.token };
  }

  /** The user reset their token on ListenBrainz: the old one is invalid from now on. */
  revoke(userName: string): boolean {
    const account = this.accounts.get(userName.toLowerCase());
    if (!account) return false;
    this.byToken.delete(account.token);
    account.token = `revoked-${randomUUID()}`;
    return true;
  }

  handle(ctx: RequestContext): Respond | undefined {
    if (ctx.path.startsWith('/__admin/')) return this.admin(ctx);
    if (!ctx.path.startsWith('/1/')) return undefined;
    if (ctx.method !== 'GET') return error(405, 'The method is not allowed for the requested URL.');
    const token = /^Token\s+(\S+)\s*$/i.exec(ctx.headers.authorization ?? '')?.[1];
    const limited = this.take(token ?? 'anonymous');
    if (!limited.ok) return error(429, 'Too many requests. Please wait and try again.', limited.headers);
    if (this.forced.next > 0 && (!this.forced.path || ctx.path.startsWith(this.forced.path))) {
      // `skip` lets that many matching requests through first (fail a back-fill's second page).
      if (this.forced.skip > 0) this.forced.skip--;
      else {
        this.forced.next--;
        return error(this.forced.status, 'The sandbox was asked to fail this request.', limited.headers);
      }
    }
    try {
      if (ctx.path === '/1/validate-token') return this.validateToken(token, limited.headers);
      const user = /^\/1\/user\/([^/]+)\/listens$/.exec(ctx.path);
      if (user) return json(200, this.userListens(decodeURIComponent(user[1]), ctx.url), limited.headers);
      return error(404, 'Not Found', limited.headers);
    } catch (failure) {
      if (failure instanceof HttpError) return error(failure.status, failure.message, limited.headers);
      throw failure;
    }
  }

  private validateToken(token: string | undefined, headers: Record<string, string>): Respond {
    if (!token) return error(400, 'You need to provide an Authorization token.', headers);
    const account = this.byToken.get(token);
    if (!account) return json(200, { code: 200, message: 'Token invalid.', valid: false }, headers);
    return json(200, { code: 200, message: 'Token valid.', valid: true, user_name: account.userName }, headers);
  }

  /**
   * Newest first. `max_ts`: listens before it; `min_ts`: after it (the `count` nearest it, so a
   * client paging forward misses none); both: between them; neither: the newest `count`.
   */
  private userListens(userName: string, url: URL) {
    const account = this.accounts.get(userName.toLowerCase());
    if (!account) throw new HttpError(404, `Cannot find user: ${userName}`);
    const count = Math.min(nonNegative(url, 'count') ?? LISTENBRAINZ_DEFAULT_COUNT, LISTENBRAINZ_MAX_COUNT);
    const minTs = nonNegative(url, 'min_ts');
    const maxTs = nonNegative(url, 'max_ts');
    if (minTs !== undefined && maxTs !== undefined && minTs >= maxTs) throw new HttpError(400, 'min_ts should be less than max_ts');
    const now = this.clock.now();
    const history = this.listens.all(account.listener, now);
    const inRange = history.filter((s) => (minTs === undefined || s.listenedAt > minTs) && (maxTs === undefined || s.listenedAt < maxTs));
    const page = minTs !== undefined && maxTs === undefined ? inRange.slice(0, count) : inRange.slice(Math.max(0, inRange.length - count));
    return {
      payload: {
        count: page.length,
        latest_listen_ts: history.at(-1)?.listenedAt ?? 0,
        oldest_listen_ts: history[0]?.listenedAt ?? 0,
        user_id: account.userName,
        listens: page.reverse().map((scrobble) => this.listen(account, scrobble)),
      },
    };
  }

  private listen(account: Account, scrobble: Scrobble): ListenBrainzListen {
    const { catalogue } = this.listens;
    const track = catalogue.tracks[scrobble.track];
    const album = catalogue.albums[track.album];
    const msid = uuidFrom(`msid:${account.userName}:${scrobble.listenedAt}:${scrobble.track}`);
    const recordingMbid = this.listens.recordingMbid(scrobble.track);
    const artists = track.artists.map((index) => catalogue.artists[index]);
    return {
      inserted_at: Math.floor(scrobble.endedAt / 1000),
      listened_at: scrobble.listenedAt,
      recording_msid: msid,
      user_name: account.userName,
      track_metadata: {
        artist_name: artists[0].name,
        track_name: track.name,
        release_name: album.name,
        additional_info: {
          duration_ms: track.durationMs,
          recording_msid: msid,
          submission_client: 'Pie sandbox scrobbler',
          submission_client_version: '1.0',
          music_service: 'spotify.com',
        },
        ...(recordingMbid && {
          mbid_mapping: {
            recording_mbid: recordingMbid,
            recording_name: track.name,
            release_mbid: this.listens.releaseMbid(track.album),
            artist_mbids: track.artists.map((index) => this.listens.artistMbid(index)),
            artists: artists.map((artist, i) => ({
              artist_credit_name: artist.name,
              artist_mbid: this.listens.artistMbid(artist.index),
              join_phrase: i === artists.length - 1 ? '' : i === artists.length - 2 ? ' & ' : ', ',
            })),
          },
        }),
      },
    };
  }

  /** A fixed window per client, with the four headers ListenBrainz sends on every answer. */
  private take(client: string): { ok: boolean; headers: Record<string, string> } {
    const { ok, remaining, resetInSeconds } = this.windows.take(client);
    return {
      ok,
      headers: {
        'x-ratelimit-limit': String(this.windows.rateLimit.limit),
        'x-ratelimit-remaining': String(remaining),
        'x-ratelimit-reset-in': String(resetInSeconds),
        'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + resetInSeconds),
      },
    };
  }

  private admin(ctx: RequestContext): Respond | undefined {
    try {
      if (ctx.path === '/__admin/users' && ctx.method === 'POST') {
        const body = userBody.parse(jsonBody(ctx));
        return json(201, this.addUser(body.userName, { listener: body.listener, token: body.token }));
      }
      const revoke = /^\/__admin\/users\/([^/]+)\/revoke$/.exec(ctx.path);
      if (revoke && ctx.method === 'POST') {
        return this.revoke(decodeURIComponent(revoke[1])) ? json(200, { revoked: true }) : json(404, { error: 'No such user' });
      }
      return commonControl(ctx, { faults: faultsBody, setFaults: (faults) => (this.forced = faults), windows: this.windows });
    } catch (failure) {
      const invalid = invalidControlBody(failure);
      if (invalid) return invalid;
      throw failure;
    }
  }
}

/** ListenBrainz's `get_non_negative_param`: absent → undefined; not a non-negative integer → 400. */
function nonNegative(url: URL, name: string): number | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null) return undefined;
  if (!/^\d+$/.test(raw)) throw new HttpError(400, `'${name}' should be a non-negative integer`);
  return Number(raw);
}
