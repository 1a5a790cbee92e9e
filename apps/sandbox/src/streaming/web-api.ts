import { z } from 'zod';
import type { ProviderAuthority } from '../oauth/authorization-server.js';
import { bearerToken, HttpError, json, jsonBody, methodNotAllowed, send, type RequestContext, type Respond } from '../oauth/http.js';
import { apiError, UNAUTHORIZED_MESSAGES } from '../oauth/providers/spotify.js';
import type { SpotifyAccount } from '../oauth/types.js';
import { getCatalogue, type Catalogue, type CatalogueOptions } from './catalogue.js';
import { basicRows, exportFileName, extendedRows, type ExportFormat } from './export.js';
import {
  DEFAULT_RATE_LIMIT,
  FaultInjector,
  RequestStats,
  SandboxClock,
  TokenBuckets,
  type RandomFaultConfig,
  type RateLimitConfig,
} from './limits.js';
import { DAY_MS, ListeningGenerator, MIN_COUNTED_MS, TOP_RANGE_DAYS, type ListenerProfile, type Play, type TopRange } from './listening.js';
import { coverSvg, SpotifyObjects } from './objects.js';
import { SPOTIFY_ID_PATTERN } from './prng.js';
import type {
  CursorPagingPlayHistoryObject,
  MultipleAlbumsResponse,
  MultipleArtistsResponse,
  MultipleTracksResponse,
  PagingObject,
  UsersTopArtistsResponse,
  UsersTopTracksResponse,
} from './spotify-types.js';
import { PLATFORMS } from './words.js';

export interface StreamingOptions {
  /** Which generated catalogue (seed and size); the default one is shared by every server. */
  catalogue?: CatalogueOptions;
  /** How far back listening histories reach; 120 days by default. */
  historyDays?: number;
  /** Random fault injection; ~2% of listening/catalogue requests fail with 500/502/503 by default. */
  faults?: Partial<RandomFaultConfig>;
  /** Per-token rate limit (10 req/s, burst 20 by default); false turns it off. */
  rateLimit?: RateLimitConfig | false;
  /**
   * The rate limiter's clock (ms). Real time by default, so buckets refill even when tests
   * freeze the providers' clock.
   */
  rateClock?: () => number;
  logger?: (msg: string) => void;
}

/** A Web API error: answered in Spotify's `{ error: { status, message } }` shape. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface AuthenticatedUser {
  account: SpotifyAccount;
  scopes: string[];
}

interface ApiRoute {
  /** Stable name for the stats, e.g. `GET /v1/artists/{id}`. */
  name: string;
  /** Matches the path below `/spotify/api`. */
  pattern: RegExp;
  /** The OAuth scope the real endpoint requires. */
  scope?: string;
  handle(match: RegExpExecArray, url: URL, user: AuthenticatedUser): Respond;
}

/** Web API paths the Spotify authority itself serves (the user endpoints). */
const AUTHORITY_ROUTES: Array<[RegExp, string]> = [
  [/^\/v1\/me$/, 'GET /v1/me'],
  [/^\/v1\/users\/[^/]+$/, 'GET /v1/users/{id}'],
];

const ID = '([^/]+)';
const USER_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

const httpErrorStatus = z.number().int().min(400).max(599);
const faultsBody = z
  .object({
    rate: z.number().min(0).max(1).optional(),
    status: z.union([httpErrorStatus, z.array(httpErrorStatus).min(1)]).optional(),
    retryAfterSeconds: z.number().int().min(0).max(3600).optional(),
    next: z.number().int().min(0).max(100_000).optional(),
    path: z.string().startsWith('/v1/').optional(),
    seed: z.union([z.string().min(1), z.number()]).optional(),
  })
  .strict();
const rateLimitBody = z
  .object({
    enabled: z.boolean().optional(),
    requestsPerSecond: z.number().positive().max(100_000).optional(),
    burst: z.number().int().min(1).max(100_000).optional(),
  })
  .strict();
const clockBody = z
  .object({ offsetMs: z.number().int().optional(), advanceMs: z.number().int().optional() })
  .strict()
  .refine((body) => (body.offsetMs === undefined) !== (body.advanceMs === undefined), 'Send exactly one of offsetMs and advanceMs');
