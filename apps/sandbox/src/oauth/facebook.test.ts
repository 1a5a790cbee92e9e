import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACEBOOK_ACCOUNTS } from './accounts.js';
import { cancel } from './oauth-test-client.js';
import { startHarness, type Harness } from './testing/fixtures.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const fan = FACEBOOK_ACCOUNTS[0];
const graph = (path: string, init?: RequestInit) =>
  fetch(`${harness.providers.url}/facebook${path}`, init).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));

describe('Facebook stand-in', () => {
  it('exchanges the code by GET with query parameters, as Facebook allows', async () => {
    const client = harness.client('facebook');
    const { code, pkce } = await client.authorize(fan.id);
    const res = await client.exchangeCode(code, pkce.verifier, { auth: 'post', method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.stringMatching(/^EAA/), token_type: 'bearer', expires_in: 3600 });
  });

  it('serves /me with the fields asked for, by Bearer header or access_token parameter, with or without a version', async () => {
    const { tokens } = await harness.client('facebook').signIn(fan.id);
    const token = tokens.access_token as string;
    expect(await graph(`/me?access_token=${encodeURIComponent(token)}`)).toEqual({ status: 200, body: { id: fan.id, name: 'Fan One' } });
    const full = await graph('/v19.0/me?fields=id,name,email,first_name,last_name', { headers: { authorization: `Bearer ${token}` } });
    expect(full).toEqual({
      status: 200,
      body: { id: fan.id, name: 'Fan One', email: 'fan1@facebook.sandbox', first_name: 'Fan', last_name: 'One' },
    });
    const unknown = await graph(`/me?fields=id,birthday&access_token=${encodeURIComponent(token)}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ type: 'OAuthException', code: 100 });
  });

  it('leaves email out without the email permission and for a phone-only account', async () => {
    const client = harness.client('facebook');
    const publicOnly = await client.signIn(fan.id, { scope: 'public_profile' });
    const fields = '/me?fields=id,email';
    expect((await graph(fields, { headers: { authorization: `Bearer ${publicOnly.tokens.access_token}` } })).body).toEqual({ id: fan.id });
    const phone = await client.signIn(FACEBOOK_ACCOUNTS[3].id);
    expect((await graph(fields, { headers: { authorization: `Bearer ${phone.tokens.access_token}` } })).body).toEqual({ id: FACEBOOK_ACCOUNTS[3].id });
  });

  it('always grants public_profile and lists and revokes permissions', async () => {
    const { tokens } = await harness.client('facebook').signIn(fan.id, { scope: 'email' });
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    expect((await graph('/me/permissions', { headers: auth })).body).toEqual({
      data: [
        { permission: 'public_profile', status: 'granted' },
        { permission: 'email', status: 'granted' },
      ],
    });
    expect((await graph('/v19.0/me/permissions', { method: 'DELETE', headers: auth })).body).toEqual({ success: true });
    expect((await graph('/me', { headers: auth })).status).toBe(401);
  });

  it('adds Facebook\'s error_reason when the person cancels', async () => {
    const callback = await cancel(harness.client('facebook').authorizeUrl().url);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('error_reason')).toBe('user_denied');
  });

  it('has no refresh tokens', async () => {
    const client = harness.client('facebook');
    const { tokens } = await client.signIn(fan.id);
    expect(tokens).not.toHaveProperty('refresh_token');
    const res = await client.refresh('anything');
    expect(res.status).toBe(400);
    expect(res.body.error.type).toBe('OAuthException');
  });

  it('asks for a token when none is given', async () => {
    const res = await graph('/me');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(2500);
  });
});
