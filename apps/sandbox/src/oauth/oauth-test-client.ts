import { createHash, randomBytes } from 'node:crypto';
import type { NewAccount } from './accounts.js';
import { defaultOAuthClient } from './clients.js';
import { PROVIDER_PATHS } from './paths.js';
import type { OAuthClient, ProviderName } from './types.js';

/*
 * Drives the sandbox providers' OAuth flow over plain HTTP, as a browser would, for tests:
 *   - `approve(authorizeUrl, accountId)` for a flow the app started (the app answered with a
 *     302 to the sandbox authorize URL): opens the consent page, picks the account and returns
 *     the redirect back to the app (`…/callback?code=…&state=…`);
 *   - `OAuthTestClient` for running the whole client side too (PKCE, code exchange, refresh,
 *     user endpoint) without the app.
 */

export interface PkcePair {
  verifier: string;
  challenge: string;
}

/** A fresh RFC 7636 verifier (43 characters) and its S256 challenge. */
export function createPkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The consent page as parsed from its HTML. */
export interface ConsentPage {
  url: string;
  html: string;
  title: string;
  /** Where the form posts (absolute). */
  action: string;
  requestId: string;
  accounts: Array<{ id: string; name: string }>;
  scopes: string[];
}

/** An authorize or consent answer that is not the consent page (an error page or redirect). */
export class OAuthFlowError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: string,
    readonly location?: string,
  ) {
    super(message);
  }
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] as string);
}

/** GETs an authorize URL and parses the consent page; throws OAuthFlowError for anything else. */
export async function openConsentPage(authorizeUrl: string): Promise<ConsentPage> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  const html = await res.text();
  const location = res.headers.get('location') ?? undefined;
  if (res.status !== 200) {
    const detail = location ? `redirected to ${location}` : html.match(/<p class="description">([^<]*)<\/p>/)?.[1] ?? html.slice(0, 200);
    throw new OAuthFlowError(`Authorize request answered ${res.status}: ${decodeEntities(detail)}`, res.status, html, location);
  }
  const requestId = html.match(/name="request_id" value="([^"]+)"/)?.[1];
  const action = html.match(/<form method="post" action="([^"]+)"/)?.[1];
  if (!requestId || !action) throw new OAuthFlowError('The authorize page is not a consent page', res.status, html);
  const accounts = [...html.matchAll(/name="account_id" value="([^"]+)"><span class="name">([^<]*)<\/span>/g)].map((m) => ({
    id: decodeEntities(m[1]),
    name: decodeEntities(m[2]),
  }));
  const scopes = [...html.matchAll(/<li data-scope="([^"]+)">/g)].map((m) => decodeEntities(m[1]));
  return {
    url: authorizeUrl,
    html,
    title: decodeEntities(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? ''),
    action: new URL(decodeEntities(action), authorizeUrl).toString(),
    requestId: decodeEntities(requestId),
    accounts,
    scopes,
  };
}

async function submitConsent(page: ConsentPage, fields: Record<string, string>): Promise<URL> {
  const res = await fetch(page.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: page.requestId, ...fields }),
    redirect: 'manual',
  });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) {
    const body = await res.text();
    throw new OAuthFlowError(`Consent answered ${res.status} instead of a redirect`, res.status, body);
  }
  return new URL(location);
}

/**
 * Opens the consent page of `authorizeUrl`, chooses `accountId` and returns where the provider
 * sends the browser back to (the app's callback with `code` and `state`, or an error redirect).
 * An authorize request the sandbox refuses with a redirect (e.g. invalid_scope) returns that redirect.
 */
export async function approve(authorizeUrl: string, accountId: string): Promise<URL> {
  let page: ConsentPage;
  try {
    page = await openConsentPage(authorizeUrl);
  } catch (error) {
    if (error instanceof OAuthFlowError && error.status === 302 && error.location) return new URL(error.location);
    throw error;
  }
  if (!page.accounts.some((a) => a.id === accountId)) {
    throw new Error(`Account ${accountId} is not offered on ${page.title}; offered: ${page.accounts.map((a) => a.id).join(', ')}`);
  }
  return submitConsent(page, { account_id: accountId });
}

/** Opens the consent page and presses Cancel; returns the `error=access_denied` redirect. */
export async function cancel(authorizeUrl: string): Promise<URL> {
  return submitConsent(await openConsentPage(authorizeUrl), { cancel: '1' });
}

/** What a client asks for by default: enough to read the account's id, name and e-mail. */
export const DEFAULT_SCOPES: Record<ProviderName, string> = {
  spotify: 'user-read-email user-read-private',
  google: 'openid email profile',
  x: 'tweet.read users.read users.email offline.access',
  facebook: 'email,public_profile',
};

/** The user endpoint of each provider, with the query that asks for the e-mail too. */
const USER_ENDPOINTS: Record<ProviderName, string> = {
  spotify: PROVIDER_PATHS.spotify.me,
  google: PROVIDER_PATHS.google.userinfo,
  x: `${PROVIDER_PATHS.x.me}?user.fields=confirmed_email`,
  facebook: `${PROVIDER_PATHS.facebook.me}?fields=id,name,email,first_name,last_name`,
};

export interface HttpResult<T = Record<string, any>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface AuthorizeOptions {
  scope?: string;
  state?: string;
  pkce?: PkcePair;
  redirectUri?: string;
  /** More query parameters (nonce, access_type=offline, …) or overrides (code_challenge_method). */
  extra?: Record<string, string>;
}

