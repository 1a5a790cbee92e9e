import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, makeAccount } from '../../support/accounts.js';
import { makeFanRegistration } from '../../support/factories.js';
import { openSql, type Sql } from '../../support/sql.js';
import { sandboxRecaptchaToken, SANDBOX_RECAPTCHA_SECRET } from '../../../apps/sandbox/src/recaptcha/recaptcha.js';
import { TestPlatform } from '../../support/test-platform.js';

/*
 * The API's edge (issue 10): which client address counts, the security headers on HTML and JSON,
 * input Postgres cannot store, and caching of private answers.
 */

const BOOT_SCRIPT = "document.documentElement.dataset.boot = 'yes';";
const INDEX_HTML = `<!doctype html><html><head><title>Pie</title></head><body><div id="root"></div><script>${BOOT_SCRIPT}</script><script type="module" src="/assets/app.js"></script></body></html>`;

describe('the API edge', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'pie-edge-web-'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    platform = await TestPlatform.start({ label: 'edge', worker: false, env: { WEB_DIST_DIR: webDist, RATE_LIMIT_ENABLED: 'true' } });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  describe('client addresses', () => {
    it('a client cannot pick a fresh IP per request with X-Forwarded-For to escape the per-IP limit', async () => {
      const statuses: number[] = [];
      // forgot-password allows 10 per IP per hour; every request claims another address and another account.
      for (let attempt = 0; attempt < 12; attempt++) {
        const response = await platform.request('POST', '/api/auth/forgot-password', {
          body: { email: `nobody-${attempt}-${randomBytes(3).toString('hex')}@example.test` },
          headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    });

    it('the anonymous admin Google start is limited per IP', async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 22; attempt++) statuses.push((await platform.request('GET', '/api/admin/auth/google')).status);
      expect(statuses.filter((status) => status === 302)).toHaveLength(20);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe('security headers', () => {
    const expectHeaders = (headers: Record<string, unknown>) => {
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+' https:\/\/www\.google\.com\/recaptcha\//);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // PUBLIC_URL is http here: no HSTS (it would pin a plain-http development origin to https).
      expect(headers['strict-transport-security']).toBeUndefined();
    };

    it('on the SPA (/ and a client-side route), on JSON, on errors and on the CSRF refusal', async () => {
      for (const path of ['/', '/login']) {
        const page = await platform.request('GET', path);
        expect(page.status).toBe(200);
        expect(String(page.headers['content-type'])).toMatch(/text\/html/);
        expectHeaders(page.headers);
      }
      const json = await platform.request('GET', '/api/user');
      expect(json.status).toBe(401);
      expectHeaders(json.headers);
      const refused = await platform.request('POST', '/api/auth/login', { body: {}, csrf: false });
      expect(refused.status).toBe(403);
      expectHeaders(refused.headers);
    });

    it("the CSP lets exactly the build's inline boot script run", async () => {
      const csp = String((await platform.request('GET', '/')).headers['content-security-policy']);
      const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
      expect(csp).toContain(`'sha256-${hash}'`);
      expect(csp).not.toContain("'unsafe-inline' https://www.google.com");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      // Outside production the sandbox may serve images and the captcha script, under either loopback name.
      const port = new URL(platform.sandbox.urls.providers).port;
      expect(csp).toMatch(new RegExp(`img-src [^;]*http://localhost:${port}[^;]*http://127\\.0\\.0\\.1:${port}|img-src [^;]*http://127\\.0\\.0\\.1:${port}[^;]*http://localhost:${port}`));
    });

    it('HSTS when the public URL is https', async () => {
      const https = await TestPlatform.start({ label: 'edge-https', worker: false, env: { PUBLIC_URL: 'https://pie.example' } });
      try {
        const response = await https.request('GET', '/api/health');
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      } finally {
        await https.close();
      }
    });
  });

  describe('input Postgres cannot store', () => {
    it('a lone UTF-16 surrogate in a body answers 400, not 500', async () => {
      const registration = JSON.stringify(makeFanRegistration()).replace('"first_name":"Robin"', '"first_name":"Ro\\ud800bin"');
      const response = await platform.request('POST', '/api/auth/register', { rawBody: registration, headers: { 'content-type': 'application/json' } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, statusCode: 400, errors: { first_name: ['must be valid Unicode text'] } });
    });

    it('…in a key, deep inside, or in a query or a path', async () => {
      const fan = await makeAccount(sql, 'fan');
      const { cookies } = await logIn(platform, fan);
      const deep = `{"a":${'['.repeat(200)}"\\udc00"${']'.repeat(200)}}`;
      for (const rawBody of ['{"\\ud83d":"key"}', deep]) {
        const response = await platform.request('POST', '/api/listening/imports', { rawBody, cookies, headers: { 'content-type': 'application/json' } });
        expect(response.status, rawBody.slice(0, 40)).toBe(400);
      }
      const query = await platform.request('GET', '/api/artists/user?search=%ED%A0%80', { cookies });
      expect(query.status).toBeLessThan(500);
      const path = await platform.request('GET', '/api/artists/%ED%A0%80', { cookies });
      expect(path.status).toBeGreaterThanOrEqual(400);
      expect(path.status).toBeLessThan(500);
    });

    it('an impossible date is refused, not rolled over', async () => {
      const fan = await makeAccount(sql, 'fan');
      const { cookies } = await logIn(platform, fan);
      const rolled = await platform.request('GET', '/api/artists/user?from=2024-02-30&to=2024-03-05', { cookies });
      expect(rolled.status).toBe(400);
      expect(rolled.body.message).toMatch(/from is not a real date/);
    });
  });

  describe('caching', () => {
    it('private JSON answers carry Cache-Control: no-store; the SPA shell stays revalidated', async () => {
      const fan = await makeAccount(sql, 'fan');
      const { cookies } = await logIn(platform, fan);
      const me = await platform.request('GET', '/api/user', { cookies });
      expect(me.status).toBe(200);
      expect(me.headers['cache-control']).toBe('no-store');
      expect((await platform.request('GET', '/api/user')).headers['cache-control']).toBe('no-store');
      expect((await platform.request('GET', '/login')).headers['cache-control']).toBe('no-cache');
    });
  });
});

describe('behind a trusted proxy', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'edge-proxy', worker: false, env: { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('TRUST_PROXY=1 takes the address the proxy reports, so clients behind it are counted apart', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await platform.request('POST', '/api/auth/forgot-password', {
        body: { email: `someone-${attempt}@example.test` },
        headers: { 'x-forwarded-for': `198.51.100.${attempt + 1}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});

describe('in production, with no TRUST_PROXY set', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start({
      label: 'edge-production',
      worker: false,
      recaptchaFromSandbox: true,
      env: {
        NODE_ENV: 'production',
        RATE_LIMIT_ENABLED: 'true',
        SESSION_SECRET: 'a production session secret, long enough',
        PROMOTION_HASH_SECRET: 'a production promotion fingerprint secret',
        TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
        RECAPTCHA_SECRET: SANDBOX_RECAPTCHA_SECRET,
      },
    });
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('X-Forwarded-For rotation does not escape the per-IP limit (production used to trust every proxy)', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await platform.request('POST', '/api/auth/forgot-password', {
        body: { email: `rotating-${attempt}-${randomBytes(3).toString('hex')}@example.test`, recaptchaToken: sandboxRecaptchaToken('forgot_password') },
        headers: { 'x-forwarded-for': `192.0.2.${attempt + 1}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
