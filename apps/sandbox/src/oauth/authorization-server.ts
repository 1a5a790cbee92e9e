import type { z } from 'zod';
import { CODE_VERIFIER_PATTERN, randomToken, S256_CHALLENGE_PATTERN, s256, safeEqual } from './crypto.js';
import {
  basicCredentials,
  formBody,
  html,
  HttpError,
  json,
  jsonBody,
  methodNotAllowed,
  redirect,
  type RequestContext,
  type Respond,
} from './http.js';
import { renderConsentPage, renderErrorPage, type ProviderLook } from './pages.js';
import type { BaseAccount, OAuthClient, ProviderName } from './types.js';

/** An RFC 6749 error: `error` is the registered code, `description` the human text. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}

/** A sign-in the person has not yet answered on the consent page. */
export interface AuthorizationRequest {
  id: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string;
  /** The authorize query as sent, for provider-specific parameters (nonce, access_type, …). */
  params: URLSearchParams;
  expiresAt: number;
}

/** What one consent produced: the tokens issued from one code all belong to one grant. */
export interface Grant {
  id: string;
  accountId: string;
  clientId: string;
  scopes: string[];
  /** When the person chose the account (ms since the epoch). */
  authTime: number;
  params: URLSearchParams;
}

interface CodeRecord {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  accountId: string;
  scopes: string[];
  authTime: number;
  params: URLSearchParams;
  expiresAt: number;
  /** Set on first use; a second use revokes what the first produced (RFC 6749 §4.1.2). */
  grantId?: string;
  used: boolean;
}

interface AccessTokenRecord {
  grantId: string;
  expiresAt: number;
}

interface RefreshTokenRecord {
  grantId: string;
}

export interface IssuedTokens<A extends BaseAccount> {
  grantType: 'authorization_code' | 'refresh_token';
  client: OAuthClient;
  grant: Grant;
  account: A;
  accessToken: string;
  expiresIn: number;
  /** Only when the provider issues (or rotates) one for this grant. */
  refreshToken: string | undefined;
  /** Scopes of this access token (a refresh may narrow them). */
  scopes: string[];
}

export type Authentication<A extends BaseAccount> =
  | { ok: true; account: A; grant: Grant; scopes: string[] }
  | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

/** A route a provider serves besides authorize/consent/token, e.g. its user endpoint. */
export interface ProviderRoute<A extends BaseAccount> {
  /** Path below the provider prefix; a RegExp must match the whole path. */
  path: string | RegExp;
  methods: string[];
  handle(ctx: RequestContext, authority: ProviderAuthority<A>): Respond;
}

/** Everything that differs between providers; the flow itself is shared. */
export interface ProviderDefinition<A extends BaseAccount> {
  name: ProviderName;
  look: ProviderLook;
  authorizePath: string | RegExp;
  tokenPath: string | RegExp;
  /** Facebook also takes the exchange as a GET with query parameters. */
  tokenMethods: Array<'GET' | 'POST'>;
  scopes: {
    /** Scope → what the consent page says it allows. */
    supported: Record<string, string>;
    /** Whether an authorize request without `scope` is refused. */
    required: boolean;
    /** How the `scope` parameter is split, and joined in token responses. */
    separator: RegExp;
    joiner: string;
    /** Always part of a grant, asked for or not (Facebook's public_profile). */
    implicit?: string[];
  };
  /** Whether a client may authenticate with client_id alone when PKCE protects the code (Spotify). */
  allowsPublicClients: boolean;
  /** Whether the grant gets a refresh token, and whether using it replaces it. */
  refresh: { issueFor(grant: Grant): boolean; rotate: boolean } | null;
  tokenPrefixes: { code: string; access: string; refresh: string };
  accountSchema: z.ZodType<A, unknown>;
  seeds: readonly A[];
  describeAccount(account: A): { name: string; detail: string };
  /** The token response body for issued tokens. */
  tokenResponse(issued: IssuedTokens<A>, authority: ProviderAuthority<A>): Record<string, unknown>;
  /** How the token endpoint reports an error; RFC 6749 §5.2 JSON unless overridden. */
  tokenError?(error: OAuthError): Respond;
  /** Extra parameters on an error redirect (Facebook's error_reason, …). */
  errorRedirectParams?(error: string): Record<string, string>;
  /** Extra parameters on the success redirect (Google echoes scope and authuser). */
  successRedirectParams?(grantScopes: string[], authority: ProviderAuthority<A>): Record<string, string>;
  routes: ProviderRoute<A>[];
}

