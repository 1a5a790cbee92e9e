import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { escapeHtml, formBody, html, HttpError, json, jsonBody, redirect, type RequestContext, type Respond } from '../oauth/http.js';
import type { SandboxClock } from '../streaming/limits.js';
import { commonControl, invalidControlBody } from './admin-controls.js';
import { RateWindows, type RateLimit } from './rate-windows.js';
import type { Scrobble, ScrobbledListens } from './scrobbled-listens.js';

/** The sandbox's registered Last.fm API account (what `LASTFM_API_KEY` / `LASTFM_SHARED_SECRET` default to). */
export const LASTFM_SANDBOX_API_KEY = 'pie-local-lastfm';
export const LASTFM_SANDBOX_SHARED_SECRET = 'pie-local-lastfm-secret';

/** `user.getRecentTracks`: 50 a page by default, 200 at most. */
export const LASTFM_DEFAULT_LIMIT = 50;
export const LASTFM_MAX_LIMIT = 200;

/** An authorised web-auth token becomes a session once (auth.getSession) within 60 minutes. */
const TOKEN_TTL_MS = 60 * 60_000;

/**
 * Last.fm asks for no more than ~5 requests a second per originating client, averaged over five
 * minutes, and answers error 29 beyond it; the stand-in counts per API key in a fixed window.
 */
export const LASTFM_RATE_LIMIT: RateLimit = { limit: 1500, windowSeconds: 300 };

/** Last.fm's error codes (their API's "Errors" list) with their messages and the HTTP status the stand-in answers. */
export const LASTFM_ERRORS = {
  invalidMethod: { error: 3, message: 'Invalid Method - No method with that name in this package', status: 400 },
  invalidToken: { error: 4, message: 'Invalid authentication token supplied', status: 403 },
  invalidFormat: { error: 5, message: "Invalid format - This service doesn't exist in that format", status: 400 },
  invalidParameters: { error: 6, message: 'Invalid parameters - Your request is missing a required parameter', status: 400 },
  userNotFound: { error: 6, message: 'User not found', status: 404 },
  operationFailed: { error: 8, message: 'Operation failed - Most likely the backend service failed. Please try again.', status: 500 },
  invalidSession: { error: 9, message: 'Invalid session key - Please re-authenticate', status: 403 },
  invalidApiKey: { error: 10, message: 'Invalid API key - You must be granted a valid key by last.fm', status: 403 },
  offline: { error: 11, message: 'Service Offline - This service is temporarily offline. Try again later.', status: 503 },
  invalidSignature: { error: 13, message: 'Invalid method signature supplied', status: 403 },
  unauthorizedToken: { error: 14, message: 'Unauthorized Token - This token has not been authorized', status: 403 },
  expiredToken: { error: 15, message: 'This token has expired', status: 403 },
  temporary: { error: 16, message: 'There was a temporary error processing your request. Please try again', status: 503 },
  rateLimited: { error: 29, message: 'Rate Limit Exceeded - Your IP has made too many requests in a short period', status: 429 },
} as const;
type LastfmError = (typeof LASTFM_ERRORS)[keyof typeof LASTFM_ERRORS];

class LastfmFailure extends Error {
  constructor(
    readonly failure: LastfmError,
    message: string = failure.message,
  ) {
    super(message);
  }
}

const fail = (failure: LastfmError, message?: string): never => {
  throw new LastfmFailure(failure, message);
};

interface Account {
  name: string;
  /** The generated listener whose plays this account scrobbled (`listener2` mirrors Spotify's). */
  listener: string;
  /** Session keys granted to apps; revoking access forgets them. */
  sessions: Set<string>;
}

interface WebToken {
  apiKey: string;
  createdAt: number;
  user: string | null;
}

/** A track of `user.getRecentTracks` (their JSON documentation's fields). */
export interface LastfmRecentTrack {
  artist: { mbid: string; '#text': string };
  streamable: '0';
  image: Array<{ size: 'small' | 'medium' | 'large' | 'extralarge'; '#text': string }>;
  mbid: string;
  album: { mbid: string; '#text': string };
  name: string;
  url: string;
  date?: { uts: string; '#text': string };
  '@attr'?: { nowplaying: 'true' };
}

