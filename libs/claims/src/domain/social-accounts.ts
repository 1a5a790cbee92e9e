import { createHash, randomBytes } from 'node:crypto';
import type { SocialPlatform } from '#pie/contracts';
import type { AppConfig } from '#pie/platform';

/**
 * Signing in to the artist's official account on a platform (OAuth 2.0 + PKCE) and asking the
 * platform which handles that account owns. YouTube goes through Google sign-in, Instagram through
 * Facebook's, as in production. Locally every URL is the sandbox's (SOCIAL_PROVIDERS_BASE_URL).
 */
export interface PlatformSignIn {
  platform: SocialPlatform;
  clientId: string;
  clientSecret: string | undefined;
  authorizeUrl: string;
  tokenUrl: string;
  scopes: string[];
  /** The handles (lower case) the signed-in account owns on the platform. */
  ownedHandles(accessToken: string): Promise<string[]>;
}

async function getJson(url: string, accessToken: string): Promise<any> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}`);
  return response.json();
}

const lower = (values: unknown[]): string[] => values.filter((value): value is string => typeof value === 'string').map((value) => value.replace(/^@/, '').toLowerCase());

export function platformSignIn(config: AppConfig, platform: SocialPlatform): PlatformSignIn | undefined {
  const sandbox = config.SOCIAL_PROVIDERS_BASE_URL?.replace(/\/+$/, '');
  switch (platform) {
    case 'twitter':
      if (!config.TWITTER_CLIENT_ID) return undefined;
      return {
        platform,
        clientId: config.TWITTER_CLIENT_ID,
        clientSecret: config.TWITTER_CLIENT_SECRET,
        authorizeUrl: sandbox ? `${sandbox}/x/i/oauth2/authorize` : 'https://twitter.com/i/oauth2/authorize',
        tokenUrl: sandbox ? `${sandbox}/x/2/oauth2/token` : 'https://api.x.com/2/oauth2/token',
        scopes: ['tweet.read', 'users.read'],
        ownedHandles: async (token) => lower([(await getJson(sandbox ? `${sandbox}/x/2/users/me` : 'https://api.x.com/2/users/me', token))?.data?.username]),
      };
    case 'youtube':
      if (!config.GOOGLE_CLIENT_ID) return undefined;
      return {
        platform,
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        authorizeUrl: sandbox ? `${sandbox}/google/o/oauth2/v2/auth` : 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: sandbox ? `${sandbox}/google/token` : 'https://oauth2.googleapis.com/token',
        scopes: ['https://www.googleapis.com/auth/youtube.readonly'],
        ownedHandles: async (token) => {
          const base = sandbox ? `${sandbox}/socials/youtube` : 'https://www.googleapis.com';
          const body = await getJson(`${base}/youtube/v3/channels?part=snippet&mine=true`, token);
          return lower(((body?.items ?? []) as any[]).map((item) => item?.snippet?.customUrl));
        },
      };
    case 'facebook':
    case 'instagram':
      if (!config.FACEBOOK_CLIENT_ID) return undefined;
      return {
        platform,
        clientId: config.FACEBOOK_CLIENT_ID,
        clientSecret: config.FACEBOOK_CLIENT_SECRET,
        authorizeUrl: sandbox ? `${sandbox}/facebook/v19.0/dialog/oauth` : 'https://www.facebook.com/v19.0/dialog/oauth',
        tokenUrl: sandbox ? `${sandbox}/facebook/v19.0/oauth/access_token` : 'https://graph.facebook.com/v19.0/oauth/access_token',
        scopes: platform === 'facebook' ? ['pages_show_list'] : ['pages_show_list', 'instagram_basic'],
        ownedHandles: async (token) => {
          const graph = sandbox ? `${sandbox}/socials/facebook/v19.0` : 'https://graph.facebook.com/v19.0';
          const fields = platform === 'facebook' ? 'username' : 'instagram_business_account{username}';
          const body = await getJson(`${graph}/me/accounts?fields=${encodeURIComponent(fields)}`, token);
          const pages = (body?.data ?? []) as any[];
          return lower(platform === 'facebook' ? pages.map((page) => page?.username) : pages.map((page) => page?.instagram_business_account?.username));
        },
      };
  }
}

export function newPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(signIn: PlatformSignIn, options: { redirectUri: string; state: string; challenge: string }): string {
  const url = new URL(signIn.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: signIn.clientId,
    response_type: 'code',
    redirect_uri: options.redirectUri,
    scope: signIn.scopes.join(' '),
    state: options.state,
    code_challenge: options.challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** The code for an access token, with the PKCE verifier and the client's credentials (HTTP Basic). */
export async function exchangeCode(signIn: PlatformSignIn, options: { code: string; redirectUri: string; verifier: string }): Promise<string> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (signIn.clientSecret) {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(signIn.clientId)}:${encodeURIComponent(signIn.clientSecret)}`).toString('base64')}`;
  }
  const response = await fetch(signIn.tokenUrl, {
    method: 'POST',
    headers,
    body: new URLSearchParams({ grant_type: 'authorization_code', code: options.code, redirect_uri: options.redirectUri, code_verifier: options.verifier, client_id: signIn.clientId }),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof answer.access_token !== 'string') throw new Error(`token request answered ${response.status}`);
  return answer.access_token;
}

export function stateHash(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}
