import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { X_ACCOUNTS } from './accounts.js';
import { startHarness, type Harness } from './testing/fixtures.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const usersMe = (token: string, query = '') =>
  fetch(`${harness.providers.url}/x/2/users/me${query}`, { headers: { authorization: `Bearer ${token}` } }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as any,
  }));

describe('X stand-in', () => {
  it('answers /2/users/me with data, and confirmed_email only when asked for and granted', async () => {
    const client = harness.client('x');
    const { tokens } = await client.signIn(X_ACCOUNTS[0].id);
    expect(tokens).toEqual({
      token_type: 'bearer',
      expires_in: 3600,
      access_token: expect.any(String),
      scope: 'tweet.read users.read users.email offline.access',
      refresh_token: expect.any(String),
    });
    expect(await usersMe(tokens.access_token)).toEqual({
      status: 200,
      body: { data: { id: X_ACCOUNTS[0].id, name: 'Fan One', username: 'pie_fan_one' } },
    });
    expect((await usersMe(tokens.access_token, '?user.fields=confirmed_email')).body.data.confirmed_email).toBe('fan1@x.sandbox');

    const withoutEmailScope = await client.signIn(X_ACCOUNTS[0].id, { scope: 'tweet.read users.read' });
    expect((await usersMe(withoutEmailScope.tokens.access_token, '?user.fields=confirmed_email')).body.data).not.toHaveProperty('confirmed_email');
  });

  it('leaves confirmed_email out for an account without one', async () => {
    const { tokens } = await harness.client('x').signIn(X_ACCOUNTS[2].id);
    const res = await usersMe(tokens.access_token, '?user.fields=confirmed_email');
    expect(res.body).toEqual({ data: { id: X_ACCOUNTS[2].id, name: 'No Email', username: 'pie_no_email' } });
  });

  it('refuses unknown user.fields and tokens without the read scopes', async () => {
    const client = harness.client('x');
    const { tokens } = await client.signIn(X_ACCOUNTS[1].id);
    const bad = await usersMe(tokens.access_token, '?user.fields=favourite_colour');
    expect(bad.status).toBe(400);
    expect(bad.body.title).toBe('Invalid Request');

    const narrow = await client.signIn(X_ACCOUNTS[1].id, { scope: 'users.read' });
    expect((await usersMe(narrow.tokens.access_token)).status).toBe(403);
  });

  it('gives a refresh token only with offline.access, and rotates it', async () => {
    const client = harness.client('x');
    const online = await client.signIn(X_ACCOUNTS[1].id, { scope: 'tweet.read users.read' });
    expect(online.tokens).not.toHaveProperty('refresh_token');

    const { tokens } = await client.signIn(X_ACCOUNTS[1].id);
    const refreshed = await client.refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await usersMe(refreshed.body.access_token)).body.data.id).toBe(X_ACCOUNTS[1].id);
    expect((await client.refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('revokes through /2/oauth2/revoke with client authentication', async () => {
    const client = harness.client('x');
    const { tokens } = await client.signIn(X_ACCOUNTS[1].id);
    const revoke = (auth: string) =>
      fetch(`${harness.providers.url}/x/2/oauth2/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(auth).toString('base64')}` },
        body: new URLSearchParams({ token: tokens.access_token }),
      });
    expect((await revoke(`${client.client.clientId}:wrong`)).status).toBe(401);
    expect((await revoke(`${client.client.clientId}:${client.client.clientSecret}`)).status).toBe(200);
    expect((await usersMe(tokens.access_token)).status).toBe(401);
  });
});