export interface ExchangeOptions {
  redirectUri?: string;
  /** How the client authenticates: Basic header (default), form fields, or client_id alone. */
  auth?: 'basic' | 'post' | 'none';
  clientSecret?: string;
  /** Facebook also takes the exchange as a GET with query parameters. */
  method?: 'POST' | 'GET';
}

export interface SignInResult {
  /** The callback URL the browser would have been sent to. */
  callback: URL;
  code: string;
  state: string;
  pkce: PkcePair;
  tokens: Record<string, any>;
}

export interface OAuthTestClientOptions {
  /** The sandbox providers base URL, e.g. `sandbox.urls.providers`. */
  providersUrl: string;
  provider: ProviderName;
  /** The registered client to act as; the provider's default local client otherwise. */
  client?: OAuthClient;
  /** Defaults to the client's first registered redirect URI. */
  redirectUri?: string;
}

/** Plays the app's part of the flow against one sandbox provider. */
export class OAuthTestClient {
  readonly providersUrl: string;
  readonly provider: ProviderName;
  readonly client: OAuthClient;
  readonly redirectUri: string;

  constructor(options: OAuthTestClientOptions) {
    this.providersUrl = options.providersUrl.replace(/\/+$/, '');
    this.provider = options.provider;
    this.client = options.client ?? defaultOAuthClient(options.provider);
    this.redirectUri = options.redirectUri ?? this.client.redirectUris[0];
  }

  /** Builds an authorize URL with a fresh PKCE pair and state unless given. */
  authorizeUrl(options: AuthorizeOptions = {}): { url: string; pkce: PkcePair; state: string } {
    const pkce = options.pkce ?? createPkcePair();
    const state = options.state ?? randomBytes(16).toString('base64url');
    const url = new URL(`${this.providersUrl}${PROVIDER_PATHS[this.provider].authorize}`);
    const params = {
      client_id: this.client.clientId,
      redirect_uri: options.redirectUri ?? this.redirectUri,
      response_type: 'code',
      scope: options.scope ?? DEFAULT_SCOPES[this.provider],
      state,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      ...options.extra,
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return { url: url.toString(), pkce, state };
  }

  /** Authorize + consent for `accountId`; returns the code from the callback (throws on an error redirect). */
  async authorize(accountId: string, options: AuthorizeOptions = {}): Promise<{ callback: URL; code: string; state: string; pkce: PkcePair }> {
    const { url, pkce, state } = this.authorizeUrl(options);
    const callback = await approve(url, accountId);
    const code = callback.searchParams.get('code');
    if (!code) throw new Error(`No code in the callback ${callback.toString()}`);
    if (callback.searchParams.get('state') !== state) throw new Error(`State not echoed: sent ${state}, got ${callback.searchParams.get('state')}`);
    return { callback, code, state, pkce };
  }

  /** Exchanges a code at the token endpoint; returns status and body whatever they are. */
  async exchangeCode(code: string, codeVerifier: string, options: ExchangeOptions = {}): Promise<HttpResult> {
    return this.tokenRequest(
      { grant_type: 'authorization_code', code, redirect_uri: options.redirectUri ?? this.redirectUri, code_verifier: codeVerifier },
      options,
    );
  }

  async refresh(refreshToken: string, options: Omit<ExchangeOptions, 'redirectUri'> & { scope?: string } = {}): Promise<HttpResult> {
    return this.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, ...(options.scope ? { scope: options.scope } : {}) }, options);
  }

  /** The whole flow for `accountId`; throws unless the token endpoint answers 200. */
  async signIn(accountId: string, options: AuthorizeOptions & ExchangeOptions = {}): Promise<SignInResult> {
    const { callback, code, state, pkce } = await this.authorize(accountId, options);
    const res = await this.exchangeCode(code, pkce.verifier, options);
    if (res.status !== 200) throw new Error(`Token exchange failed: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    return { callback, code, state, pkce, tokens: res.body };
  }

  /** Calls the provider's user endpoint (asking for the e-mail) with a Bearer token. */
  async userInfo(accessToken: string): Promise<HttpResult> {
    return this.request('GET', USER_ENDPOINTS[this.provider], { authorization: `Bearer ${accessToken}` });
  }

  /** Adds a test account at runtime (sandbox only). */
  async addAccount(account: NewAccount<ProviderName>): Promise<HttpResult> {
    return this.request('POST', `/${this.provider}/__admin/accounts`, { 'content-type': 'application/json' }, JSON.stringify(account));
  }

  /** Revokes every token of an account (sandbox only), as if the person removed the app. */
  async revokeAccount(accountId: string): Promise<HttpResult> {
    return this.request('POST', `/${this.provider}/__admin/accounts/${encodeURIComponent(accountId)}/revoke`);
  }

  private async tokenRequest(params: Record<string, string>, options: ExchangeOptions): Promise<HttpResult> {
    const auth = options.auth ?? 'basic';
    const secret = options.clientSecret ?? this.client.clientSecret;
    const headers: Record<string, string> = {};
    const form = new URLSearchParams(params);
    if (auth === 'basic') {
      const encode = (part: string) => encodeURIComponent(part);
      headers.authorization = `Basic ${Buffer.from(`${encode(this.client.clientId)}:${encode(secret)}`).toString('base64')}`;
    } else {
      form.set('client_id', this.client.clientId);
      if (auth === 'post') form.set('client_secret', secret);
    }
    const path = PROVIDER_PATHS[this.provider].token;
    if (options.method === 'GET') return this.request('GET', `${path}?${form.toString()}`, headers);
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return this.request('POST', path, headers, form.toString());
  }

  private async request(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<HttpResult> {
    const res = await fetch(`${this.providersUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as Record<string, any>, headers: res.headers };
  }
}