/** Last.fm's method signature: md5 of the parameters (but `format`, `callback`, `api_sig`) sorted by name, name+value concatenated, then the secret. */
export function lastfmSignature(params: Record<string, string>, secret: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'format' && name !== 'callback' && name !== 'api_sig')
    .sort()
    .map((name) => `${name}${params[name]}`)
    .join('');
  return createHash('md5').update(text + secret, 'utf8').digest('hex');
}

/** Last.fm ignores a scrobble whose timestamp is more than 14 days old. */
export const LASTFM_LATE_SCROBBLE_MS = 14 * 24 * 3_600_000;
const lateScrobbleBody = z.object({ track: z.number().int().min(0), startedAt: z.number().int().min(1) }).strict();
const userBody = z.object({ name: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{1,14}$/), listener: z.string().regex(/^[A-Za-z0-9_.:-]{1,80}$/).optional() }).strict();
const faultsBody = z
  .object({
    next: z.number().int().min(0).max(10_000),
    error: z.enum(Object.keys(LASTFM_ERRORS) as [keyof typeof LASTFM_ERRORS, ...(keyof typeof LASTFM_ERRORS)[]]).default('operationFailed'),
    method: z.string().optional(),
    skip: z.number().int().min(0).max(10_000).default(0),
  })
  .strict();

/**
 * Last.fm's stand-in (`/lastfm/...` on the providers server): the web authentication page
 * (`/lastfm/api/auth/?api_key&cb`, which sends the browser back to `cb` with `token`), and the
 * API at `/lastfm/2.0/` — `auth.getSession` (signed with `api_sig`), `user.getInfo` and
 * `user.getRecentTracks` (`user`, `limit`, `page`, `from`, `to`; newest first, the track playing
 * now first on page 1 with `@attr.nowplaying`, no date). Errors are `{ error, message }` with
 * Last.fm's codes; error 29 when an API key used up its window.
 */
export class LastfmStandIn {
  private readonly accounts = new Map<string, Account>();
  private readonly bySession = new Map<string, Account>();
  private readonly tokens = new Map<string, WebToken>();
  private readonly windows: RateWindows;
  private readonly apps = new Map<string, string>([[LASTFM_SANDBOX_API_KEY, LASTFM_SANDBOX_SHARED_SECRET]]);
  private forced: { next: number; error: keyof typeof LASTFM_ERRORS; method?: string; skip: number } = { next: 0, error: 'operationFailed', skip: 0 };

  constructor(
    private readonly listens: ScrobbledListens,
    private readonly clock: SandboxClock,
    rateClock: () => number = Date.now,
  ) {
    this.windows = new RateWindows({ ...LASTFM_RATE_LIMIT }, rateClock);
  }

  /** Creates an account (idempotent); left without a listener it scrobbles a history of its own. */
  addUser(name: string, listener?: string): { name: string; listener: string } {
    const existing = this.accounts.get(name.toLowerCase());
    if (existing) {
      if (listener) existing.listener = listener;
      return { name: existing.name, listener: existing.listener };
    }
    const account: Account = { name, listener: listener ?? `lastfm:${name.toLowerCase()}`, sessions: new Set() };
    this.accounts.set(name.toLowerCase(), account);
    return { name, listener: account.listener };
  }

  /** The user removed the app from their Last.fm settings: every session key it held is invalid. */
  revoke(name: string): boolean {
    const account = this.accounts.get(name.toLowerCase());
    if (!account) return false;
    for (const key of account.sessions) this.bySession.delete(key);
    account.sessions.clear();
    return true;
  }