const profileBody = z
  .object({
    hoursPerDay: z.number().min(0).max(16).optional(),
    offDayRate: z.number().min(0).max(0.95).optional(),
    utcOffsetMinutes: z.number().int().min(-720).max(840).optional(),
    librarySize: z.number().int().min(1).max(100_000).optional(),
    zipfExponent: z.number().min(0).max(4).optional(),
    seed: z.string().min(1).max(200).optional(),
    country: z.string().regex(/^[A-Z]{2}$/).optional(),
    platforms: z.array(z.enum(PLATFORMS)).min(1).max(PLATFORMS.length).optional(),
  })
  .strict();

/**
 * The streaming provider's Web API subset (`/spotify/api/v1/...`), its sandbox extensions
 * (`/spotify/__sandbox/...`) and controls (`/spotify/__admin/{faults,rate-limit,stats,clock,listeners}`),
 * in front of the Spotify authorization server, which keeps the accounts, tokens and `/v1/me`.
 *
 * Every Web API request: authenticated with a Bearer access token of the authority (401 as
 * Spotify answers), then rate limited per token (429 + Retry-After), then possibly failed by
 * fault injection, then answered.
 */
export class SpotifyWebApi {
  readonly faults: FaultInjector;
  readonly buckets: TokenBuckets;
  readonly stats: RequestStats;
  private readonly routes: ApiRoute[];
  private readonly log: (msg: string) => void;
  private readonly initialFaults: Partial<RandomFaultConfig>;
  private generated: { catalogue: Catalogue; listening: ListeningGenerator; objects: SpotifyObjects } | undefined;

  constructor(
    private readonly authority: ProviderAuthority<SpotifyAccount>,
    readonly clock: SandboxClock,
    private readonly options: StreamingOptions = {},
  ) {
    this.initialFaults = options.faults ?? {};
    this.faults = new FaultInjector(this.initialFaults);
    const rateClock = options.rateClock ?? (() => performance.now());
    this.buckets = new TokenBuckets(options.rateLimit === false ? null : (options.rateLimit ?? DEFAULT_RATE_LIMIT), rateClock);
    this.stats = new RequestStats(() => clock.now());
    this.log = (msg) => (options.logger ?? (() => {}))(`spotify web api: ${msg}`);
    this.routes = this.defineRoutes();
  }

  /** The generated catalogue, built on first use (a few hundred ms, once per process and seed). */
  get catalogue(): Catalogue {
    return this.generate().catalogue;
  }

  get listening(): ListeningGenerator {
    return this.generate().listening;
  }

  get objects(): SpotifyObjects {
    return this.generate().objects;
  }

  private generate() {
    if (!this.generated) {
      const catalogue = getCatalogue(this.options.catalogue);
      const prefix = () => this.authority.prefixUrl;
      this.generated = {
        catalogue,
        listening: new ListeningGenerator({ catalogue, historyDays: this.options.historyDays }),
        objects: new SpotifyObjects(catalogue, () => `${prefix()}/api`, () => `${prefix()}/__sandbox`),
      };
    }
    return this.generated;
  }

  private get apiBase(): string {
    return `${this.authority.prefixUrl}/api`;
  }

  /** Routes a request below `/spotify`; undefined when nothing here or in the authority matches. */
  handle(ctx: RequestContext): Respond | undefined {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return this.webApi(ctx);
    if (ctx.path.startsWith('/__sandbox/')) return guard(() => this.sandboxRoute(ctx));
    if (ctx.path.startsWith('/__admin/')) {
      const admin = guard(() => this.adminRoute(ctx));
      if (admin) return admin;
    }
    return this.authority.handle(ctx);
  }

  // ---- the Web API ---------------------------------------------------------------------------