export interface AuthorityOptions {
  clients: OAuthClient[];
  /** Base URL of the providers server (no trailing slash), e.g. `http://127.0.0.1:4000`. */
  baseUrl: () => string;
  now: () => number;
  codeTtlSeconds: number;
  accessTokenTtlSeconds: number;
  logger: (msg: string) => void;
}

/** A consent page left open this long must be restarted from the app. */
const REQUEST_TTL_MS = 10 * 60 * 1000;
/** Expired access tokens are remembered this long so the answer can say "expired". */
const EXPIRED_TOKEN_MEMORY_MS = 24 * 60 * 60 * 1000;

/**
 * One provider's authorization server: registered clients, test accounts, the authorize →
 * consent → code → token flow with PKCE S256, access and refresh tokens, and the `__admin`
 * routes. All state is in memory; a restart forgets every token, as a fresh sandbox should.
 */
export class ProviderAuthority<A extends BaseAccount> {
  readonly name: ProviderName;
  private readonly clients = new Map<string, OAuthClient>();
  private readonly accounts = new Map<string, A>();
  private readonly requests = new Map<string, AuthorizationRequest>();
  private readonly codes = new Map<string, CodeRecord>();
  private readonly grants = new Map<string, Grant>();
  private readonly accessTokens = new Map<string, AccessTokenRecord>();
  private readonly refreshTokens = new Map<string, RefreshTokenRecord>();
  /** Refresh tokens of revoked grants (token → when), so a refresh answers "revoked" as Spotify's does, not "invalid". */
  private readonly revokedRefreshTokens = new Map<string, number>();

  constructor(
    readonly definition: ProviderDefinition<A>,
    private readonly options: AuthorityOptions,
  ) {
    this.name = definition.name;
    for (const client of options.clients) this.clients.set(client.clientId, client);
    for (const seed of definition.seeds) this.accounts.set(seed.id, structuredClone(seed));
  }

  /** `<base>/<provider>`, e.g. the Google issuer. */
  get prefixUrl(): string {
    return `${this.options.baseUrl()}/${this.name}`;
  }

  now(): number {
    return this.options.now();
  }

  client(clientId: string): OAuthClient | undefined {
    return this.clients.get(clientId);
  }

  account(id: string): A | undefined {
    return this.accounts.get(id);
  }

  listAccounts(): A[] {
    return [...this.accounts.values()];
  }

  /** Routes one request below `/<provider>`; undefined when no route matches the path. */
  handle(ctx: RequestContext): Respond | undefined {
    this.sweep();
    const def = this.definition;
    if (matches(def.authorizePath, ctx.path)) return only(ctx, ['GET'], () => this.authorize(ctx));
    if (ctx.path === '/consent') return only(ctx, ['POST'], () => this.consent(ctx));
    if (matches(def.tokenPath, ctx.path)) return only(ctx, def.tokenMethods, () => this.token(ctx));
    const admin = this.adminRoute(ctx);
    if (admin) return admin;
    for (const route of def.routes) {
      if (matches(route.path, ctx.path)) return only(ctx, route.methods, () => route.handle(ctx, this));
    }
    return undefined;
  }

  // ---- authorize and consent -------------------------------------------------------------

