import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { ArtistSocialsStandIn } from '../artist-socials/index.js';
import { RecaptchaStandIn } from '../recaptcha/recaptcha.js';
import { listenOn, urlHost } from '../net.js';
import { ProviderAuthority } from './authorization-server.js';
import { resolveOAuthClients } from './clients.js';
import { escapeHtml, html, HttpError, json, readBody, type RequestContext, type Respond } from './http.js';
import { PROVIDER_PATHS } from './paths.js';
import { facebookProvider } from './providers/facebook.js';
import { googleProvider } from './providers/google.js';
import { spotifyProvider } from './providers/spotify.js';
import { xProvider } from './providers/x.js';
import type { OAuthClientsConfig, ProviderName, SpotifyAccount } from './types.js';
import { SandboxClock } from '../streaming/limits.js';
import { SpotifyWebApi, type StreamingOptions } from '../streaming/web-api.js';
import { ListenBrainzStandIn } from '../scrobbles/listenbrainz.js';
import { LastfmStandIn } from '../scrobbles/lastfm.js';
import { MusicBrainzStandIn } from '../scrobbles/musicbrainz.js';
import { ScrobbledListens } from '../scrobbles/scrobbled-listens.js';

export { PROVIDER_PATHS } from './paths.js';

export interface OAuthProvidersOptions {
  /** Interface to bind to; loopback by default. */
  host?: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** Registered apps per provider; providers left out get `defaultOAuthClients()`. */
  clients?: OAuthClientsConfig;
  /**
   * The URL browsers and the app reach this server at (the Google issuer and the URLs in the
   * discovery document derive from it); defaults to `http://<host>:<port>`.
   */
  publicUrl?: string;
  /** Clock in ms since the epoch; tests pass one they can move forward. */
  now?: () => number;
  /** Lifetime of an authorization code; 60 s by default. */
  codeTtlSeconds?: number;
  /** Lifetime of an access token (`expires_in`); 3600 s by default. */
  accessTokenTtlSeconds?: number;
  /**
   * The streaming provider's Web API subset (generated catalogue and listening, rate limits,
   * fault injection); see `src/streaming/README.md`.
   */
  streaming?: Omit<StreamingOptions, 'logger'>;
  logger?: (msg: string) => void;
}

export interface OAuthProviders {
  port: number;
  /** Base URL, e.g. `http://127.0.0.1:4000`; each provider lives under `/<provider>`. */
  url: string;
  /** The Spotify Web API stand-in (catalogue, listening, faults, stats), for in-process tests. */
  spotify: SpotifyWebApi;
  /** The artist pages and socials (`/socials`), for in-process tests. */
  socials: ArtistSocialsStandIn;
  /** ListenBrainz's API (`/listenbrainz/1/...`): scrobbles of the same generated listeners. */
  listenbrainz: ListenBrainzStandIn;
  /** Last.fm's web auth page and API (`/lastfm/api/auth/`, `/lastfm/2.0/`): scrobbles of the same generated listeners. */
  lastfm: LastfmStandIn;
  /** MusicBrainz's web service (`/musicbrainz/ws/2/...`): the links it lists for the scrobbled artists (their MBIDs). */
  musicbrainz: MusicBrainzStandIn;
  close(): Promise<void>;
}

/**
 * Starts the OAuth 2.0 authorization servers (authorization code + PKCE S256) of the streaming
 * provider, Google (OpenID Connect), X and Facebook on one HTTP server, each under `/<provider>`
 * with the real provider's paths below it.
 */
