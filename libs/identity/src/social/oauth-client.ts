import { createHash, randomBytes } from 'node:crypto';
import type { ProviderSettings, SocialProfile } from './social-providers.js';

export class OAuthExchangeError extends Error {}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scope: string | null;
}

/** PKCE (RFC 7636): a random verifier kept server-side, and its S256 challenge sent to the provider. */
export function newPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(settings: ProviderSettings, options: { redirectUri: string; state: string; challenge: string }): string {
  const url = new URL(settings.authorizeUrl);
  url.search = new URLSearchParams({
    client_id: settings.clientId,
    response_type: 'code',
    redirect_uri: options.redirectUri,
    scope: settings.scopes.join(' '),
    state: options.state,
    code_challenge: options.challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** Sent when the provider answers a token request with 400/401: the grant is no longer good. */
export class OAuthGrantRefusedError extends OAuthExchangeError {}

/** A token-endpoint request with the client's credentials (HTTP Basic when there is a secret). */
async function tokenRequest(settings: ProviderSettings, params: Record<string, string>): Promise<TokenSet> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (settings.clientSecret) {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`).toString('base64')}`;
  }
  const response = await fetch(settings.tokenUrl, {
    method: 'POST',
    headers,
    body: new URLSearchParams({ ...params, client_id: settings.clientId }),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status === 400 || response.status === 401) {
    throw new OAuthGrantRefusedError(`${settings.label} refused the sign-in code: ${String(answer.error ?? response.status)}`);
  }
  if (!response.ok || typeof answer.access_token !== 'string') {
    throw new OAuthExchangeError(`${settings.label} token request failed (${response.status})`);
  }
  return {
    accessToken: answer.access_token,
    refreshToken: typeof answer.refresh_token === 'string' ? answer.refresh_token : null,
    expiresAt: typeof answer.expires_in === 'number' ? new Date(Date.now() + answer.expires_in * 1000) : null,
    scope: typeof answer.scope === 'string' ? answer.scope : null,
  };
}

/** Exchanges the authorization code (with the PKCE verifier and the client's credentials) for tokens. */
export function exchangeCode(settings: ProviderSettings, options: { code: string; redirectUri: string; verifier: string }): Promise<TokenSet> {
  return tokenRequest(settings, { grant_type: 'authorization_code', code: options.code, redirect_uri: options.redirectUri, code_verifier: options.verifier });
}

/** Renews an access token; OAuthGrantRefusedError when the refresh token is no longer accepted. */
export function refreshTokens(settings: ProviderSettings, refreshToken: string): Promise<TokenSet> {
  return tokenRequest(settings, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

export async function fetchProfile(settings: ProviderSettings, accessToken: string): Promise<SocialProfile> {
  const response = await fetch(settings.profileUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new OAuthExchangeError(`${settings.label} did not return the profile (${response.status})`);
  const profile = settings.toProfile(await response.json());
  if (!profile.providerUserId || profile.providerUserId === 'undefined') throw new OAuthExchangeError(`${settings.label} returned no user id`);
  return profile;
}