  private webApi(ctx: RequestContext): Respond {
    const apiPath = ctx.path.slice('/api'.length);
    let route: ApiRoute | undefined;
    let match: RegExpExecArray | null = null;
    for (const candidate of this.routes) {
      match = candidate.pattern.exec(apiPath);
      if (match) {
        route = candidate;
        break;
      }
    }
    const name = route?.name ?? AUTHORITY_ROUTES.find(([pattern]) => pattern.test(apiPath))?.[1] ?? 'other';
    const token = bearerToken(ctx);
    const auth = this.authority.authenticate(token);
    const accountId = auth.ok ? auth.account.id : undefined;
    const finish = (respond: Respond, cause?: 'rate-limited' | 'fault'): Respond => (res) => {
      respond(res);
      this.stats.record(name, res.statusCode, accountId, cause);
    };

    if (!auth.ok || token === undefined) return finish(apiError(401, UNAUTHORIZED_MESSAGES[auth.ok ? 'missing' : auth.reason]));
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return finish(apiError(405, 'Method not allowed', { allow: 'GET, HEAD' }));

    const taken = this.buckets.take(token);
    if (!taken.ok) {
      return finish(apiError(429, 'API rate limit exceeded', { 'retry-after': String(taken.retryAfterSeconds) }), 'rate-limited');
    }
    const fault = this.faults.decide(apiPath, route !== undefined);
    if (fault) {
      const headers: Record<string, string> = fault.retryAfterSeconds === null ? {} : { 'retry-after': String(fault.retryAfterSeconds) };
      return finish(apiError(fault.status, faultMessage(fault.status), headers), 'fault');
    }

    if (!route || !match) return finish(this.authority.handle(ctx) ?? apiError(404, 'Service not found'));
    if (route.scope && !auth.scopes.includes(route.scope)) return finish(apiError(403, 'Insufficient client scope'));
    try {
      return finish(route.handle(match, ctx.url, { account: auth.account, scopes: auth.scopes }));
    } catch (error) {
      if (error instanceof ApiError) return finish(apiError(error.status, error.message));
      if (error instanceof URIError) return finish(apiError(400, 'Malformed request URL'));
      throw error;
    }
  }

  private defineRoutes(): ApiRoute[] {
    const lookupMany = <T>(url: URL, max: number, find: (id: string) => T | null) => ids(url, max).map(find);
    return [
      {
        name: 'GET /v1/me/player/recently-played',
        pattern: /^\/v1\/me\/player\/recently-played$/,
        scope: 'user-read-recently-played',
        handle: (_m, url, user) => json(200, this.recentlyPlayed(user.account.id, url)),
      },
      {
        name: 'GET /v1/me/top/{type}',
        pattern: /^\/v1\/me\/top\/(artists|tracks)$/,
        scope: 'user-top-read',
        handle: (m, url, user) => json(200, this.top(user.account.id, m[1] as 'artists' | 'tracks', url)),
      },
      {
        name: 'GET /v1/artists/{id}',
        pattern: new RegExp(`^/v1/artists/${ID}$`),
        handle: (m) => json(200, this.objects.artist(this.find(this.catalogue.artistById, m[1]).index)),
      },
      {
        name: 'GET /v1/artists',
        pattern: /^\/v1\/artists$/,
        handle: (_m, url) => {
          const body: MultipleArtistsResponse = {
            artists: lookupMany(url, 50, (id) => {
              const artist = this.catalogue.artistById.get(id);
              return artist ? this.objects.artist(artist.index) : null;
            }),
          };
          return json(200, body);
        },
      },
      {
        name: 'GET /v1/tracks/{id}',
        pattern: new RegExp(`^/v1/tracks/${ID}$`),
        handle: (m) => json(200, this.objects.track(this.find(this.catalogue.trackById, m[1]).index)),
      },
      {
        name: 'GET /v1/tracks',
        pattern: /^\/v1\/tracks$/,
        handle: (_m, url) => {
          const body: MultipleTracksResponse = {
            tracks: lookupMany(url, 50, (id) => {
              const track = this.catalogue.trackById.get(id);
              return track ? this.objects.track(track.index) : null;
            }),
          };
          return json(200, body);
        },
      },
      {
        name: 'GET /v1/albums/{id}',
        pattern: new RegExp(`^/v1/albums/${ID}$`),
        handle: (m) => json(200, this.objects.album(this.find(this.catalogue.albumById, m[1]).index)),
      },
      {
        name: 'GET /v1/albums/{id}/tracks',
        pattern: new RegExp(`^/v1/albums/${ID}/tracks$`),
        handle: (m, url) => {
          const album = this.find(this.catalogue.albumById, m[1]);
          return json(200, this.objects.albumTracks(album.index, intParam(url, 'limit', 20, 1, 50), intParam(url, 'offset', 0, 0, 10_000)));
        },
      },
      {
        name: 'GET /v1/albums',
        pattern: /^\/v1\/albums$/,
        handle: (_m, url) => {
          const body: MultipleAlbumsResponse = {
            albums: lookupMany(url, 20, (id) => {
              const album = this.catalogue.albumById.get(id);
              return album ? this.objects.album(album.index) : null;
            }),
          };
          return json(200, body);
        },
      },
    ];
  }

