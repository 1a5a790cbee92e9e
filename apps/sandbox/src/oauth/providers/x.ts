import { ACCOUNT_SCHEMAS, X_ACCOUNTS } from '../accounts.js';
import type { ProviderAuthority, ProviderDefinition } from '../authorization-server.js';
import { basicCredentials, bearerToken, formBody, json, type RequestContext, type Respond } from '../http.js';
import { safeEqual } from '../crypto.js';
import type { XAccount } from '../types.js';

type Authority = ProviderAuthority<XAccount>;

/** `GET /2/users/me` data, for the fields this stand-in knows. */
export interface XUser {
  id: string;
  name: string;
  username: string;
  confirmed_email?: string;
  created_at?: string;
  description?: string;
  profile_image_url?: string;
  protected?: boolean;
  verified?: boolean;
}

export interface XTokenResponse {
  token_type: 'bearer';
  expires_in: number;
  access_token: string;
  scope: string;
  refresh_token?: string;
}

const USER_FIELDS = ['confirmed_email', 'created_at', 'description', 'profile_image_url', 'protected', 'verified'] as const;
type UserField = (typeof USER_FIELDS)[number];

/** X's RFC 7807-style problem bodies. */
function problem(status: number, title: string, detail: string, type = 'about:blank', extra: Record<string, unknown> = {}): Respond {
  return json(status, { ...extra, title, detail, type, ...(type === 'about:blank' ? { status } : {}) });
}

function usersMe(ctx: RequestContext, authority: Authority): Respond {
  const auth = authority.authenticate(bearerToken(ctx));
  if (!auth.ok) return problem(401, 'Unauthorized', 'Unauthorized');
  if (!auth.scopes.includes('users.read') || !auth.scopes.includes('tweet.read')) {
    return problem(
      403,
      'Forbidden',
      'Your client app does not have the scopes required for this endpoint (tweet.read, users.read).',
      'https://api.twitter.com/2/problems/client-forbidden',
    );
  }
  const requested = (ctx.url.searchParams.get('user.fields') ?? '').split(',').filter(Boolean);
  const unknown = requested.filter((field) => !(USER_FIELDS as readonly string[]).includes(field));
  if (unknown.length) {
    return json(400, {
      errors: unknown.map((field) => ({
        parameters: { 'user.fields': [field] },
        message: `The \`user.fields\` query parameter value [${field}] is not one of [${USER_FIELDS.join(',')}]`,
      })),
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    });
  }
  const account = auth.account;
  const data: XUser = { id: account.id, name: account.name, username: account.username };
  for (const field of requested as UserField[]) {
    switch (field) {
      case 'confirmed_email':
        // Only with the users.email scope, and only when the account has a confirmed address.
        if (auth.scopes.includes('users.email') && account.confirmedEmail) data.confirmed_email = account.confirmedEmail;
        break;
      case 'created_at':
        data.created_at = '2020-01-01T00:00:00.000Z';
        break;
      case 'description':
        data.description = '';
        break;
      case 'profile_image_url':
        data.profile_image_url = 'https://abs.twimg.com/sticky/default_profile_images/default_profile_normal.png';
        break;
      case 'protected':
        data.protected = false;
        break;
      case 'verified':
        data.verified = false;
        break;
    }
  }
  return json(200, { data });
}

/** `POST /2/oauth2/revoke`: client authentication plus `token`; revokes the grant behind it. */
function revoke(ctx: RequestContext, authority: Authority): Respond {
  const form = formBody(ctx);
  const basic = basicCredentials(ctx);
  const clientId = basic && basic !== 'malformed' ? basic.id : form.get('client_id');
  const secret = basic && basic !== 'malformed' ? basic.secret : form.get('client_secret');
  const client = clientId ? authority.client(clientId) : undefined;
  if (!client || secret === null || !safeEqual(secret, client.clientSecret)) {
    return json(401, { error: 'invalid_client', error_description: 'Missing valid authorization header' });
  }
  const token = form.get('token');
  if (!token) return json(400, { error: 'invalid_request', error_description: 'Missing required parameter [token].' });
  authority.revokeToken(token);
  // RFC 7009: an unknown token is not an error.
  return json(200, { revoked: true });
}

export const xProvider: ProviderDefinition<XAccount> = {
  name: 'x',
  look: { displayName: 'X', accent: '#0f1419' },
  // twitter.com/i/oauth2/authorize and api.x.com/2/… → /x
  authorizePath: '/i/oauth2/authorize',
  tokenPath: '/2/oauth2/token',
  tokenMethods: ['POST'],
  scopes: {
    supported: {
      'tweet.read': 'All the posts you can view, including posts from protected accounts.',
      'users.read': 'Any account you can view, including protected accounts.',
      'users.email': 'Your confirmed e-mail address.',
      'follows.read': 'People who follow you and people who you follow.',
      'like.read': 'Posts you have liked and likes you can view.',
      'offline.access': 'Stay connected to your account until you revoke access.',
    },
    required: true,
    separator: / +/,
    joiner: ' ',
  },
  allowsPublicClients: false,
  // A refresh token only with offline.access; each use replaces it.
  refresh: { issueFor: (grant) => grant.scopes.includes('offline.access'), rotate: true },
  tokenPrefixes: { code: '', access: '', refresh: '' },
  accountSchema: ACCOUNT_SCHEMAS.x,
  seeds: X_ACCOUNTS,
  describeAccount: (account) => ({
    name: account.name,
    detail: `@${account.username} · ${account.confirmedEmail ?? 'no confirmed e-mail'}`,
  }),
  tokenResponse(issued): Record<string, unknown> {
    const body: XTokenResponse = {
      token_type: 'bearer',
      expires_in: issued.expiresIn,
      access_token: issued.accessToken,
      scope: issued.scopes.join(' '),
    };
    if (issued.refreshToken) body.refresh_token = issued.refreshToken;
    return { ...body };
  },
  routes: [
    { path: '/2/users/me', methods: ['GET'], handle: usersMe },
    { path: '/2/oauth2/revoke', methods: ['POST'], handle: revoke },
  ],
};
