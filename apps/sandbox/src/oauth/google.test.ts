import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_ACCOUNTS } from './accounts.js';
import { verifyJwtHs256 } from './crypto.js';
import { startHarness, testClients, type Harness } from './testing/fixtures.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const fan = GOOGLE_ACCOUNTS[0];
const secret = testClients('google')[0].clientSecret;
const userinfo = (token: string) =>
  fetch(`${harness.providers.url}/google/v1/userinfo`, { headers: { authorization: `Bearer ${token}` } }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as any,
  }));

describe('Google stand-in (OpenID Connect)', () => {
  it('publishes a discovery document whose endpoints work', async () => {
    const base = harness.providers.url;
    const doc = (await (await fetch(`${base}/google/.well-known/openid-configuration`)).json()) as any;
    expect(doc).toMatchObject({
      issuer: `${base}/google`,
      authorization_endpoint: `${base}/google/o/oauth2/v2/auth`,
      token_endpoint: `${base}/google/token`,
      userinfo_endpoint: `${base}/google/v1/userinfo`,
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['openid', 'email', 'profile'],
      id_token_signing_alg_values_supported: ['HS256'],
      response_types_supported: ['code'],
    });
    expect((await fetch(doc.jwks_uri)).status).toBe(200);
  });

  it('issues an access token and an HS256 ID token signed with the client secret', async () => {
    const client = harness.client('google');
    const { tokens } = await client.signIn(fan.id, { extra: { nonce: 'n-0S6_WzA2Mj' } });
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^ya29\./),
      expires_in: 3600,
      scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      token_type: 'Bearer',
      id_token: expect.any(String),
    });
    const claims = verifyJwtHs256(tokens.id_token, secret);
    expect(claims).toMatchObject({
      iss: `${harness.providers.url}/google`,
      aud: client.client.clientId,
      azp: client.client.clientId,
      sub: fan.id,
      email: fan.email,
      email_verified: true,
      name: 'Fan One',
      nonce: 'n-0S6_WzA2Mj',
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(() => verifyJwtHs256(tokens.id_token, 'another-secret')).toThrow(/signature/);
  });

  it('answers userinfo with the standard claims of the granted scopes', async () => {
    const client = harness.client('google');
    const { tokens } = await client.signIn(fan.id);
    expect(await userinfo(tokens.access_token)).toEqual({
      status: 200,
      body: { sub: fan.id, email: fan.email, email_verified: true, name: 'Fan One', given_name: 'Fan', family_name: 'One', locale: 'en' },
    });
    const emailOnly = await client.signIn(fan.id, { scope: 'openid email' });
    expect((await userinfo(emailOnly.tokens.access_token)).body).toEqual({ sub: fan.id, email: fan.email, email_verified: true });
  });

  it('says when an e-mail is not verified', async () => {
    const { tokens } = await harness.client('google').signIn(GOOGLE_ACCOUNTS[3].id);
    expect((await userinfo(tokens.access_token)).body).toMatchObject({ email: 'unverified1@google.sandbox', email_verified: false });
  });

  it('adds scope and authuser to the redirect, as Google does', async () => {
    const { callback } = await harness.client('google').authorize(fan.id);
    expect(callback.searchParams.get('authuser')).toBe('0');
    expect(callback.searchParams.get('scope')).toContain('openid');
  });

  it('requires a scope', async () => {
    const client = harness.client('google');
    const res = await fetch(client.authorizeUrl({ extra: { scope: '' } }).url, { redirect: 'manual' });
    expect(new URL(res.headers.get('location') as string).searchParams.get('error')).toBe('invalid_request');
  });

  it('gives a refresh token only for access_type=offline, and keeps it across refreshes', async () => {
    const client = harness.client('google');
    const online = await client.signIn(fan.id);
    expect(online.tokens).not.toHaveProperty('refresh_token');

    const offline = await client.signIn(fan.id, { extra: { access_type: 'offline', prompt: 'consent' } });
    const refreshToken = offline.tokens.refresh_token as string;
    expect(refreshToken).toMatch(/^1\/\/0/);
    for (let i = 0; i < 2; i++) {
      const refreshed = await client.refresh(refreshToken);
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).not.toHaveProperty('refresh_token');
      expect(refreshed.body.access_token).not.toBe(offline.tokens.access_token);
      expect(verifyJwtHs256(refreshed.body.id_token, secret).sub).toBe(fan.id);
      expect((await userinfo(refreshed.body.access_token)).body.sub).toBe(fan.id);
    }
  });

  it('revokes a grant through /revoke', async () => {
    const client = harness.client('google');
    const { tokens } = await client.signIn(fan.id, { extra: { access_type: 'offline' } });
    const revoke = (token: string) =>
      fetch(`${harness.providers.url}/google/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }),
      });
    expect((await revoke(tokens.refresh_token)).status).toBe(200);
    expect((await userinfo(tokens.access_token)).status).toBe(401);
    expect((await client.refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');
    expect((await revoke(tokens.refresh_token)).status).toBe(400);
  });

  it('does not accept a client without its secret', async () => {
    const client = harness.client('google');
    const { code, pkce } = await client.authorize(fan.id);
    const res = await client.exchangeCode(code, pkce.verifier, { auth: 'none' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });

  it('refuses Basic and client_secret together', async () => {
    const client = harness.client('google');
    const { code, pkce } = await client.authorize(fan.id);
    const res = await fetch(`${harness.providers.url}/google/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.client.clientId}:${secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: pkce.verifier, redirect_uri: client.redirectUri, client_secret: secret }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error).toBe('invalid_request');
  });
});
