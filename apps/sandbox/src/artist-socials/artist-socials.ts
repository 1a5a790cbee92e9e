import { bearerToken, html, json, methodNotAllowed, type RequestContext, type Respond } from '../oauth/http.js';
import { editPage, profilePage, socialPage, socialPath } from './pages.js';
import { ArtistSocialsStore, ArtistUpdate, HANDLE_PATTERNS, PageUpdate, SOCIAL_PLATFORMS, SPOTIFY_ARTIST_ID, type SocialPlatform } from './store.js';

/** Resolves a sign-in provider's access token to its account id (null: not a valid token). */
export type TokenOwner = (accessToken: string | undefined) => string | null;

function seeOther(location: string): Respond {
  return (res) => {
    res.writeHead(303, { location, 'cache-control': 'no-store' });
    res.end();
  };
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body || '{}');
  } catch {
    return undefined;
  }
}

/**
 * The artist's public pages (`/socials/…`): the streaming provider's artist profile with its bio and
 * social links, and the X / YouTube / Facebook / Instagram pages with theirs. Each bio can be edited
 * on a sandbox page (as the artist would on the real site). Also the two APIs the app asks which
 * pages a signed-in account owns: YouTube's `channels?mine=true` (Google token) and the Graph API's
 * `me/accounts` (Facebook token; pages and their Instagram accounts). See README.md.
 */
export class ArtistSocialsStandIn {
  readonly store = new ArtistSocialsStore();

  constructor(
    private readonly baseUrl: () => string,
    private readonly owners: { google: TokenOwner; facebook: TokenOwner },
  ) {}

  /** `ctx.path` is below `/socials`. */
  handle(ctx: RequestContext): Respond | undefined {
    const path = ctx.path;
    let match = /^\/spotify\/artist\/([^/]+)(\/edit)?$/.exec(path);
    if (match) return this.artistRoute(ctx, match[1], Boolean(match[2]));
    if (path === '/youtube/youtube/v3/channels') return this.youtubeChannels(ctx);
    if (/^\/facebook\/v\d+\.\d+\/me\/accounts$/.test(path)) return this.graphAccounts(ctx);
    match = /^\/__admin\/artists\/([^/]+)$/.exec(path);
    if (match) return this.adminArtist(ctx, match[1]);
    match = /^\/__admin\/pages\/([a-z]+)\/([^/]+)$/.exec(path);
    if (match) return this.adminPage(ctx, match[1], match[2]);
    match = /^\/([a-z]+)\/([^/]+)(\/edit)?$/.exec(path);
    if (match) return this.pageRoute(ctx, match[1], match[2], Boolean(match[3]));
    return undefined;
  }

  private artistRoute(ctx: RequestContext, spotifyId: string, edit: boolean): Respond {
    if (!SPOTIFY_ARTIST_ID.test(spotifyId)) return json(404, { error: 'No such artist' });
    const profile = this.store.artist(spotifyId);
    const self = `/socials/spotify/artist/${spotifyId}`;
    if (!edit) return ctx.method === 'GET' || ctx.method === 'HEAD' ? html(200, profilePage(this.baseUrl(), spotifyId, profile)) : methodNotAllowed(ctx.method, ['GET']);
    if (ctx.method === 'GET') return html(200, editPage(`${profile.name ?? spotifyId}’s Spotify bio`, `${self}/edit`, profile.bio));
    if (ctx.method !== 'POST') return methodNotAllowed(ctx.method, ['GET', 'POST']);
    const bio = new URLSearchParams(ctx.body).get('bio') ?? '';
    this.store.updateArtist(spotifyId, { bio: bio.slice(0, 5000) });
    return seeOther(self);
  }