  handle(ctx: RequestContext): Respond | undefined {
    if (ctx.path.startsWith('/__admin/')) return this.admin(ctx);
    if (ctx.path === '/api/auth' || ctx.path === '/api/auth/') return this.authPage(ctx);
    if (ctx.path !== '/2.0' && ctx.path !== '/2.0/') return undefined;
    // Parameters come in the query string (GET) or a form body (POST), as Last.fm takes them.
    const params: Record<string, string> = Object.fromEntries(ctx.url.searchParams);
    if (ctx.method === 'POST') Object.assign(params, Object.fromEntries(formBody(ctx)));
    const asJson = params.format === 'json';
    try {
      if (ctx.method !== 'GET' && ctx.method !== 'POST') fail(LASTFM_ERRORS.invalidMethod);
      if (!asJson) fail(LASTFM_ERRORS.invalidFormat, 'This stand-in answers format=json only');
      const secret = this.apps.get(params.api_key ?? '');
      if (!secret) fail(LASTFM_ERRORS.invalidApiKey);
      if (!this.windows.take(params.api_key).ok) fail(LASTFM_ERRORS.rateLimited);
      if (this.forced.next > 0 && (!this.forced.method || this.forced.method === params.method)) {
        // `skip` lets that many matching requests through first (fail a back-fill's second page).
        if (this.forced.skip > 0) this.forced.skip--;
        else {
          this.forced.next--;
          fail(LASTFM_ERRORS[this.forced.error]);
        }
      }
      switch (params.method) {
        case 'auth.getSession':
          return json(200, this.getSession(params, secret!));
        case 'user.getInfo':
          return json(200, this.getInfo(params, secret!));
        case 'user.getRecentTracks':
          return json(200, this.recentTracks(params, secret!));
        default:
          return fail(LASTFM_ERRORS.invalidMethod);
      }
    } catch (failure) {
      if (failure instanceof LastfmFailure) return json(failure.failure.status, { error: failure.failure.error, message: failure.message });
      throw failure;
    }
  }

  /** The page Last.fm shows a user an app sends to: pick (or name) the account and allow access. */
  private authPage(ctx: RequestContext): Respond {
    const params = ctx.method === 'POST' ? formBody(ctx) : ctx.url.searchParams;
    const apiKey = params.get('api_key') ?? '';
    const cb = params.get('cb') ?? '';
    if (!this.apps.has(apiKey)) return html(400, page('Invalid API key', '<p>This application is not registered with Last.fm.</p>'));
    let callback: URL;
    try {
      callback = new URL(cb);
    } catch {
      return html(400, page('Missing callback', '<p>The application did not say where to send you back (<code>cb</code>).</p>'));
    }
    if (ctx.method === 'POST') {
      const name = (params.get('username') ?? '').trim();
      if (params.get('decision') !== 'allow') return redirect(callback.toString());
      const parsed = userBody.shape.name.safeParse(name);
      if (!parsed.success) return html(400, page('Connect application', `<p role="alert">A Last.fm username is 2–15 letters, digits, _ or -, starting with a letter.</p>${this.authForm(apiKey, cb, name)}`));
      const account = this.addUser(name);
      const token = randomBytes(16).toString('hex');
      this.tokens.set(token, { apiKey, createdAt: this.clock.now(), user: account.name });
      callback.searchParams.set('token', token);
      return redirect(callback.toString());
    }
    if (ctx.method !== 'GET') return html(405, page('Method not allowed', ''));
    return html(200, page('Connect application', `<p>An application would like to connect to your Last.fm account and read your scrobbles.</p>${this.authForm(apiKey, cb, '')}`));
  }

  private authForm(apiKey: string, cb: string, name: string): string {
    return `<form method="post" action="">
  <input type="hidden" name="api_key" value="${escapeHtml(apiKey)}"><input type="hidden" name="cb" value="${escapeHtml(cb)}">
  <label>Last.fm username <input name="username" value="${escapeHtml(name)}" autocomplete="username" required></label>
  <p><button type="submit" name="decision" value="allow">Yes, allow access</button> <button type="submit" name="decision" value="deny">No thanks</button></p>
</form>`;
  }