  private find<T>(byId: Map<string, T>, raw: string): T {
    const id = decodeURIComponent(raw);
    if (!SPOTIFY_ID_PATTERN.test(id)) throw new ApiError(400, 'Invalid base62 id');
    const found = byId.get(id);
    if (!found) throw new ApiError(404, 'Resource not found');
    return found;
  }

  /**
   * `GET /v1/me/player/recently-played`: only the user's last 50 plays (of 30 s or more) exist
   * for it; `before` pages back from the newest, `after` returns the plays strictly after it
   * (the ones nearest the cursor, so `next` continues without gaps). Items are newest first.
   */
  private recentlyPlayed(userId: string, url: URL): CursorPagingPlayHistoryObject {
    const limit = intParam(url, 'limit', 20, 1, 50);
    const after = timestampParam(url, 'after');
    const before = timestampParam(url, 'before');
    if (after !== null && before !== null) throw new ApiError(400, "Only one of 'after' and 'before' can be specified");
    const window = this.listening.recent(userId, this.clock.now(), 50);
    let selected: Play[];
    let more: boolean;
    if (after !== null) {
      const candidates = window.filter((play) => play.endedAt > after);
      selected = candidates.slice(Math.max(0, candidates.length - limit));
      more = candidates.length > limit;
    } else {
      const candidates = before === null ? window : window.filter((play) => play.endedAt < before);
      selected = candidates.slice(0, limit);
      more = candidates.length > limit;
    }
    const page = (cursor: 'after' | 'before' | null, value: number | string | null) => {
      const params = new URLSearchParams();
      if (cursor && value !== null) params.set(cursor, String(value));
      params.set('limit', String(limit));
      return `${this.apiBase}/v1/me/player/recently-played?${params.toString()}`;
    };
    const cursors = selected.length ? { after: String(selected[0].endedAt), before: String(selected[selected.length - 1].endedAt) } : null;
    return {
      items: selected.map((play) => ({ track: this.objects.track(play.track), played_at: new Date(play.endedAt).toISOString(), context: null })),
      next: more && cursors ? (after !== null ? page('after', cursors.after) : page('before', cursors.before)) : null,
      cursors,
      limit,
      href: after !== null ? page('after', after) : before !== null ? page('before', before) : page(null, null),
    };
  }

  /** `GET /v1/me/top/{artists|tracks}`: ranked by listening time (artists) or plays (tracks). */
  private top(userId: string, type: 'artists' | 'tracks', url: URL): UsersTopArtistsResponse | UsersTopTracksResponse {
    const range = (url.searchParams.get('time_range') || 'medium_term') as TopRange;
    if (!(range in TOP_RANGE_DAYS)) throw new ApiError(400, 'Invalid time range');
    const limit = intParam(url, 'limit', 20, 1, 50);
    const offset = intParam(url, 'offset', 0, 0, 10_000);
    const now = this.clock.now();
    const ranked =
      type === 'artists'
        ? this.listening.topArtists(userId, now, range).map((t) => t.artist)
        : this.listening.topTracks(userId, now, range).map((t) => t.track);
    const total = ranked.length;
    const page = (at: number) => `${this.apiBase}/v1/me/top/${type}?time_range=${range}&limit=${limit}&offset=${at}`;
    const paging = <T>(items: T[]): PagingObject<T> => ({
      href: page(offset),
      limit,
      next: offset + limit < total ? page(offset + limit) : null,
      offset,
      previous: offset > 0 ? page(Math.max(0, offset - limit)) : null,
      total,
      items,
    });
    const slice = ranked.slice(offset, offset + limit);
    return type === 'artists' ? paging(slice.map((index) => this.objects.artist(index))) : paging(slice.map((index) => this.objects.track(index)));
  }