  private pageRoute(ctx: RequestContext, platformName: string, rawHandle: string, edit: boolean): Respond | undefined {
    const platform = SOCIAL_PLATFORMS.find((name) => name === platformName);
    if (!platform) return undefined;
    const handle = this.handleOf(platform, rawHandle);
    if (!handle) return json(404, { error: `No such ${platform} page` });
    const page = this.store.page(platform, handle);
    const self = socialPath(platform, handle);
    if (!edit) return ctx.method === 'GET' || ctx.method === 'HEAD' ? html(200, socialPage(platform, handle, page)) : methodNotAllowed(ctx.method, ['GET']);
    if (ctx.method === 'GET') return html(200, editPage(`@${handle}’s ${platform} bio`, `${self}/edit`, page.bio));
    if (ctx.method !== 'POST') return methodNotAllowed(ctx.method, ['GET', 'POST']);
    this.store.updatePage(platform, handle, { bio: (new URLSearchParams(ctx.body).get('bio') ?? '').slice(0, 5000) });
    return seeOther(self);
  }

  private handleOf(platform: SocialPlatform, raw: string): string | null {
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (platform === 'youtube') {
      if (!value.startsWith('@')) return null;
      value = value.slice(1);
    }
    value = value.toLowerCase();
    return HANDLE_PATTERNS[platform].test(value) ? value : null;
  }

  private youtubeChannels(ctx: RequestContext): Respond {
    if (ctx.method !== 'GET') return methodNotAllowed(ctx.method, ['GET']);
    const sub = this.owners.google(bearerToken(ctx));
    if (!sub) return json(401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
    if (ctx.url.searchParams.get('mine') !== 'true') return json(400, { error: { code: 400, message: 'Only mine=true is supported by the sandbox', status: 'INVALID_ARGUMENT' } });
    const items = this.store.ownedBy('youtube', sub).map((handle) => ({ kind: 'youtube#channel', id: `UC${handle}`, snippet: { title: handle, customUrl: `@${handle}` } }));
    return json(200, { kind: 'youtube#channelListResponse', pageInfo: { totalResults: items.length, resultsPerPage: items.length }, items });
  }

  private graphAccounts(ctx: RequestContext): Respond {
    if (ctx.method !== 'GET') return methodNotAllowed(ctx.method, ['GET']);
    const userId = this.owners.facebook(bearerToken(ctx));
    if (!userId) return json(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    const instagram = this.store.ownedBy('instagram', userId);
    const pages = this.store.ownedBy('facebook', userId).map((username, index) => ({
      id: `page_${username}`,
      name: username,
      username,
      ...(instagram[index] ? { instagram_business_account: { id: `ig_${instagram[index]}`, username: instagram[index] } } : {}),
    }));
    // Instagram accounts need a page to hang from; ones without a page of their own get a bare one.
    for (const username of instagram.slice(pages.length)) pages.push({ id: `page_ig_${username}`, name: username, username: '', instagram_business_account: { id: `ig_${username}`, username } });
    return json(200, { data: pages });
  }

  private adminArtist(ctx: RequestContext, spotifyId: string): Respond {
    if (!SPOTIFY_ARTIST_ID.test(spotifyId)) return json(400, { error: 'Not a valid Spotify artist id' });
    if (ctx.method === 'GET') return json(200, this.store.artist(spotifyId));
    if (ctx.method !== 'POST') return methodNotAllowed(ctx.method, ['GET', 'POST']);
    const parsed = ArtistUpdate.safeParse(parseJson(ctx.body));
    if (!parsed.success) return json(400, { error: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') });
    return json(200, this.store.updateArtist(spotifyId, parsed.data));
  }

  private adminPage(ctx: RequestContext, platformName: string, rawHandle: string): Respond {
    const platform = SOCIAL_PLATFORMS.find((name) => name === platformName);
    const handle = platform && this.handleOf(platform, platform === 'youtube' && !rawHandle.startsWith('@') ? `@${rawHandle}` : rawHandle);
    if (!platform || !handle) return json(400, { error: 'Not a valid platform or handle' });
    if (ctx.method === 'GET') return json(200, this.store.page(platform, handle));
    if (ctx.method !== 'POST') return methodNotAllowed(ctx.method, ['GET', 'POST']);
    const parsed = PageUpdate.safeParse(parseJson(ctx.body));
    if (!parsed.success) return json(400, { error: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') });
    return json(200, this.store.updatePage(platform, handle, parsed.data));
  }
}


