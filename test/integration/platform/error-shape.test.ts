import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#pie/contracts';
import { createApiApp } from '../../../apps/api/src/create-api-app.js';
import { TestPlatform } from '../../support/test-platform.js';

// Every error, the framework's own included, answers `{ success: false, statusCode, code, message }`
// (DESIGN §9, issues 9 and 10): a client branches on `code`, never on the wording.

/** Sends raw bytes on a socket and returns the raw HTTP answer. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

const failure = (statusCode: number, code: string) => ({ success: false, statusCode, code, message: expect.any(String) });

function bodyOf(rawAnswer: string): unknown {
  return JSON.parse(rawAnswer.slice(rawAnswer.indexOf('\r\n\r\n') + 4));
}

describe('error responses', () => {
  let platform: TestPlatform;
  let port: number;
  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'errors', worker: false });
    await platform.api.listen(0, '127.0.0.1');
    port = (platform.api.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await platform?.close();
  });


  it.each([
    ['a domain error', 'POST', '/api/auth/login', { body: { email: 'nobody@example.test', password: 'wrong password!' } }, 401, 'identity.wrong-credentials'],
    ['a validation error', 'POST', '/api/auth/login', { body: {} }, 400, 'validation-failed'],
    ['a missing CSRF token', 'POST', '/api/auth/login', { body: {}, csrf: false }, 403, 'csrf-invalid'],
    ['no session', 'GET', '/api/user', {}, 401, 'unauthenticated'],
    ['an unknown API route', 'GET', '/api/no-such-route', {}, 404, 'not-found'],
    ['a malformed percent-encoding', 'GET', '/api/user/details/%E0%A4%A', {}, 400, 'bad-request'],
    ['an over-long path parameter', 'GET', `/api/artists/details/${'a'.repeat(500)}`, {}, 414, 'uri-too-long'],
    ['a body that is not JSON', 'POST', '/api/auth/login', { rawBody: '<login/>', headers: { 'content-type': 'application/xml' } }, 400, 'unsupported-media-type'],
    ['broken JSON', 'POST', '/api/auth/login', { rawBody: '{"email":', headers: { 'content-type': 'application/json' } }, 400, 'bad-request'],
    ['a body over 1 MB', 'POST', '/api/auth/login', { rawBody: JSON.stringify({ email: 'x'.repeat(1_100_000) }), headers: { 'content-type': 'application/json' } }, 413, 'payload-too-large'],
  ] as const)('%s answers in the API shape with its code', async (_what, method, url, options, status, code) => {
    const response = await platform.request(method, url, options as never);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject(failure(status, code));
    expect(Object.keys(response.body).filter((key) => key !== 'errors').sort()).toEqual(['code', 'message', 'statusCode', 'success']);
    expect(ERROR_CODES).toContain(response.body.code);
  });

  it('keeps field errors next to the code', async () => {
    const response = await platform.request('POST', '/api/auth/login', { body: { password: 'x' } });
    expect(response.body).toMatchObject({ code: 'validation-failed', errors: { email: [expect.any(String)] } });
  });

  it('answers a request Node cannot parse in the API shape', async () => {
    const garbage = await rawRequest(port, 'GARBAGE / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(garbage)).toEqual(failure(400, 'bad-request'));

    const huge = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(huge)).toEqual(failure(431, 'headers-too-large'));
  });
});

describe('the API documentation', () => {
  it('is off in production unless API_DOCS_PUBLIC=true, and on in development and tests', async () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), PROMOTION_HASH_SECRET: 'h'.repeat(40), RECAPTCHA_SECRET: 'recaptcha-secret', TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };
    const database = 'postgres://postgres@127.0.0.1:5432/unused';
    const docsStatus = async (env: Record<string, string>) => {
      // The docs routes are decided when the app is built; no request here reaches the database.
      const app = await createApiApp(TestPlatform.configFor(database, 'smtp://127.0.0.1:1', { env }));
      await app.init();
      try {
        const [ui, json] = await Promise.all(['/api/docs', '/api/docs-json'].map((url) => app.inject({ method: 'GET', url })));
        return { ui: ui.statusCode, json: json.statusCode, body: json.json() };
      } finally {
        await app.close();
      }
    };
    const hidden = await docsStatus(production);
    expect(hidden).toMatchObject({ ui: 404, json: 404, body: failure(404, 'not-found') });
    expect(await docsStatus({ ...production, API_DOCS_PUBLIC: 'true' })).toMatchObject({ ui: 200, json: 200 });
    expect(await docsStatus({})).toMatchObject({ ui: 200, json: 200 });
  });
});