export async function startOAuthProviders(options: OAuthProvidersOptions): Promise<OAuthProviders> {
  const host = options.host ?? '127.0.0.1';
  const log = options.logger ?? (() => {});
  const clients = resolveOAuthClients(options.clients);
  let baseUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';
  const common = {
    baseUrl: () => baseUrl,
    now: options.now ?? Date.now,
    codeTtlSeconds: options.codeTtlSeconds ?? 60,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    logger: log,
  };
  // The streaming provider's clock can be moved forward (`POST /spotify/__admin/clock`): its
  // tokens expire and its listening goes on by that clock.
  const spotifyClock = new SandboxClock(common.now);
  const spotifyAuthority = new ProviderAuthority<SpotifyAccount>(spotifyProvider, { ...common, now: () => spotifyClock.now(), clients: clients.spotify });
  const spotify = new SpotifyWebApi(spotifyAuthority, spotifyClock, { ...options.streaming, logger: log });
  const google = new ProviderAuthority(googleProvider, { ...common, clients: clients.google });
  const facebook = new ProviderAuthority(facebookProvider, { ...common, clients: clients.facebook });
  const authorities = new Map<ProviderName, { handle(ctx: RequestContext): Respond | undefined }>([
    ['spotify', spotify],
    ['google', google],
    ['x', new ProviderAuthority(xProvider, { ...common, clients: clients.x })],
    ['facebook', facebook],
  ]);
  // The artist's pages and socials (claims are proved there); they ask Google and Facebook whose a token is.
  const ownerOf = (authority: ProviderAuthority<{ id: string }>) => (token: string | undefined) => {
    const auth = authority.authenticate(token);
    return auth.ok ? auth.account.id : null;
  };
  const socials = new ArtistSocialsStandIn(common.baseUrl, { google: ownerOf(google), facebook: ownerOf(facebook) });

  const recaptcha = new RecaptchaStandIn();
  // Scrobbling services keep the streaming provider's clock: a listener's plays agree across them.
  const scrobbled = new ScrobbledListens(() => spotify.listening);
  const listenbrainz = new ListenBrainzStandIn(scrobbled, spotifyClock, options.streaming?.rateClock);
  const lastfm = new LastfmStandIn(scrobbled, spotifyClock, options.streaming?.rateClock);
  const musicbrainz = new MusicBrainzStandIn(scrobbled, options.streaming?.rateClock);

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`oauth: request ${req.method} ${req.url} failed: ${String(error)}`);
      if (!res.headersSent) json(500, { error: 'server_error', error_description: 'The sandbox failed to answer' })(res);
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let respond: Respond;
    try {
      const method = req.method ?? 'GET';
      const url = new URL(req.url ?? '/', 'http://providers.local');
      const body = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);
      respond = route({ method, url, path: url.pathname, headers: req.headers, body });
    } catch (error) {
      if (error instanceof HttpError) respond = json(error.status, { error: error.message });
      // A malformed %-escape in a path segment is the client's fault; it must not crash the sandbox.
      else if (error instanceof URIError) respond = json(400, { error: 'Malformed request URL' });
      else throw error;
    }
    respond(res);
  }

  function route(ctx: RequestContext): Respond {
    if (ctx.path === '/healthz') return json(200, { status: 'ok' });
    if (ctx.path === '/' && (ctx.method === 'GET' || ctx.method === 'HEAD')) return html(200, indexPage(baseUrl));
    const match = /^\/([a-z]+)(\/.*)?$/.exec(ctx.path);
    if (match?.[1] === 'recaptcha') {
      const answer = recaptcha.handle({ ...ctx, path: match[2] ?? '/' });
      if (answer) return answer;
    }
    if (match?.[1] === 'listenbrainz') {
      const answer = listenbrainz.handle({ ...ctx, path: match[2] ?? '/' });
      if (answer) return answer;
    }
    if (match?.[1] === 'lastfm') {
      const answer = lastfm.handle({ ...ctx, path: match[2] ?? '/' });
      if (answer) return answer;
    }
    if (match?.[1] === 'musicbrainz') {
      const answer = musicbrainz.handle({ ...ctx, path: match[2] ?? '/' });
      if (answer) return answer;
    }
    if (match?.[1] === 'socials') {
      const answer = socials.handle({ ...ctx, path: match[2] ?? '/' });
      if (answer) return answer;
    }
    const authority = match ? authorities.get(match[1] as ProviderName) : undefined;
    const respond = authority?.handle({ ...ctx, path: match?.[2] ?? '/' });
    return respond ?? json(404, { error: 'not_found', error_description: `No sandbox provider route ${ctx.method} ${ctx.path}` });
  }

  const port = await listenOn(server, options.port, host);
  if (!baseUrl) baseUrl = `http://${urlHost(host)}:${port}`;

  return {
    port,
    url: baseUrl,
    spotify,
    socials,
    listenbrainz,
    lastfm,
    musicbrainz,
    async close() {
      // Keep-alive connections (fetch) would otherwise hold close() open.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function indexPage(baseUrl: string): string {
  const rows = Object.entries(PROVIDER_PATHS)
    .map(([name, paths]) => {
      const items = Object.entries(paths)
        .map(([key, path]) => `<li>${escapeHtml(key)}: <code>${escapeHtml(baseUrl + path)}</code></li>`)
        .join('');
      return `<h2>${escapeHtml(name)}</h2><ul>${items}</ul>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pie sandbox providers</title>
<style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; } code { overflow-wrap: anywhere; }</style>
</head><body><main><h1>Pie sandbox providers</h1>
<p>Local OAuth 2.0 + PKCE stand-ins. Seeded accounts: <code>GET /&lt;provider&gt;/__admin/accounts</code>.</p>
${rows}
</main></body></html>
`;
}