  // ---- sandbox extensions --------------------------------------------------------------------

  private sandboxRoute(ctx: RequestContext): Respond | undefined {
    const path = ctx.path.slice('/__sandbox'.length);
    if (path === '/catalogue') return onlyGet(ctx, () => json(200, this.catalogueSummary()));
    if (path === '/artists') {
      return onlyGet(ctx, () => {
        const list = ids(ctx.url, 1000, (message) => new HttpError(400, message));
        return json(200, { artists: list.map((id) => this.artistExtension(id)) });
      });
    }
    const artist = /^\/artists\/([^/]+)(\/country)?$/.exec(path);
    if (artist) {
      return onlyGet(ctx, () => {
        const info = this.artistExtension(decodeURIComponent(artist[1]));
        if (!info) return json(404, { error: 'not_found', message: `No artist ${artist[1]}` });
        return json(200, artist[2] ? { id: info.id, country: info.country } : info);
      });
    }
    const listener = /^\/listeners\/([^/]+)$/.exec(path);
    if (listener) return onlyGet(ctx, () => json(200, this.listenerSummary(userIdParam(listener[1]))));
    const exported = /^\/export\/([^/]+)$/.exec(path);
    if (exported) return onlyGet(ctx, () => this.exportData(userIdParam(exported[1]), ctx.url));
    const image = /^\/images\/(artist|album)\/([^/]+)\/(\d{1,4})$/.exec(path);
    if (image) {
      return onlyGet(ctx, () => {
        const entry = image[1] === 'artist' ? this.catalogue.artistById.get(image[2]) : this.catalogue.albumById.get(image[2]);
        if (!entry) return json(404, { error: 'not_found', message: 'No such image' });
        return send(200, 'image/svg+xml', coverSvg(entry.name, entry.id, Number(image[3])), { 'cache-control': 'public, max-age=86400' });
      });
    }
    return json(404, { error: 'not_found', message: `No sandbox route ${ctx.method} ${ctx.path}` });
  }

  /** Facts the real Web API does not publish: kept out of the Spotify objects on purpose. */
  private artistExtension(id: string): { id: string; name: string; country: string | null; active: boolean; genres: string[] } | null {
    const artist = this.catalogue.artistById.get(id);
    return artist ? { id: artist.id, name: artist.name, country: artist.country, active: artist.active, genres: [...artist.genres] } : null;
  }

  private catalogueSummary() {
    const { artists, tracks, albums } = this.catalogue;
    const countries = new Map<string, number>();
    for (const artist of artists) if (artist.country) countries.set(artist.country, (countries.get(artist.country) ?? 0) + 1);
    const multi = tracks.filter((track) => track.artists.length > 1);
    return {
      seed: this.catalogue.seed,
      artists: artists.length,
      albums: albums.length,
      tracks: tracks.length,
      multiArtistTracks: multi.length,
      inactiveArtists: artists.filter((artist) => !artist.active).length,
      artistsWithoutCountry: artists.filter((artist) => artist.country === null).length,
      artistsWithSeveralGenres: artists.filter((artist) => artist.genres.length > 1).length,
      countries: Object.fromEntries([...countries].sort((a, b) => b[1] - a[1])),
      examples: {
        artistIds: artists.slice(0, 5).map((artist) => artist.id),
        inactiveArtistIds: artists.filter((artist) => !artist.active).slice(0, 5).map((artist) => artist.id),
        trackIdsWithThreeArtists: multi.filter((track) => track.artists.length === 3).slice(0, 5).map((track) => track.id),
        albumIds: albums.slice(0, 5).map((album) => album.id),
      },
    };
  }