  private getSession(params: Record<string, string>, secret: string) {
    if (!params.token || !params.api_sig) fail(LASTFM_ERRORS.invalidParameters);
    if (params.api_sig.toLowerCase() !== lastfmSignature(params, secret)) fail(LASTFM_ERRORS.invalidSignature);
    const token = this.tokens.get(params.token);
    if (!token || token.apiKey !== params.api_key) return fail(LASTFM_ERRORS.invalidToken);
    if (this.clock.now() - token.createdAt > TOKEN_TTL_MS) {
      this.tokens.delete(params.token);
      fail(LASTFM_ERRORS.expiredToken);
    }
    if (!token.user) return fail(LASTFM_ERRORS.unauthorizedToken);
    const account = this.accounts.get(token.user.toLowerCase())!;
    // A token is good for one session.
    this.tokens.delete(params.token);
    const key = randomBytes(16).toString('hex');
    account.sessions.add(key);
    this.bySession.set(key, account);
    return { session: { name: account.name, key, subscriber: 0 } };
  }

  /** A signed call's user: `sk` must be a live session key and `api_sig` right. */
  private authenticated(params: Record<string, string>, secret: string): Account | null {
    if (params.sk === undefined) return null;
    if (!params.api_sig || params.api_sig.toLowerCase() !== lastfmSignature(params, secret)) fail(LASTFM_ERRORS.invalidSignature);
    return this.bySession.get(params.sk) ?? fail(LASTFM_ERRORS.invalidSession);
  }

  private userOf(params: Record<string, string>, secret: string): Account {
    const session = this.authenticated(params, secret);
    if (!params.user) return session ?? fail(LASTFM_ERRORS.invalidParameters);
    return this.accounts.get(params.user.toLowerCase()) ?? fail(LASTFM_ERRORS.userNotFound);
  }

  private getInfo(params: Record<string, string>, secret: string) {
    const account = this.userOf(params, secret);
    const now = this.clock.now();
    const registered = Math.floor(this.listens.historyStart(now) / 1000);
    return {
      user: {
        name: account.name,
        age: '0',
        subscriber: '0',
        realname: '',
        bootstrap: '0',
        playcount: String(this.listens.all(account.listener, now).length),
        artist_count: '0',
        playlists: '0',
        track_count: '0',
        album_count: '0',
        image: images(),
        registered: { unixtime: String(registered), '#text': registered },
        country: 'None',
        gender: 'n',
        url: `https://www.last.fm/user/${account.name}`,
        type: 'user',
      },
    };
  }

  /**
   * Newest first, `limit` a page (`page` from 1). `from` and `to` bound when the scrobble started
   * (from inclusive, to exclusive, as the live service answers); the track playing now comes
   * first on page 1 of an open range, with `@attr.nowplaying` and no date, beyond the limit.
   */
  private recentTracks(params: Record<string, string>, secret: string) {
    const account = this.userOf(params, secret);
    const limit = Math.min(positive(params, 'limit') ?? LASTFM_DEFAULT_LIMIT, LASTFM_MAX_LIMIT);
    const pageNumber = positive(params, 'page') ?? 1;
    const from = nonNegative(params, 'from');
    const to = nonNegative(params, 'to');
    const now = this.clock.now();
    const history = this.listens
      .all(account.listener, now)
      .filter((s) => (from === undefined || s.listenedAt >= from) && (to === undefined || s.listenedAt < to))
      .reverse();
    const total = history.length;
    const totalPages = Math.ceil(total / limit);
    const slice = history.slice((pageNumber - 1) * limit, pageNumber * limit);
    const tracks: LastfmRecentTrack[] = slice.map((scrobble) => this.track(scrobble, true));
    const playing = pageNumber === 1 && (to === undefined || to * 1000 > now) ? this.listens.playingAt(account.listener, now) : null;
    if (playing !== null) tracks.unshift(this.track({ listenedAt: Math.floor(now / 1000), endedAt: now, track: playing, msPlayed: 0 }, false));
    return {
      recenttracks: {
        track: tracks,
        '@attr': { user: account.name, totalPages: String(totalPages), page: String(pageNumber), perPage: String(limit), total: String(total) },
      },
    };
  }

