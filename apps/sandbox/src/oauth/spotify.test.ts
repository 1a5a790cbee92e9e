import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPOTIFY_ACCOUNTS } from './accounts.js';
import { startHarness, type Harness } from './testing/fixtures.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const listener = SPOTIFY_ACCOUNTS[0];
const me = (token?: string) =>
  fetch(`${harness.providers.url}/spotify/api/v1/me`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as any,
  }));

describe('Spotify stand-in', () => {
  it('returns the private user object for the chosen account', async () => {
    const client = harness.client('spotify');
    const { tokens } = await client.signIn(listener.id);
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^BQ/),
      token_type: 'Bearer',
      scope: 'user-read-email user-read-private',
      expires_in: 3600,
      refresh_token: expect.any(String),
    });
    const res = await me(tokens.access_token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      display_name: 'Listener One',
      external_urls: { spotify: 'https://open.spotify.com/user/listener1' },
      followers: { href: null, total: 12 },
      href: `${harness.providers.url}/spotify/api/v1/users/listener1`,
      id: 'listener1',
      images: [],
      type: 'user',
      uri: 'spotify:user:listener1',
      country: 'US',
      product: 'premium',
      explicit_content: { filter_enabled: false, filter_locked: false },
      email: 'listener1@spotify.sandbox',
    });
  });

  it('shares e-mail, country and product only with the scopes that cover them', async () => {
    const client = harness.client('spotify');
    const { tokens } = await client.signIn(listener.id, { scope: 'user-top-read' });
    const res = await me(tokens.access_token);
    expect(res.body.id).toBe('listener1');
    expect(res.body).not.toHaveProperty('email');
    expect(res.body).not.toHaveProperty('country');
    expect(res.body).not.toHaveProperty('product');
  });

  it('accepts a PKCE client that sends only client_id, for the code and for refresh', async () => {
    const client = harness.client('spotify');
    const { code, pkce } = await client.authorize(listener.id);
    const tokens = await client.exchangeCode(code, pkce.verifier, { auth: 'none' });
    expect(tokens.status).toBe(200);
    const refreshed = await client.refresh(tokens.body.refresh_token, { auth: 'none' });
    expect(refreshed.status).toBe(200);
  });

  it('rotates on refresh: a new access token and a new refresh token, the old refresh token is spent', async () => {
    const client = harness.client('spotify');
    const { tokens } = await client.signIn(SPOTIFY_ACCOUNTS[1].id);
    const refreshed = await client.refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(tokens.access_token);
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.body.scope).toBe('user-read-email user-read-private');
    expect((await me(refreshed.body.access_token)).body.id).toBe(SPOTIFY_ACCOUNTS[1].id);

    const again = await client.refresh(tokens.refresh_token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid refresh token' });
  });

  it('refreshes after the access token expired, and may narrow the scope but not widen it', async () => {
    const client = harness.client('spotify');
    const { tokens } = await client.signIn(listener.id);
    harness.advance(3601);
    expect((await me(tokens.access_token)).body).toEqual({ error: { status: 401, message: 'The access token expired' } });
    const narrowed = await client.refresh(tokens.refresh_token, { scope: 'user-read-email' });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.scope).toBe('user-read-email');
    const wider = await client.refresh(narrowed.body.refresh_token, { scope: 'user-top-read' });
    expect(wider.body.error).toBe('invalid_scope');
  });

  it('answers a call without a token as Spotify does', async () => {
    const res = await me();
    expect(res).toEqual({ status: 401, body: { error: { status: 401, message: 'No token provided' } } });
  });

  it('serves public profiles at /v1/users/:id', async () => {
    const { tokens } = await harness.client('spotify').signIn(listener.id);
    const res = await fetch(`${harness.providers.url}/spotify/api/v1/users/listener2`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    const body = (await res.json()) as any;
    expect(body).toMatchObject({ id: 'listener2', display_name: 'Listener Two', type: 'user' });
    expect(body).not.toHaveProperty('email');
    const missing = await fetch(`${harness.providers.url}/spotify/api/v1/users/nobody`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(missing.status).toBe(404);
  });

  it('refuses unsupported grant types and a token request without grant_type', async () => {
    const client = harness.client('spotify');
    const res = await fetch(`${harness.providers.url}/spotify/accounts/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.client.clientId }),
    });
    expect((await res.json()) as any).toMatchObject({ error: 'unsupported_grant_type' });
    const none = await fetch(`${harness.providers.url}/spotify/accounts/api/token`, { method: 'POST' });
    expect((await none.json()) as any).toMatchObject({ error: 'invalid_request' });
  });
});