  private listenerSummary(userId: string) {
    const now = this.clock.now();
    const profile = this.listening.profile(userId);
    const plays = this.listening.plays(userId, this.listening.historyStart(now), now);
    const counted = plays.filter((play) => play.msPlayed >= MIN_COUNTED_MS);
    const msPlayed = plays.reduce((sum, play) => sum + play.msPlayed, 0);
    const top = this.listening.topArtists(userId, now, 'long_term');
    const topTotal = top.reduce((sum, t) => sum + t.msPlayed, 0);
    return {
      userId,
      account: this.authority.account(userId) !== undefined,
      profile,
      now: new Date(now).toISOString(),
      historyDays: this.listening.historyDays,
      history: {
        plays: plays.length,
        countedPlays: counted.length,
        msPlayed,
        firstPlayAt: plays.length ? new Date(plays[0].endedAt).toISOString() : null,
        lastPlayAt: plays.length ? new Date(plays[plays.length - 1].endedAt).toISOString() : null,
        distinctArtists: top.length,
      },
      topArtists: top.slice(0, 10).map((t) => ({
        id: this.catalogue.artists[t.artist].id,
        name: this.catalogue.artists[t.artist].name,
        plays: t.plays,
        msPlayed: t.msPlayed,
        share: topTotal ? Math.round((t.msPlayed / topTotal) * 10_000) / 10_000 : 0,
      })),
    };
  }

  /** `GET /spotify/__sandbox/export/{userId}?days=90&format=basic|extended`: one JSON file of the package. */
  private exportData(userId: string, url: URL): Respond {
    const format = (url.searchParams.get('format') || 'basic') as ExportFormat;
    if (format !== 'basic' && format !== 'extended') throw new HttpError(400, 'format must be basic or extended');
    const days = intParam(url, 'days', 90, 1, this.listening.historyDays, (message) => new HttpError(400, message));
    const now = this.clock.now();
    const plays = this.listening.plays(userId, now - days * DAY_MS, now);
    const rows =
      format === 'basic'
        ? basicRows(plays, this.catalogue)
        : extendedRows(plays, this.catalogue, { userId, profile: this.listening.profile(userId), country: this.authority.account(userId)?.country });
    return send(200, 'application/json; charset=utf-8', JSON.stringify(rows), {
      'content-disposition': `attachment; filename="${exportFileName(format, plays, now)}"`,
    });
  }

  // ---- controls ------------------------------------------------------------------------------

  private adminRoute(ctx: RequestContext): Respond | undefined {
    const path = ctx.path.slice('/__admin'.length);
    if (path === '/faults') {
      return only(ctx, ['GET', 'POST', 'DELETE'], () => {
        if (ctx.method === 'DELETE') this.faults.reset(this.initialFaults);
        if (ctx.method === 'POST') {
          const body = parse(faultsBody, jsonBody(ctx));
          if (body.next === undefined && body.path !== undefined) throw new HttpError(400, 'path applies to forced faults: send it with next');
          if (body.next !== undefined && Array.isArray(body.status)) throw new HttpError(400, 'Forced faults take one status');
          this.faults.configureRandom({
            ...(body.rate === undefined ? {} : { rate: body.rate }),
            ...(body.seed === undefined ? {} : { seed: String(body.seed) }),
            ...(body.next === undefined && body.status !== undefined ? { statuses: [body.status].flat() } : {}),
            ...(body.next === undefined && body.retryAfterSeconds !== undefined ? { retryAfterSeconds: body.retryAfterSeconds } : {}),
          });
          if (body.next !== undefined) {
            this.faults.force({
              remaining: body.next,
              status: (body.status as number | undefined) ?? 503,
              retryAfterSeconds: body.retryAfterSeconds ?? null,
              path: body.path ?? null,
            });
          }
          this.log(`faults set: ${JSON.stringify(body)}`);
        }
        return json(200, { random: this.faults.random, forced: this.faults.forced });
      });
    }
    if (path === '/rate-limit') {
      return only(ctx, ['GET', 'POST'], () => {
        if (ctx.method === 'POST') {
          const body = parse(rateLimitBody, jsonBody(ctx));
          const current = this.buckets.config ?? DEFAULT_RATE_LIMIT;
          this.buckets.config =
            body.enabled === false
              ? null
              : { requestsPerSecond: body.requestsPerSecond ?? current.requestsPerSecond, burst: body.burst ?? current.burst };
          this.buckets.reset();
          this.log(`rate limit set: ${JSON.stringify(this.buckets.config)}`);
        }
        return json(200, { enabled: this.buckets.config !== null, ...(this.buckets.config ?? {}) });
      });
    }
    if (path === '/stats' || path === '/stats/reset') {
      return only(ctx, path === '/stats' ? ['GET', 'DELETE'] : ['POST'], () => {
        if (ctx.method !== 'GET') this.stats.reset();
        return json(200, this.stats.snapshot());
      });
    }
    if (path === '/clock') {
      return only(ctx, ['GET', 'POST'], () => {
        if (ctx.method === 'POST') {
          const body = parse(clockBody, jsonBody(ctx));
          this.clock.offsetMs = body.offsetMs ?? this.clock.offsetMs + (body.advanceMs ?? 0);
          this.log(`clock offset ${this.clock.offsetMs} ms`);
        }
        const now = this.clock.now();
        return json(200, { now: new Date(now).toISOString(), nowMs: now, offsetMs: this.clock.offsetMs });
      });
    }
    const listener = /^\/listeners\/([^/]+)$/.exec(path);
    if (listener) {
      return only(ctx, ['GET', 'POST', 'DELETE'], () => {
        const userId = userIdParam(listener[1]);
        if (ctx.method === 'POST') this.listening.setProfile(userId, parse(profileBody, jsonBody(ctx)) as Partial<ListenerProfile>);
        if (ctx.method === 'DELETE') this.listening.setProfile(userId, null);
        return json(200, this.listenerSummary(userId));
      });
    }
    return undefined;
  }
}

