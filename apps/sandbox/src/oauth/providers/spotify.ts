import { ACCOUNT_SCHEMAS, SPOTIFY_ACCOUNTS } from '../accounts.js';
import type { ProviderAuthority, ProviderDefinition } from '../authorization-server.js';
import { bearerToken, json, type RequestContext, type Respond } from '../http.js';
import type { SpotifyAccount } from '../types.js';

/*
 * Spotify's response types, written out here because neither `@types/spotify-api` nor
 * `@spotify/web-api-ts-sdk` is installed; they follow `SpotifyApi.UserObjectPrivate` /
 * `UserObjectPublic` of `@types/spotify-api` field for field.
 */
export interface SpotifyImageObject {
  url: string;
  height: number | null;
  width: number | null;
}

export interface SpotifyUserObjectPublic {
  display_name?: string;
  external_urls: { spotify: string };
  followers?: { href: null; total: number };
  href: string;
  id: string;
  images?: SpotifyImageObject[];
  type: 'user';
  uri: string;
}

/** `GET /v1/me`; `email` needs `user-read-email`, country/product/explicit_content need `user-read-private`. */
export interface SpotifyUserObjectPrivate extends SpotifyUserObjectPublic {
  email?: string;
  country?: string;
  product?: string;
  explicit_content?: { filter_enabled: boolean; filter_locked: boolean };
}

/** Spotify Web API error body (`{ error: { status, message } }`). */
export interface SpotifyErrorObject {
  error: { status: number; message: string };
}

/** What Spotify's accounts service answers on a token request. */
export interface SpotifyTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  scope: string;
  expires_in: number;
  refresh_token?: string;
}

type Authority = ProviderAuthority<SpotifyAccount>;

function publicUser(account: SpotifyAccount, authority: Authority): SpotifyUserObjectPublic {
  return {
    display_name: account.displayName,
    external_urls: { spotify: `https://open.spotify.com/user/${account.id}` },
    followers: { href: null, total: account.followers },
    href: `${authority.prefixUrl}/api/v1/users/${account.id}`,
    id: account.id,
    images: account.imageUrl ? [{ url: account.imageUrl, height: 300, width: 300 }] : [],
    type: 'user',
    uri: `spotify:user:${account.id}`,
  };
}

function privateUser(account: SpotifyAccount, scopes: string[], authority: Authority): SpotifyUserObjectPrivate {
  const user: SpotifyUserObjectPrivate = publicUser(account, authority);
  if (scopes.includes('user-read-private')) {
    user.country = account.country;
    user.product = account.product;
    user.explicit_content = { filter_enabled: account.explicitContentFilter, filter_locked: false };
  }
  if (scopes.includes('user-read-email')) user.email = account.email;
  return user;
}

/** A Web API error in Spotify's shape (`{ error: { status, message } }`); 401s carry WWW-Authenticate. */
export function apiError(status: number, message: string, extraHeaders: Record<string, string> = {}): Respond {
  const body: SpotifyErrorObject = { error: { status, message } };
  const headers: Record<string, string> =
    status === 401 ? { 'www-authenticate': `Bearer realm="spotify", error="invalid_token", error_description="${message}"` } : {};
  return json(status, body, { ...headers, ...extraHeaders });
}

/** What a 401 of the Web API says for each way a token can fail. */
export const UNAUTHORIZED_MESSAGES = { missing: 'No token provided', invalid: 'Invalid access token', expired: 'The access token expired' } as const;

/** Authenticates a Web API call, or answers as Spotify does for a missing, unknown or expired token. */
function withUser(ctx: RequestContext, authority: Authority, respond: (account: SpotifyAccount, scopes: string[]) => Respond): Respond {
  const auth = authority.authenticate(bearerToken(ctx));
  if (!auth.ok) {
    return apiError(401, UNAUTHORIZED_MESSAGES[auth.reason]);
  }
  return respond(auth.account, auth.scopes);
}

export const spotifyProvider: ProviderDefinition<SpotifyAccount> = {
  name: 'spotify',
  look: { displayName: 'Spotify', accent: '#13773a' },
  // accounts.spotify.com → /spotify/accounts, api.spotify.com → /spotify/api
  authorizePath: '/accounts/authorize',
  tokenPath: '/accounts/api/token',
  tokenMethods: ['POST'],
  scopes: {
    supported: {
      'user-read-email': 'Read your e-mail address.',
      'user-read-private': 'Read your subscription details and country.',
      'user-read-recently-played': 'Access your recently played items.',
      'user-top-read': 'Read your top artists and content.',
      'user-library-read': 'Access your saved content.',
      'user-follow-read': 'Access your followers and who you are following.',
      'user-read-currently-playing': 'Read your currently playing content.',
      'user-read-playback-state': 'Read your currently playing content and Spotify Connect devices information.',
      'playlist-read-private': 'Access your private playlists.',
    },
    required: false,
    separator: / +/,
    joiner: ' ',
  },
  // Spotify's PKCE flow: the app may send only client_id (no secret) with the code_verifier.
  allowsPublicClients: true,
  refresh: { issueFor: () => true, rotate: true },
  tokenPrefixes: { code: 'AQ', access: 'BQ', refresh: 'AQ' },
  accountSchema: ACCOUNT_SCHEMAS.spotify,
  seeds: SPOTIFY_ACCOUNTS,
  describeAccount: (account) => ({ name: account.displayName, detail: `${account.email} · ${account.product} · ${account.country}` }),
  tokenResponse(issued): Record<string, unknown> {
    const body: SpotifyTokenResponse = {
      access_token: issued.accessToken,
      token_type: 'Bearer',
      scope: issued.scopes.join(' '),
      expires_in: issued.expiresIn,
    };
    if (issued.refreshToken) body.refresh_token = issued.refreshToken;
    return { ...body };
  },
  routes: [
    {
      path: '/api/v1/me',
      methods: ['GET'],
      handle: (ctx, authority) => withUser(ctx, authority, (account, scopes) => json(200, privateUser(account, scopes, authority))),
    },
    {
      path: /^\/api\/v1\/users\/[^/]+$/,
      methods: ['GET'],
      handle: (ctx, authority) =>
        withUser(ctx, authority, () => {
          const id = decodeURIComponent(ctx.path.slice('/api/v1/users/'.length));
          const account = authority.account(id);
          return account ? json(200, publicUser(account, authority)) : apiError(404, 'Resource not found');
        }),
    },
  ],
};
