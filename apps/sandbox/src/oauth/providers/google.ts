import { ACCOUNT_SCHEMAS, GOOGLE_ACCOUNTS } from '../accounts.js';
import type { Grant, ProviderAuthority, ProviderDefinition } from '../authorization-server.js';
import { atHash, signJwtHs256 } from '../crypto.js';
import { bearerToken, formBody, json, type RequestContext, type Respond } from '../http.js';
import type { GoogleAccount } from '../types.js';

type Authority = ProviderAuthority<GoogleAccount>;

/** OpenID Connect userinfo claims as Google returns them. */
export interface GoogleUserInfo {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  locale?: string;
}

/** Google's token response. */
export interface GoogleTokenResponse {
  access_token: string;
  expires_in: number;
  scope: string;
  token_type: 'Bearer';
  id_token?: string;
  refresh_token?: string;
}

const EMAIL_SCOPE = 'https://www.googleapis.com/auth/userinfo.email';
const PROFILE_SCOPE = 'https://www.googleapis.com/auth/userinfo.profile';

const hasEmail = (scopes: string[]) => scopes.includes('email') || scopes.includes(EMAIL_SCOPE);
const hasProfile = (scopes: string[]) => scopes.includes('profile') || scopes.includes(PROFILE_SCOPE);

/** Google reports the short `email`/`profile` scopes by their long names. */
function grantedScopeString(scopes: string[]): string {
  const long = scopes.map((s) => (s === 'email' ? EMAIL_SCOPE : s === 'profile' ? PROFILE_SCOPE : s));
  return [...new Set(long)].join(' ');
}

function userInfo(account: GoogleAccount, scopes: string[]): GoogleUserInfo {
  const claims: GoogleUserInfo = { sub: account.id };
  if (hasProfile(scopes)) {
    claims.name = `${account.givenName} ${account.familyName}`;
    claims.given_name = account.givenName;
    claims.family_name = account.familyName;
    if (account.picture) claims.picture = account.picture;
    claims.locale = account.locale;
  }
  if (hasEmail(scopes)) {
    claims.email = account.email;
    claims.email_verified = account.emailVerified;
  }
  return claims;
}

/**
 * The ID token: a JWT signed HS256 with the client's secret (OpenID Connect Core §10.1 allows a
 * confidential client's secret as the MAC key), so a client verifies it without fetching keys.
 * Real Google signs RS256 with keys from its jwks_uri; the discovery document says HS256 here.
 */
function idToken(authority: Authority, grant: Grant, account: GoogleAccount, clientSecret: string, accessToken: string, scopes: string[]): string {
  const iat = Math.floor(authority.now() / 1000);
  const nonce = grant.params.get('nonce');
  return signJwtHs256(
    {
      ...userInfo(account, scopes),
      iss: authority.prefixUrl,
      azp: grant.clientId,
      aud: grant.clientId,
      sub: account.id,
      at_hash: atHash(accessToken),
      ...(nonce ? { nonce } : {}),
      auth_time: Math.floor(grant.authTime / 1000),
      iat,
      exp: iat + 3600,
    },
    clientSecret,
  );
}

function userInfoError(): Respond {
  return json(
    401,
    { error: 'invalid_request', error_description: 'Invalid Credentials' },
    { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  );
}

function discovery(authority: Authority): Record<string, unknown> {
  const base = authority.prefixUrl;
  return {
    issuer: base,
    authorization_endpoint: `${base}/o/oauth2/v2/auth`,
    token_endpoint: `${base}/token`,
    userinfo_endpoint: `${base}/v1/userinfo`,
    revocation_endpoint: `${base}/revoke`,
    jwks_uri: `${base}/oauth2/v3/certs`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['HS256'],
    scopes_supported: ['openid', 'email', 'profile'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    claims_supported: ['aud', 'email', 'email_verified', 'exp', 'family_name', 'given_name', 'iat', 'iss', 'locale', 'name', 'picture', 'sub', 'nonce', 'at_hash', 'auth_time', 'azp'],
    code_challenge_methods_supported: ['S256'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
  };
}

/** Google's revoke: the token in the form body (or query); revokes the whole grant. */
function revoke(ctx: RequestContext, authority: Authority): Respond {
  const token = formBody(ctx).get('token') ?? ctx.url.searchParams.get('token');
  if (!token) return json(400, { error: 'invalid_request', error_description: 'Missing required parameter: token' });
  if (!authority.revokeToken(token)) return json(400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
  return json(200, {});
}

export const googleProvider: ProviderDefinition<GoogleAccount> = {
  name: 'google',
  look: { displayName: 'Google', accent: '#1a5dc9' },
  // accounts.google.com, oauth2.googleapis.com and openidconnect.googleapis.com all → /google
  authorizePath: '/o/oauth2/v2/auth',
  tokenPath: '/token',
  tokenMethods: ['POST'],
  scopes: {
    supported: {
      openid: 'Associate you with your personal info on Google.',
      email: 'See your primary Google Account e-mail address.',
      profile: 'See your personal info, including any personal info you have made publicly available.',
      [EMAIL_SCOPE]: 'See your primary Google Account e-mail address.',
      [PROFILE_SCOPE]: 'See your personal info, including any personal info you have made publicly available.',
      'https://www.googleapis.com/auth/youtube.readonly': 'View your YouTube account.',
    },
    required: true,
    separator: / +/,
    joiner: ' ',
  },
  allowsPublicClients: false,
  // As at Google: a refresh token only for access_type=offline; it is reused, not rotated.
  refresh: { issueFor: (grant) => grant.params.get('access_type') === 'offline', rotate: false },
  tokenPrefixes: { code: '4/0', access: 'ya29.', refresh: '1//0' },
  accountSchema: ACCOUNT_SCHEMAS.google,
  seeds: GOOGLE_ACCOUNTS,
  describeAccount: (account) => ({
    name: `${account.givenName} ${account.familyName}`,
    detail: account.emailVerified ? account.email : `${account.email} (e-mail not verified)`,
  }),
  tokenResponse(issued, authority): Record<string, unknown> {
    const body: GoogleTokenResponse = {
      access_token: issued.accessToken,
      expires_in: issued.expiresIn,
      scope: grantedScopeString(issued.scopes),
      token_type: 'Bearer',
    };
    if (issued.scopes.includes('openid')) {
      body.id_token = idToken(authority, issued.grant, issued.account, issued.client.clientSecret, issued.accessToken, issued.scopes);
    }
    if (issued.refreshToken) body.refresh_token = issued.refreshToken;
    return { ...body };
  },
  successRedirectParams: (scopes) => ({ scope: grantedScopeString(scopes), authuser: '0', prompt: 'consent' }),
  routes: [
    {
      path: '/v1/userinfo',
      methods: ['GET', 'POST'],
      handle(ctx, authority) {
        const auth = authority.authenticate(bearerToken(ctx));
        return auth.ok ? json(200, userInfo(auth.account, auth.scopes)) : userInfoError();
      },
    },
    { path: '/.well-known/openid-configuration', methods: ['GET'], handle: (_ctx, authority) => json(200, discovery(authority)) },
    // HS256 needs no public keys; the set is empty but present, as OpenID clients expect the endpoint.
    { path: '/oauth2/v3/certs', methods: ['GET'], handle: () => json(200, { keys: [] }) },
    { path: '/revoke', methods: ['POST'], handle: revoke },
  ],
};