  private track(scrobble: Scrobble, dated: boolean): LastfmRecentTrack {
    const { catalogue } = this.listens;
    const track = catalogue.tracks[scrobble.track];
    const album = catalogue.albums[track.album];
    const artist = catalogue.artists[track.artists[0]];
    const recordingMbid = this.listens.recordingMbid(scrobble.track);
    const date = new Date(scrobble.listenedAt * 1000);
    return {
      artist: { mbid: recordingMbid ? this.listens.artistMbid(artist.index) : '', '#text': artist.name },
      streamable: '0',
      image: images(),
      mbid: recordingMbid ?? '',
      album: { mbid: recordingMbid ? this.listens.releaseMbid(track.album) : '', '#text': album.name },
      name: track.name,
      url: `https://www.last.fm/music/${encodeURIComponent(artist.name).replace(/%20/g, '+')}/_/${encodeURIComponent(track.name).replace(/%20/g, '+')}`,
      ...(dated ? { date: { uts: String(scrobble.listenedAt), '#text': lastfmDate(date) } } : { '@attr': { nowplaying: 'true' as const } }),
    };
  }

  /**
   * A scrobble submitted now for a play at `startedAt` (a player that was offline): Last.fm takes
   * it into the history at its own time if it is at most 14 days old, and ignores it otherwise.
   */
  private submitLate(name: string, body: z.output<typeof lateScrobbleBody>): Respond {
    const account = this.accounts.get(name.toLowerCase());
    if (!account) return json(404, { error: 'No such user' });
    const now = this.clock.now();
    if (body.startedAt * 1000 > now) return json(400, { error: 'Timestamp in the future', code: 2 });
    if (now - body.startedAt * 1000 > LASTFM_LATE_SCROBBLE_MS) return json(400, { error: 'Timestamp too old', code: 3 });
    if (body.track >= this.listens.catalogue.tracks.length) return json(400, { error: 'No such track' });
    this.listens.submitLate(account.listener, body.track, body.startedAt, now);
    return json(201, { accepted: 1, startedAt: body.startedAt, track: this.listens.catalogue.tracks[body.track].name });
  }

  private admin(ctx: RequestContext): Respond | undefined {
    try {
      if (ctx.path === '/__admin/users' && ctx.method === 'POST') {
        const body = userBody.parse(jsonBody(ctx));
        return json(201, this.addUser(body.name, body.listener));
      }
      const revoke = /^\/__admin\/users\/([^/]+)\/revoke$/.exec(ctx.path);
      if (revoke && ctx.method === 'POST') {
        return this.revoke(decodeURIComponent(revoke[1])) ? json(200, { revoked: true }) : json(404, { error: 'No such user' });
      }
      const late = /^\/__admin\/users\/([^/]+)\/scrobbles$/.exec(ctx.path);
      if (late && ctx.method === 'POST') return this.submitLate(decodeURIComponent(late[1]), lateScrobbleBody.parse(jsonBody(ctx)));
      return commonControl(ctx, { faults: faultsBody, setFaults: (faults) => (this.forced = faults), windows: this.windows });
    } catch (failure) {
      const invalid = invalidControlBody(failure);
      if (invalid) return invalid;
      if (failure instanceof HttpError) return json(failure.status, { error: failure.message });
      throw failure;
    }
  }
}

function images(): LastfmRecentTrack['image'] {
  return (['small', 'medium', 'large', 'extralarge'] as const).map((size) => ({ size, '#text': '' }));
}

/** Last.fm's `#text` of a date: "31 Jan 2024, 21:05" (UTC). */
function lastfmDate(date: Date): string {
  const month = date.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())} ${month} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

function nonNegative(params: Record<string, string>, name: string): number | undefined {
  const raw = params[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) fail(LASTFM_ERRORS.invalidParameters, `Invalid ${name} - must be a UNIX timestamp`);
  return Number(raw);
}

function positive(params: Record<string, string>, name: string): number | undefined {
  const raw = params[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) fail(LASTFM_ERRORS.invalidParameters, `Invalid ${name} - must be a positive integer`);
  return Number(raw);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} | Last.fm (sandbox)</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 34rem; margin: 3rem auto"><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