function faultMessage(status: number): string {
  const messages: Record<number, string> = {
    429: 'API rate limit exceeded',
    500: 'Server error.',
    502: 'Bad gateway.',
    503: 'Service unavailable',
    504: 'Gateway timeout',
  };
  return messages[status] ?? 'Sandbox fault';
}

function intParam(url: URL, name: string, fallback: number, min: number, max: number, error = (m: string) => new ApiError(400, m)): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw error(`Invalid ${name}`);
  const value = Number(raw);
  if (value < min || value > max) throw error(`Invalid ${name}: must be from ${min} to ${max}`);
  return value;
}

/** A cursor: a Unix timestamp in milliseconds. */
function timestampParam(url: URL, name: string): number | null {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return null;
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(400, `Invalid ${name}: a Unix timestamp in milliseconds`);
  return Number(raw);
}

/** The `ids` of a several-items lookup, as Spotify checks them. */
function ids(url: URL, max: number, error = (m: string) => new ApiError(400, m)): string[] {
  const raw = url.searchParams.get('ids');
  if (raw === null || raw.trim() === '') throw error('Missing required parameter: ids');
  const list = raw.split(',').map((id) => id.trim());
  if (list.length > max) throw error(`Too many ids requested (at most ${max})`);
  if (list.some((id) => !SPOTIFY_ID_PATTERN.test(id))) throw error('Invalid base62 id');
  return list;
}

function userIdParam(raw: string): string {
  const id = decodeURIComponent(raw);
  if (!USER_ID_PATTERN.test(id)) throw new HttpError(400, 'User ids are 1-64 letters, digits, _ . or -');
  return id;
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
    throw new HttpError(400, detail);
  }
  return parsed.data;
}

function only(ctx: RequestContext, methods: string[], respond: () => Respond): Respond {
  const method = ctx.method === 'HEAD' && methods.includes('GET') ? 'GET' : ctx.method;
  if (!methods.includes(method)) return methodNotAllowed(ctx.method, methods);
  return respond();
}

function onlyGet(ctx: RequestContext, respond: () => Respond): Respond {
  return only(ctx, ['GET'], respond);
}

/** Sandbox and admin routes answer `{ error, message }` for bad input, never a 500. */
function guard(respond: () => Respond | undefined): Respond | undefined {
  try {
    return respond();
  } catch (error) {
    if (error instanceof HttpError) return json(error.status, { error: error.status === 400 ? 'invalid_request' : 'error', message: error.message });
    if (error instanceof ApiError) return json(error.status, { error: 'invalid_request', message: error.message });
    if (error instanceof URIError) return json(400, { error: 'invalid_request', message: 'Malformed request URL' });
    throw error;
  }
}