  private authorize(ctx: RequestContext): Respond {
    const params = ctx.url.searchParams;
    const def = this.definition;
    // Until client and redirect_uri are known good, errors go on a page: never redirect to an unvetted URI.
    const clientId = params.get('client_id');
    if (!clientId) return this.errorPage(400, 'invalid_request', 'The request is missing the client_id parameter.');
    const client = this.clients.get(clientId);
    if (!client) return this.errorPage(400, 'invalid_client', `No app is registered with client_id ${clientId}.`);
    const redirectUri = params.get('redirect_uri');
    if (!redirectUri) return this.errorPage(400, 'invalid_request', 'The request is missing the redirect_uri parameter.');
    if (!client.redirectUris.includes(redirectUri)) {
      return this.errorPage(
        400,
        'redirect_uri_mismatch',
        `The redirect URI ${redirectUri} is not registered for the app ${clientId}. Registered: ${client.redirectUris.join(', ')}.`,
      );
    }

    const state = params.get('state') ?? undefined;
    const fail = (error: string, description: string) => this.errorRedirect(redirectUri, state, error, description);
    const responseType = params.get('response_type');
    if (!responseType) return fail('invalid_request', 'response_type is required');
    if (responseType !== 'code') return fail('unsupported_response_type', `response_type ${responseType} is not supported; use code`);
    const codeChallenge = params.get('code_challenge');
    if (!codeChallenge) return fail('invalid_request', 'code_challenge is required (PKCE)');
    if (params.get('code_challenge_method') !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
    if (!S256_CHALLENGE_PATTERN.test(codeChallenge)) return fail('invalid_request', 'code_challenge is not a base64url SHA-256 value');

    const requested = (params.get('scope') ?? '').split(def.scopes.separator).filter(Boolean);
    if (def.scopes.required && requested.length === 0) return fail('invalid_request', 'scope is required');
    const unknown = requested.filter((scope) => !(scope in def.scopes.supported));
    if (unknown.length) return fail('invalid_scope', `Unsupported scope: ${unknown.join(' ')}`);
    const scopes = [...new Set([...(def.scopes.implicit ?? []), ...requested])];

    const request: AuthorizationRequest = {
      id: randomToken(24),
      clientId,
      redirectUri,
      scopes,
      state,
      codeChallenge,
      params: new URLSearchParams(params),
      expiresAt: this.now() + REQUEST_TTL_MS,
    };
    this.requests.set(request.id, request);
    return html(
      200,
      renderConsentPage({
        look: def.look,
        consentAction: `/${this.name}/consent`,
        requestId: request.id,
        clientId,
        redirectUri,
        scopes: scopes.map((scope) => ({ scope, description: def.scopes.supported[scope] })),
        accounts: this.listAccounts().map((account) => ({ id: account.id, ...def.describeAccount(account) })),
      }),
    );
  }

  private consent(ctx: RequestContext): Respond {
    const form = formBody(ctx);
    const request = this.requests.get(form.get('request_id') ?? '');
    if (!request || request.expiresAt <= this.now()) {
      return this.errorPage(400, 'invalid_request', 'This sign-in request has expired or was already answered. Start the sign-in again from the app.');
    }
    if (form.has('cancel')) {
      this.requests.delete(request.id);
      this.log(`consent cancelled for ${request.clientId}`);
      return this.errorRedirect(request.redirectUri, request.state, 'access_denied', 'The user denied the request');
    }
    const account = this.accounts.get(form.get('account_id') ?? '');
    if (!account) return this.errorPage(400, 'invalid_request', 'Choose one of the listed accounts.');
    this.requests.delete(request.id);

    const code = `${this.definition.tokenPrefixes.code}${randomToken()}`;
    const now = this.now();
    this.codes.set(code, {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      accountId: account.id,
      scopes: request.scopes,
      authTime: now,
      params: request.params,
      expiresAt: now + this.options.codeTtlSeconds * 1000,
      used: false,
    });
    this.log(`code issued to ${request.clientId} for account ${account.id}`);
    const extra = this.definition.successRedirectParams?.(request.scopes, this) ?? {};
    return redirect(withParams(request.redirectUri, { code, ...(request.state === undefined ? {} : { state: request.state }), ...extra }));
  }

  private errorRedirect(redirectUri: string, state: string | undefined, error: string, description: string): Respond {
    const extra = this.definition.errorRedirectParams?.(error) ?? {};
    return redirect(
      withParams(redirectUri, { error, error_description: description, ...extra, ...(state === undefined ? {} : { state }) }),
    );
  }

  private errorPage(status: number, error: string, description: string): Respond {
    return html(status, renderErrorPage(this.definition.look, error, description));
  }

  // ---- token endpoint --------------------------------------------------------------------

  private token(ctx: RequestContext): Respond {
    try {
      // The form body wins; the query counts only for providers that take GET (Facebook).
      const params = new URLSearchParams(this.definition.tokenMethods.includes('GET') ? ctx.url.searchParams : undefined);
      for (const [key, value] of formBody(ctx)) params.set(key, value);
      const grantType = params.get('grant_type') ?? (this.name === 'facebook' && params.has('code') ? 'authorization_code' : null);
      if (!grantType) throw new OAuthError(400, 'invalid_request', 'grant_type is required');
      if (grantType !== 'authorization_code' && !(grantType === 'refresh_token' && this.definition.refresh)) {
        throw new OAuthError(400, 'unsupported_grant_type', `grant_type ${grantType} is not supported`);
      }
      const client = this.authenticateClient(ctx, params);
      const issued = grantType === 'authorization_code' ? this.exchangeCode(client, params) : this.useRefreshToken(client, params);
      return json(200, this.definition.tokenResponse(issued, this));
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      this.log(`token request refused: ${error.message}`);
      return this.definition.tokenError ? this.definition.tokenError(error) : rfc6749Error(error);
    }
  }

  private authenticateClient(ctx: RequestContext, params: URLSearchParams): OAuthClient {
    const basic = basicCredentials(ctx);
    if (basic === 'malformed') throw new OAuthError(401, 'invalid_client', 'Malformed Basic authorization header');
    if (basic && params.has('client_secret')) {
      throw new OAuthError(400, 'invalid_request', 'Use one client authentication method, not both Basic and client_secret');
    }
    if (basic && params.has('client_id') && params.get('client_id') !== basic.id) {
      throw new OAuthError(400, 'invalid_request', 'client_id does not match the Basic authorization header');
    }
    const clientId = basic?.id ?? params.get('client_id');
    if (!clientId) throw new OAuthError(401, 'invalid_client', 'Client authentication is required');
    const client = this.clients.get(clientId);
    if (!client) throw new OAuthError(401, 'invalid_client', 'Invalid client');
    const secret = basic?.secret ?? params.get('client_secret');
    if (secret === null) {
      // A public client proves nothing itself; PKCE (always required here) protects its codes.
      if (this.definition.allowsPublicClients) return client;
      throw new OAuthError(401, 'invalid_client', 'Client authentication is required');
    }
    if (!safeEqual(secret, client.clientSecret)) throw new OAuthError(401, 'invalid_client', 'Invalid client secret');
    return client;
  }

  private exchangeCode(client: OAuthClient, params: URLSearchParams): IssuedTokens<A> {
    const code = params.get('code');
    if (!code) throw new OAuthError(400, 'invalid_request', 'code is required');
    const record = this.codes.get(code);
    if (!record) throw new OAuthError(400, 'invalid_grant', 'Invalid authorization code');
    if (record.clientId !== client.clientId) throw new OAuthError(400, 'invalid_grant', 'The authorization code was issued to another client');
    if (record.used) {
      // Replay: whatever the first use obtained is no longer trustworthy.
      if (record.grantId) this.revokeGrant(record.grantId);
      throw new OAuthError(400, 'invalid_grant', 'Authorization code already used');
    }
    // One attempt per code, successful or not: a guessed verifier gets no second try.
    record.used = true;
    if (record.expiresAt <= this.now()) throw new OAuthError(400, 'invalid_grant', 'Authorization code expired');
    if (params.get('redirect_uri') !== record.redirectUri) {
      throw new OAuthError(400, 'invalid_grant', 'redirect_uri does not match the one of the authorization request');
    }
    const verifier = params.get('code_verifier');
    if (!verifier) throw new OAuthError(400, 'invalid_grant', 'code_verifier is required');
    if (!CODE_VERIFIER_PATTERN.test(verifier)) throw new OAuthError(400, 'invalid_grant', 'code_verifier is malformed');
    if (!safeEqual(s256(verifier), record.codeChallenge)) throw new OAuthError(400, 'invalid_grant', 'code_verifier was incorrect');
    const account = this.accounts.get(record.accountId);
    if (!account) throw new OAuthError(400, 'invalid_grant', 'The account no longer exists');

    const grant: Grant = {
      id: randomToken(16),
      accountId: account.id,
      clientId: client.clientId,
      scopes: record.scopes,
      authTime: record.authTime,
      params: record.params,
    };
    this.grants.set(grant.id, grant);
    record.grantId = grant.id;
    const refreshToken = this.definition.refresh?.issueFor(grant) ? this.issueRefreshToken(grant) : undefined;
    this.log(`tokens issued to ${client.clientId} for account ${account.id}`);
    return { grantType: 'authorization_code', client, grant, account, scopes: grant.scopes, refreshToken, ...this.issueAccessToken(grant) };
  }

  private useRefreshToken(client: OAuthClient, params: URLSearchParams): IssuedTokens<A> {
    const token = params.get('refresh_token');
    if (!token) throw new OAuthError(400, 'invalid_request', 'refresh_token is required');
    if (this.revokedRefreshTokens.has(token)) throw new OAuthError(400, 'invalid_grant', 'Refresh token revoked');
    const record = this.refreshTokens.get(token);
    const grant = record && this.grants.get(record.grantId);
    if (!record || !grant) throw new OAuthError(400, 'invalid_grant', 'Invalid refresh token');
    if (grant.clientId !== client.clientId) throw new OAuthError(400, 'invalid_grant', 'The refresh token was issued to another client');
    const account = this.accounts.get(grant.accountId);
    if (!account) throw new OAuthError(400, 'invalid_grant', 'The account no longer exists');

    let scopes = grant.scopes;
    const asked = params.get('scope');
    if (asked) {
      scopes = asked.split(this.definition.scopes.separator).filter(Boolean);
      const extra = scopes.filter((scope) => !grant.scopes.includes(scope));
      if (extra.length) throw new OAuthError(400, 'invalid_scope', `Not part of the original grant: ${extra.join(' ')}`);
    }
    let refreshToken: string | undefined;
    if (this.definition.refresh?.rotate) {
      this.refreshTokens.delete(token);
      refreshToken = this.issueRefreshToken(grant);
    }
    return { grantType: 'refresh_token', client, grant, account, scopes, refreshToken, ...this.issueAccessToken(grant) };
  }

  private issueAccessToken(grant: Grant): { accessToken: string; expiresIn: number } {
    const accessToken = `${this.definition.tokenPrefixes.access}${randomToken()}`;
    const expiresIn = this.options.accessTokenTtlSeconds;
    this.accessTokens.set(accessToken, { grantId: grant.id, expiresAt: this.now() + expiresIn * 1000 });
    return { accessToken, expiresIn };
  }

  private issueRefreshToken(grant: Grant): string {
    const token = `${this.definition.tokenPrefixes.refresh}${randomToken()}`;
    this.refreshTokens.set(token, { grantId: grant.id });
    return token;
  }

  // ---- resource access and revocation ----------------------------------------------------

  /** Checks an access token presented to a user endpoint. */
  authenticate(accessToken: string | undefined): Authentication<A> {
    if (!accessToken) return { ok: false, reason: 'missing' };
    const record = this.accessTokens.get(accessToken);
    const grant = record && this.grants.get(record.grantId);
    const account = grant && this.accounts.get(grant.accountId);
    if (!record || !grant || !account) return { ok: false, reason: 'invalid' };
    if (record.expiresAt <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, account, grant, scopes: grant.scopes };
  }

  /** Revokes the grant behind an access or refresh token (as Google's and X's revoke do). */
  revokeToken(token: string): boolean {
    const grantId = this.accessTokens.get(token)?.grantId ?? this.refreshTokens.get(token)?.grantId;
    if (!grantId || !this.grants.has(grantId)) return false;
    this.revokeGrant(grantId);
    return true;
  }

  /**
   * Ends an account's live access tokens before their time, keeping its grants: every call with
   * one answers 401 `Invalid access token`, and a refresh gets a working token (as when a provider
   * invalidates access tokens early). The app's "refresh once on 401" path runs.
   */
  revokeAccessTokens(accountId: string): { grants: number; accessTokens: number; refreshTokens: number; codes: number } {
    const grants = new Set([...this.grants.values()].filter((grant) => grant.accountId === accountId).map((grant) => grant.id));
    let accessTokens = 0;
    for (const [token, record] of this.accessTokens) {
      if (!grants.has(record.grantId)) continue;
      this.accessTokens.delete(token);
      if (record.expiresAt > this.now()) accessTokens += 1;
    }
    this.log(`revoked the access tokens of account ${accountId}`);
    return { grants: 0, accessTokens, refreshTokens: 0, codes: 0 };
  }

  /** Ends every grant of an account (and its unused codes): all its tokens stop working. */
  revokeAccount(accountId: string): { grants: number; accessTokens: number; refreshTokens: number; codes: number } {
    const counts = { grants: 0, accessTokens: 0, refreshTokens: 0, codes: 0 };
    for (const [code, record] of this.codes) {
      if (record.accountId === accountId) {
        this.codes.delete(code);
        counts.codes += 1;
      }
    }
    for (const grant of [...this.grants.values()]) {
      if (grant.accountId !== accountId) continue;
      const removed = this.revokeGrant(grant.id);
      counts.grants += 1;
      counts.accessTokens += removed.accessTokens;
      counts.refreshTokens += removed.refreshTokens;
    }
    this.log(`revoked all tokens of account ${accountId}`);
    return counts;
  }

  private revokeGrant(grantId: string): { accessTokens: number; refreshTokens: number } {
    this.grants.delete(grantId);
    let accessTokens = 0;
    let refreshTokens = 0;
    for (const [token, record] of this.accessTokens) {
      if (record.grantId === grantId) {
        this.accessTokens.delete(token);
        if (record.expiresAt > this.now()) accessTokens += 1;
      }
    }
    for (const [token, record] of this.refreshTokens) {
      if (record.grantId === grantId) {
        this.refreshTokens.delete(token);
        this.revokedRefreshTokens.set(token, this.now());
        refreshTokens += 1;
      }
    }
    return { accessTokens, refreshTokens };
  }

  // ---- sandbox-only administration -------------------------------------------------------

  private adminRoute(ctx: RequestContext): Respond | undefined {
    if (ctx.path === '/__admin/accounts') {
      return only(ctx, ['GET', 'POST'], () => {
        if (ctx.method === 'GET') return json(200, this.listAccounts());
        const parsed = this.definition.accountSchema.safeParse(jsonBody(ctx));
        if (!parsed.success) {
          return json(400, { error: 'invalid_account', issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
        }
        const account = parsed.data;
        if (this.accounts.has(account.id)) return json(409, { error: 'account_exists', message: `Account ${account.id} already exists` });
        this.accounts.set(account.id, account);
        this.log(`account ${account.id} added`);
        return json(201, account);
      });
    }
    const revoke = /^\/__admin\/accounts\/([^/]+)\/revoke$/.exec(ctx.path);
    if (revoke) {
      return only(ctx, ['POST'], () => {
        const accountId = decodeURIComponent(revoke[1]);
        if (!this.accounts.has(accountId)) return json(404, { error: 'not_found', message: `No account ${accountId}` });
        // `{ "tokens": "access" }` ends only the access tokens; without a body (or "all") every grant goes.
        const body = ctx.body.trim() === '' ? {} : jsonBody(ctx);
        const tokens = (body as { tokens?: unknown } | null)?.tokens ?? 'all';
        if (tokens !== 'all' && tokens !== 'access') return json(400, { error: 'invalid_request', message: 'tokens must be "all" or "access"' });
        return json(200, { accountId, revoked: tokens === 'access' ? this.revokeAccessTokens(accountId) : this.revokeAccount(accountId) });
      });
    }
    return undefined;
  }

  /** Forgets what can no longer be used, so a long-running sandbox does not grow without bound. */
  private sweep(): void {
    const now = this.now();
    for (const [id, request] of this.requests) if (request.expiresAt <= now) this.requests.delete(id);
    for (const [code, record] of this.codes) if (record.expiresAt <= now - EXPIRED_TOKEN_MEMORY_MS) this.codes.delete(code);
    for (const [token, record] of this.accessTokens) {
      if (record.expiresAt <= now - EXPIRED_TOKEN_MEMORY_MS) this.accessTokens.delete(token);
    }
    for (const [token, revokedAt] of this.revokedRefreshTokens) if (revokedAt <= now - EXPIRED_TOKEN_MEMORY_MS) this.revokedRefreshTokens.delete(token);
  }

  private log(message: string): void {
    this.options.logger(`oauth: ${this.name}: ${message}`);
  }
}

function matches(path: string | RegExp, actual: string): boolean {
  if (typeof path === 'string') return path === actual;
  const match = path.exec(actual);
  return match !== null && match[0] === actual;
}

/** Runs `respond` for an allowed method (HEAD counts as GET), else answers 405. */
function only(ctx: RequestContext, methods: string[], respond: () => Respond): Respond {
  const method = ctx.method === 'HEAD' && methods.includes('GET') ? 'GET' : ctx.method;
  if (!methods.includes(method)) return methodNotAllowed(ctx.method, methods.includes('GET') ? [...methods, 'HEAD'] : methods);
  try {
    return respond();
  } catch (error) {
    if (error instanceof HttpError) return json(error.status, { error: error.message });
    throw error;
  }
}

/** Adds query parameters to a registered redirect URI, keeping any query it already has. */
export function withParams(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** RFC 6749 §5.2 error response. */
export function rfc6749Error(error: OAuthError): Respond {
  const headers: Record<string, string> = error.status === 401 ? { 'www-authenticate': 'Basic realm="oauth", error="invalid_client"' } : {};
  return json(error.status, { error: error.error, error_description: error.description }, headers);
}
