import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_ACCOUNTS } from './accounts.js';
import { approve, cancel, createPkcePair, openConsentPage, OAuthFlowError } from './oauth-test-client.js';
import { PROVIDER_PATHS } from './paths.js';
import { expectClientRefused, expectGrantRefused, expectUnauthorized, identityOf, startHarness, testClients, type Harness } from './testing/fixtures.js';
import { PROVIDER_NAMES, type ProviderName } from './types.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const DISPLAY_NAMES: Record<ProviderName, string> = { spotify: 'Spotify', google: 'Google', x: 'X', facebook: 'Facebook' };

/** A seeded account that shares an e-mail, so the happy path can check it end to end. */
function accountWithEmail(provider: ProviderName): { id: string; email: string } {
  for (const account of SEEDED_ACCOUNTS[provider]) {
    const email = 'email' in account ? account.email : 'confirmedEmail' in account ? account.confirmedEmail : null;
    if (email) return { id: account.id, email };
  }
  throw new Error(`no seeded ${provider} account with an e-mail`);
}

describe.each(PROVIDER_NAMES)('%s authorization server', (provider) => {
  const display = DISPLAY_NAMES[provider];

  it('shows a sign-in page with the provider, the scopes and every seeded account, then signs the chosen account in', async () => {
    const client = harness.client(provider);
    const { url, pkce, state } = client.authorizeUrl();
    const page = await openConsentPage(url);
    expect(page.title).toBe(`Sign in to ${display} (Pie sandbox)`);
    expect(page.html).toContain(`<span class="provider">${display}</span>`);
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain('>Cancel</button>');
    expect(page.accounts.map((a) => a.id)).toEqual(SEEDED_ACCOUNTS[provider].map((a) => a.id));
    expect(page.scopes.length).toBeGreaterThan(0);

    const chosen = accountWithEmail(provider);
    const callback = await approve(url, chosen.id);
    expect(`${callback.origin}${callback.pathname}`).toBe(client.redirectUri);
    expect(callback.searchParams.get('state')).toBe(state);
    const code = callback.searchParams.get('code') as string;
    expect(code).toBeTruthy();

    const tokens = await client.exchangeCode(code, pkce.verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.headers.get('cache-control')).toBe('no-store');
    expect(tokens.body.access_token).toEqual(expect.any(String));
    expect(tokens.body.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.body.expires_in).toBe(3600);

    const me = await client.userInfo(tokens.body.access_token);
    expect(me.status).toBe(200);
    expect(identityOf(provider, me.body)).toEqual({ id: chosen.id, email: chosen.email });
  });

  it('echoes state byte for byte, including characters that need escaping', async () => {
    const client = harness.client(provider);
    const state = 'a b&c=d/é+%~';
    const { callback } = await client.authorize(SEEDED_ACCOUNTS[provider][1].id, { state });
    expect(callback.searchParams.get('state')).toBe(state);
  });

  it('keeps a query the registered redirect URI already has', async () => {
    const client = harness.client(provider);
    const redirectUri = testClients(provider)[0].redirectUris[1];
    const { callback, code, pkce } = await client.authorize(SEEDED_ACCOUNTS[provider][0].id, { redirectUri });
    expect(callback.searchParams.get('keep')).toBe('1');
    expect((await client.exchangeCode(code, pkce.verifier, { redirectUri })).status).toBe(200);
  });

  it('accepts client_secret_post as well as client_secret_basic', async () => {
    const client = harness.client(provider);
    const { code, pkce } = await client.authorize(SEEDED_ACCOUNTS[provider][0].id);
    expect((await client.exchangeCode(code, pkce.verifier, { auth: 'post' })).status).toBe(200);
  });

  it('refuses a wrong code_verifier with invalid_grant, and the code is spent', async () => {
    const client = harness.client(provider);
    const { code, pkce } = await client.authorize(SEEDED_ACCOUNTS[provider][0].id);
    expectGrantRefused(provider, await client.exchangeCode(code, createPkcePair().verifier), /code_verifier was incorrect/);
    expectGrantRefused(provider, await client.exchangeCode(code, pkce.verifier));
  });

  it('refuses a missing code_verifier', async () => {
    const client = harness.client(provider);
    const { code } = await client.authorize(SEEDED_ACCOUNTS[provider][0].id);
    expectGrantRefused(provider, await client.exchangeCode(code, ''), /code_verifier is required/);
  });

  it('refuses a reused code and revokes the tokens its first use produced', async () => {
    const client = harness.client(provider);
    const { code, pkce } = await client.authorize(SEEDED_ACCOUNTS[provider][0].id);
    const first = await client.exchangeCode(code, pkce.verifier);
    expect(first.status).toBe(200);
    expect((await client.userInfo(first.body.access_token)).status).toBe(200);

    expectGrantRefused(provider, await client.exchangeCode(code, pkce.verifier), /used/);
    expectUnauthorized(provider, await client.userInfo(first.body.access_token), 'invalid');
  });

  it('refuses a code after 60 seconds', async () => {
    const client = harness.client(provider);
    const { code, pkce } = await client.authorize(SEEDED_ACCOUNTS[provider][0].id);
    harness.advance(61);
    expectGrantRefused(provider, await client.exchangeCode(code, pkce.verifier), /expired/);
  });

  it('accepts a code just inside its 60 seconds', async () => {
    const client = harness.client(provider);
    const { code, pkce } = await client.authorize(SEEDED_ACCOUNTS[provider][0].id);
    harness.advance(59);
    expect((await client.exchangeCode(code, pkce.verifier)).status).toBe(200);
  });

  it('binds the code to its client and redirect_uri', async () => {
    const client = harness.client(provider);
    const other = harness.client(provider, 1);
    const first = await client.authorize(SEEDED_ACCOUNTS[provider][0].id);
    expectGrantRefused(provider, await other.exchangeCode(first.code, first.pkce.verifier, { redirectUri: client.redirectUri }), /another client/);
    // Presented by another client, the code is not spent: its own client can still use it.
    expect((await client.exchangeCode(first.code, first.pkce.verifier)).status).toBe(200);

    const second = await client.authorize(SEEDED_ACCOUNTS[provider][0].id);
    const otherUri = testClients(provider)[0].redirectUris[1];
    expectGrantRefused(provider, await client.exchangeCode(second.code, second.pkce.verifier, { redirectUri: otherUri }), /redirect_uri/);
  });

  it('refuses a wrong client secret and an unknown client', async () => {
    const client = harness.client(provider);
    const { code, pkce } = await client.authorize(SEEDED_ACCOUNTS[provider][0].id);
    expectClientRefused(provider, await client.exchangeCode(code, pkce.verifier, { clientSecret: 'wrong-secret' }));
    expectClientRefused(provider, await client.exchangeCode(code, pkce.verifier, { auth: 'post', clientSecret: 'wrong-secret' }));
    // A failed client authentication does not spend the code.
    expect((await client.exchangeCode(code, pkce.verifier)).status).toBe(200);
  });

  it('refuses an unregistered redirect_uri with an error page, never a redirect', async () => {
    const client = harness.client(provider);
    for (const redirectUri of ['http://evil.test/callback', `${client.redirectUri}/extra`, client.redirectUri.toUpperCase()]) {
      const res = await fetch(client.authorizeUrl({ redirectUri }).url, { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      const page = await res.text();
      expect(page).toContain('redirect_uri_mismatch');
      expect(page).toContain(`<span class="provider">${display}</span>`);
    }
  });

  it('refuses an unknown client_id with an error page', async () => {
    const client = harness.client(provider);
    const url = new URL(client.authorizeUrl().url);
    url.searchParams.set('client_id', 'nobody');
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('invalid_client');
  });

  it.each([
    ['without PKCE', { code_challenge: '' }, 'invalid_request'],
    ['with the plain PKCE method', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['with a malformed challenge', { code_challenge: 'short' }, 'invalid_request'],
    ['with response_type=token', { response_type: 'token' }, 'unsupported_response_type'],
    ['with an unknown scope', { scope: 'no.such.scope' }, 'invalid_scope'],
  ])('sends the error back to the registered redirect URI when asked %s', async (_case, extra, error) => {
    const client = harness.client(provider);
    const { url, state } = client.authorizeUrl({ extra });
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') as string);
    expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('state')).toBe(state);
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('redirects with error=access_denied and the state when the person cancels', async () => {
    const client = harness.client(provider);
    const { url, state } = client.authorizeUrl();
    const callback = await cancel(url);
    expect(`${callback.origin}${callback.pathname}`).toBe(client.redirectUri);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.has('code')).toBe(false);
  });

  it('answers a consent page only once', async () => {
    const client = harness.client(provider);
    const page = await openConsentPage(client.authorizeUrl().url);
    const post = () =>
      fetch(page.action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ request_id: page.requestId, account_id: page.accounts[0].id }),
        redirect: 'manual',
      });
    expect((await post()).status).toBe(302);
    const again = await post();
    expect(again.status).toBe(400);
    expect(again.headers.get('location')).toBeNull();
  });

  it('refuses an expired access token, then a revoked one, with the provider 401', async () => {
    const client = harness.client(provider);
    const account = SEEDED_ACCOUNTS[provider][2].id;
    const early = await client.signIn(account);
    harness.advance(3601);
    expectUnauthorized(provider, await client.userInfo(early.tokens.access_token), 'expired');

    const fresh = await client.signIn(account);
    expect((await client.userInfo(fresh.tokens.access_token)).status).toBe(200);
    const revoked = await client.revokeAccount(account);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked.accessTokens).toBeGreaterThanOrEqual(1);
    expectUnauthorized(provider, await client.userInfo(fresh.tokens.access_token), 'invalid');
    expectUnauthorized(provider, await client.userInfo('not-a-token'), 'invalid');
    if (fresh.tokens.refresh_token) expectGrantRefused(provider, await client.refresh(fresh.tokens.refresh_token));

    // The account itself still signs in afterwards.
    expect((await client.signIn(account)).tokens.access_token).toEqual(expect.any(String));
  });

  it('lets a test add an account at runtime, which then signs in', async () => {
    const client = harness.client(provider);
    const additions = {
      spotify: { id: 'runtime1', displayName: 'Runtime One', email: 'runtime1@spotify.sandbox' },
      google: { id: '200000000000000000001', email: 'runtime1@google.sandbox', givenName: 'Runtime', familyName: 'One' },
      x: { id: '2500000000000000001', name: 'Runtime One', username: 'runtime_one', confirmedEmail: 'runtime1@x.sandbox' },
      facebook: { id: '20000000000000001', firstName: 'Runtime', lastName: 'One', email: 'runtime1@facebook.sandbox' },
    } as const;
    const added = await client.addAccount(additions[provider]);
    expect(added.status).toBe(201);
    expect((await client.addAccount(additions[provider])).status).toBe(409);
    const invalid = await client.addAccount({ id: 'x' } as never);
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('invalid_account');

    const page = await openConsentPage(client.authorizeUrl().url);
    expect(page.accounts.map((a) => a.id)).toContain(additions[provider].id);
    const { tokens } = await client.signIn(additions[provider].id);
    const me = await client.userInfo(tokens.access_token);
    expect(identityOf(provider, me.body)).toEqual({ id: additions[provider].id, email: expect.stringMatching(/^runtime1@/) });
  });

  it('refuses to revoke an unknown account', async () => {
    expect((await harness.client(provider).revokeAccount('no-such-account')).status).toBe(404);
  });

  it('answers 405 for the wrong method on authorize and consent', async () => {
    const base = harness.providers.url;
    expect((await fetch(`${base}${PROVIDER_PATHS[provider].authorize}`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${base}/${provider}/consent`)).status).toBe(405);
  });
});

describe('providers server', () => {
  it('answers 404 for unknown paths and providers, and serves a health check', async () => {
    const base = harness.providers.url;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/nope/authorize`)).status).toBe(404);
    expect((await fetch(`${base}/google/nope`)).status).toBe(404);
    const { tokens } = await harness.client('spotify').signIn('listener1');
    const malformed = await fetch(`${base}/spotify/api/v1/users/%E0%A4%A`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(malformed.status).toBe(400);
    expect((await fetch(`${base}/spotify/__admin/accounts/%E0%A4%A/revoke`, { method: 'POST' })).status).toBe(400);
  });

  it('reports a refused authorize request from approve() as an OAuthFlowError', async () => {
    const client = harness.client('google');
    await expect(openConsentPage(client.authorizeUrl({ redirectUri: 'http://evil.test/' }).url)).rejects.toBeInstanceOf(OAuthFlowError);
  });
});
