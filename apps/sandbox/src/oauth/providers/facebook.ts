import { ACCOUNT_SCHEMAS, FACEBOOK_ACCOUNTS } from '../accounts.js';
import type { OAuthError, ProviderAuthority, ProviderDefinition } from '../authorization-server.js';
import { randomToken } from '../crypto.js';
import { bearerToken, formBody, json, type RequestContext, type Respond } from '../http.js';
import type { FacebookAccount } from '../types.js';

type Authority = ProviderAuthority<FacebookAccount>;

/** Graph API error body. */
export interface FacebookGraphError {
  error: { message: string; type: string; code: number; error_subcode?: number; fbtrace_id: string };
}

export interface FacebookTokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
}

/** `GET /me` fields this stand-in serves. */
const USER_FIELDS = ['id', 'name', 'first_name', 'last_name', 'short_name', 'email'] as const;
type UserField = (typeof USER_FIELDS)[number];

/** Graph paths work with and without a version prefix (`/v19.0/me` and `/me`). */
const VERSION = String.raw`(?:\/v\d+\.\d+)?`;

function graphError(status: number, message: string, code: number, subcode?: number, headers: Record<string, string> = {}): Respond {
  const body: FacebookGraphError = {
    error: { message, type: 'OAuthException', code, ...(subcode === undefined ? {} : { error_subcode: subcode }), fbtrace_id: randomToken(8) },
  };
  return json(status, body, headers);
}

/** The token from `Authorization: Bearer` or the `access_token` parameter (query or form). */
function graphToken(ctx: RequestContext): string | undefined {
  return bearerToken(ctx) ?? ctx.url.searchParams.get('access_token') ?? formBody(ctx).get('access_token') ?? undefined;
}

function withUser(ctx: RequestContext, authority: Authority, respond: (account: FacebookAccount, scopes: string[]) => Respond): Respond {
  const auth = authority.authenticate(graphToken(ctx));
  if (auth.ok) return respond(auth.account, auth.scopes);
  if (auth.reason === 'missing') {
    return graphError(400, 'An active access token must be used to query information about the current user.', 2500);
  }
  const [message, subcode] =
    auth.reason === 'expired'
      ? ['Error validating access token: Session has expired.', 463]
      : ['Invalid OAuth access token - Cannot parse access token', undefined];
  // Graph itself answers these with 400; the sandbox uses 401 so every provider's user endpoint agrees.
  return graphError(401, message, 190, subcode, { 'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message}"` });
}

function me(ctx: RequestContext, authority: Authority): Respond {
  return withUser(ctx, authority, (account, scopes) => {
    const fields = (ctx.url.searchParams.get('fields') ?? 'id,name').split(',').map((f) => f.trim()).filter(Boolean);
    const unknown = fields.find((field) => !(USER_FIELDS as readonly string[]).includes(field));
    if (unknown) return graphError(400, `(#100) Tried accessing nonexisting field (${unknown}) on node type (User)`, 100);
    const user: Partial<Record<UserField, string>> = {};
    for (const field of fields as UserField[]) {
      if (field === 'id') user.id = account.id;
      else if (field === 'name') user.name = `${account.firstName} ${account.lastName}`;
      else if (field === 'first_name') user.first_name = account.firstName;
      else if (field === 'last_name') user.last_name = account.lastName;
      else if (field === 'short_name') user.short_name = account.firstName;
      // Left out, as Graph does, without the email permission or when the account has none.
      else if (field === 'email' && scopes.includes('email') && account.email) user.email = account.email;
    }
    // Graph always includes the id.
    user.id = account.id;
    return json(200, user);
  });
}

/** `GET /me/permissions` lists the grant; `DELETE /me/permissions` revokes it (de-authorizes the app). */
function permissions(ctx: RequestContext, authority: Authority): Respond {
  return withUser(ctx, authority, (_account, scopes) => {
    if (ctx.method === 'DELETE') {
      authority.revokeToken(graphToken(ctx) as string);
      return json(200, { success: true });
    }
    return json(200, { data: scopes.map((permission) => ({ permission, status: 'granted' })) });
  });
}

/** Graph reports token-exchange failures as OAuthException, not RFC 6749 JSON. */
function tokenError(error: OAuthError): Respond {
  if (error.error === 'invalid_client' && error.description === 'Invalid client') {
    return graphError(400, 'Error validating application. Invalid application ID.', 101);
  }
  if (error.error === 'invalid_client') return graphError(400, `Error validating client secret. (${error.description})`, 1);
  if (error.error === 'invalid_grant' && /used/.test(error.description)) return graphError(400, 'This authorization code has been used.', 100, 36009);
  if (error.error === 'invalid_grant' && /expired/.test(error.description)) return graphError(400, 'This authorization code has expired.', 100, 36007);
  return graphError(400, `${error.description} (${error.error})`, 100);
}

export const facebookProvider: ProviderDefinition<FacebookAccount> = {
  name: 'facebook',
  look: { displayName: 'Facebook', accent: '#1659c9' },
  // www.facebook.com/v19.0/dialog/oauth and graph.facebook.com/… → /facebook
  authorizePath: new RegExp(`^${VERSION}/dialog/oauth$`),
  tokenPath: new RegExp(`^${VERSION}/oauth/access_token$`),
  tokenMethods: ['GET', 'POST'],
  scopes: {
    supported: {
      public_profile: 'Your name and profile picture.',
      email: 'Your e-mail address.',
      pages_show_list: 'Show a list of the Pages you manage.',
      instagram_basic: 'Access profile and media of your Instagram accounts.',
    },
    required: false,
    // Facebook takes comma- or space-separated permissions.
    separator: /[ ,]+/,
    joiner: ',',
    implicit: ['public_profile'],
  },
  allowsPublicClients: false,
  // Facebook has no refresh tokens (long-lived tokens come from fb_exchange_token, not modelled).
  refresh: null,
  tokenPrefixes: { code: 'AQ', access: 'EAA', refresh: '' },
  accountSchema: ACCOUNT_SCHEMAS.facebook,
  seeds: FACEBOOK_ACCOUNTS,
  describeAccount: (account) => ({ name: `${account.firstName} ${account.lastName}`, detail: account.email ?? 'no e-mail (signed up by phone)' }),
  tokenResponse(issued): Record<string, unknown> {
    const body: FacebookTokenResponse = { access_token: issued.accessToken, token_type: 'bearer', expires_in: issued.expiresIn };
    return { ...body };
  },
  tokenError,
  errorRedirectParams: (error): Record<string, string> =>
    error === 'access_denied' ? { error_code: '200', error_description: 'Permissions error', error_reason: 'user_denied' } : {},
  routes: [
    { path: new RegExp(`^${VERSION}/me$`), methods: ['GET'], handle: me },
    { path: new RegExp(`^${VERSION}/me/permissions$`), methods: ['GET', 'DELETE'], handle: permissions },
  ],
};
