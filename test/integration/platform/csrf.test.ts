import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestPlatform } from '../../support/test-platform.js';
import { openSql, type Sql } from '../../support/sql.js';
import { logIn, makeAccount } from '../../support/accounts.js';

const STATE_CHANGING = ['post', 'put', 'patch', 'delete'];
const CSRF_MESSAGE = /CSRF token/;

/** Every state-changing route the app registers, read from the OpenAPI document the code generates. */
async function stateChangingRoutes(platform: TestPlatform): Promise<{ method: string; url: string }[]> {
  const docs = await platform.request('GET', '/api/docs-json');
  const routes: { method: string; url: string }[] = [];
  for (const [path, operations] of Object.entries(docs.body.paths as Record<string, Record<string, unknown>>)) {
    for (const method of Object.keys(operations)) {
      if (!STATE_CHANGING.includes(method)) continue;
      // Any value will do for path parameters: CSRF is checked before routing reaches validation.
      routes.push({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, 'x'.repeat(43)) });
    }
  }
  return routes;
}

describe('CSRF protection on every state-changing route', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let routes: { method: string; url: string }[];
  let sessionA: Record<string, string>;
  let sessionB: Record<string, string>;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'csrf', worker: false });
    sql = openSql(platform.database.url);
    routes = await stateChangingRoutes(platform);
    sessionA = (await logIn(platform, await makeAccount(sql, 'fan'))).cookies;
    sessionB = (await logIn(platform, await makeAccount(sql, 'fan'))).cookies;
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  it('finds the routes to check (register, login, logout, deletion, … of all three areas)', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining(['POST /api/auth/register', 'POST /api/auth/login', 'DELETE /api/auth/account', 'POST /api/for-artists/auth/login', 'POST /api/admin/auth/login', 'PATCH /api/for-artists/user/profile']),
    );
    expect(routes.length).toBeGreaterThan(15);
  });

  it('refuses a request without a token', async () => {
    for (const route of routes) {
      const response = await platform.request(route.method, route.url, { body: {}, cookies: sessionA, csrf: false });
      expect(response.status, `${route.method} ${route.url}`).toBe(403);
      expect(response.body.message).toMatch(CSRF_MESSAGE);
    }
  });

  it('refuses a wrong token (forged, tampered or not matching its cookie)', async () => {
    const valid = await platform.csrfTokenFor(sessionA);
    const [nonce, signature] = valid.split('.');
    const forged = [`${nonce}.${'A'.repeat(signature.length)}`, 'garbage', `${nonce}.${signature}.extra`];
    for (const route of routes) {
      for (const token of forged) {
        const response = await platform.request(route.method, route.url, { body: {}, cookies: sessionA, csrfToken: token });
        expect(response.status, `${route.method} ${route.url} with ${token}`).toBe(403);
      }
      // A valid token in the header that is not the cookie's (double submit broken).
      const mismatch = await platform.api.inject({
        method: route.method as 'POST',
        url: route.url,
        cookies: { ...sessionA, 'XSRF-TOKEN': await platform.csrfTokenFor(sessionA) },
        headers: { 'x-xsrf-token': valid.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(mismatch.statusCode).toBe(403);
    }
  });

  it("refuses another session's token", async () => {
    const tokenOfA = await platform.csrfTokenFor(sessionA);
    for (const route of routes) {
      const response = await platform.request(route.method, route.url, { body: {}, cookies: sessionB, csrfToken: tokenOfA });
      expect(response.status, `${route.method} ${route.url}`).toBe(403);
      expect(response.body.message).toMatch(CSRF_MESSAGE);
    }
  });

  it("lets the session's own token through, and hands out a new token when the session changes", async () => {
    const account = await makeAccount(sql, 'fan');
    const visitorToken = await platform.csrfTokenFor();
    const login = await platform.request('POST', '/api/auth/login', { body: { email: account.email, password: account.password }, csrfToken: visitorToken });
    expect(login.status).toBe(200);
    const newToken = login.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
    expect(newToken?.value).toBeDefined();
    expect(newToken?.value).not.toBe(visitorToken);
    expect(newToken?.httpOnly).toBeFalsy();
    const session = { fan_access_token: login.cookies.find((cookie) => cookie.name === 'fan_access_token')!.value };
    const logout = await platform.request('POST', '/api/auth/logout', { cookies: session, csrfToken: newToken!.value });
    expect(logout.status).toBe(200);
  });
});
