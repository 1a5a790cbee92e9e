import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '#pie/platform';
import { logIn, makeAccount, type AccountKind } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform, type InjectResult } from '../../support/test-platform.js';

/*
 * The route fuzzer (issue 10): every route in the OpenAPI document, called as every kind of caller
 * with generated bad input. Two rules hold for all of them, today's routes and any added later:
 *   - nothing a client sends answers 5xx;
 *   - a state-changing call without a valid CSRF token answers 403.
 * It reads /api/docs-json, so a new controller is covered the day it appears. Inputs come from a
 * fixed seed (FUZZ_SEED to change it) and FUZZ_RUNS requests of each sort per route and caller (default 4, so CI on 2 cores stays within about two minutes as routes are added).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const MUTATIONS = new Set(['post', 'put', 'patch', 'delete']);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Caller = 'none' | AccountKind;
const CALLERS: Caller[] = ['none', 'fan', 'artist', 'admin'];
const WHO_AM_I: Record<AccountKind, string> = { fan: '/api/user', artist: '/api/for-artists/user', admin: '/api/admin/profile' };

interface Route {
  method: (typeof METHODS)[number];
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
}

/** Lone surrogates, both halves, alone and amid text. */
const LONE_SURROGATES = ['\ud800', '\udfff', 'a\udc00b', '\ud83d'];

/** Percent-encodes like encodeURIComponent, but writes a lone surrogate as its (invalid) three UTF-8-style bytes. */
function encodeLoose(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** Strings a careless or hostile client sends. */
const badString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...LONE_SURROGATES),
  fc.constantFrom('', ' ', '\u0000', 'null', 'undefined', '0', '-1', '1e309', 'NaN', '../../etc/passwd', '<script>alert(1)</script>', "' or 1=1 --", '%', '%zz', 'ü', '🥧', '\u202e'),
  fc.constant('x'.repeat(100_000)),
  fc.integer({ min: 1, max: 5000 }).map((length) => 'é'.repeat(length)),
);

/** Values of the wrong type (or the right type with absurd values). */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  badString,
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(null, true, false, 0, -1, 2 ** 53, -(2 ** 63), 1e308, [], {}),
  fc.array(badString, { maxLength: 4 }),
  fc.dictionary(badString, badString, { maxKeys: 3 }),
);

/** Ids in paths: not ids, other kinds of ids, ids of nothing. */
const badId = fc.oneof(
  fc.constantFrom('0', '-1', 'null', 'undefined', '1e309', '..', '%00', 'x'.repeat(5000), '00000000-0000-0000-0000-000000000000', 'not-a-uuid', '🥧', ...LONE_SURROGATES),
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }),
);

/** A whole body: JSON text, sometimes not an object, sometimes not JSON, sometimes absurdly deep. */
function badBody(fields: string[]): fc.Arbitrary<string> {
  const key = fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), badString) : badString;
  const object = fc.dictionary(key, badValue, { maxKeys: Math.max(4, fields.length + 2) }).map((value) => JSON.stringify(value));
  // The known fields, each with a bad value (missing ones left out, an extra one added).
  const knownFieldsWrong = fc
    .tuple(fc.array(badValue, { minLength: fields.length, maxLength: fields.length }), fc.boolean())
    .map(([values, extra]) => JSON.stringify({ ...Object.fromEntries(fields.map((field, index) => [field, values[index]])), ...(extra ? { unexpected: 'field' } : {}) }));
  return fc.oneof(
    { weight: 3, arbitrary: object },
    { weight: 3, arbitrary: knownFieldsWrong },
    { weight: 1, arbitrary: badValue.map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 20_000 }).map((depth) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`) },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', 'not json', '', '[]', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}') },
  );
}

/** A value a well-behaved client might send for a field of this name (refined by what validation answers). */
function plausibleValue(field: string, complaint = ''): unknown {
  if (/number|integer/i.test(complaint)) return 1;
  if (/boolean|true|false/i.test(complaint)) return true;
  if (/array|list/i.test(complaint)) return [];
  if (/object/i.test(complaint)) return {};
  if (/email/i.test(field)) return `fuzz-${randomUUID().slice(0, 8)}@example.test`;
  if (/password/i.test(field)) return 'a long enough password 1';
  if (/accept|agree/i.test(field)) return true;
  if (/token/i.test(field)) return 'x'.repeat(43);
  if (/date|_at$|^from$|^to$/i.test(field)) return '2024-01-31';
  if (/amount/i.test(field)) return '5.00';
  if (/^(index|page|limit|total|count|days)|chunks$/i.test(field)) return 1;
  if (/rows|items/i.test(field)) return [];
  return 'text';
}

/**
 * The fields a body needs, learnt from the API itself: an empty object's 400 names the missing ones,
 * and a second try with plausible values corrects their types. No schema needed, so a route added
 * tomorrow is explored the same way.
 */
async function discoverBody(send: (body: string) => Promise<InjectResult | undefined>): Promise<Record<string, unknown> | undefined> {
  let body: Record<string, unknown> = {};
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await send(JSON.stringify(body));
    const errors = response?.status === 400 ? (response.body?.errors as Record<string, string[]> | undefined) : undefined;
    if (!errors) return Object.keys(body).length > 0 ? body : undefined;
    const fields = Object.entries(errors).filter(([field]) => field !== '_' && !field.includes('.'));
    if (fields.length === 0) return Object.keys(body).length > 0 ? body : undefined;
    body = { ...body, ...Object.fromEntries(fields.map(([field, messages]) => [field, plausibleValue(field, attempt === 0 ? '' : messages.join(' '))])) };
  }
  return body;
}

/** A nearly valid body: every field plausible but one, which gets a bad value; sometimes an extra field. */
function nearlyValidBody(base: Record<string, unknown>): fc.Arbitrary<string> {
  const fields = Object.keys(base);
  const worst = fc.oneof({ weight: 3, arbitrary: fc.constantFrom<unknown>(...LONE_SURROGATES) }, { weight: 4, arbitrary: badValue });
  // Fresh addresses each time, so a sign-up with a spoiled name is a new account, not "already registered".
  const fresh = (id: string) => Object.fromEntries(fields.filter((field) => /email/i.test(field)).map((field) => [field, `fuzz-${id.slice(0, 8)}@example.test`]));
  return fc
    .tuple(fc.constantFrom(...fields), worst, fc.boolean(), fc.uuid())
    .map(([field, value, extra, id]) => JSON.stringify({ ...base, ...fresh(id), [field]: value, ...(extra ? { [`${field}Extra`]: value } : {}) }));
}

function query(params: string[]): fc.Arbitrary<string> {
  const key = params.length > 0 ? fc.oneof(fc.constantFrom(...params), badString) : badString;
  return fc.array(fc.tuple(key, badString), { maxLength: 4 }).map((pairs) => pairs.map(([name, value]) => `${encodeLoose(name)}=${encodeLoose(value)}`).join('&'));
}

function readRoutes(document: { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, any> } }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const parameters: { in: string; name: string }[] = operation.parameters ?? [];
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      const resolved = schema?.$ref ? document.components?.schemas?.[String(schema.$ref).split('/').pop()!] : schema;
      routes.push({
        method,
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]),
        queryParams: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        bodyFields: Object.keys(resolved?.properties ?? {}),
      });
    }
  }
  return routes;
}

describe('route fuzzer', () => {
  let platform: TestPlatform;
  let sql: Sql;
  const sessions = new Map<Caller, Record<string, string>>();

  beforeAll(async () => {
    // With the Stripe sandbox: payment routes answer as they do in production, not 503 'not configured'.
    platform = await TestPlatform.start({ label: 'fuzz', worker: false, stripe: true });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  /**
   * The caller's cookies (a visitor's too: an anonymous state-changing call needs its CSRF token).
   * With `check`, signed in again as a new account when a fuzzed call ended the session (logout, delete account).
   */
  async function cookiesOf(caller: Caller, check = false): Promise<Record<string, string>> {
    const known = sessions.get(caller);
    if (caller === 'none') {
      if (!known) sessions.set(caller, { [CSRF_COOKIE]: await platform.csrfTokenFor({}) });
      return sessions.get(caller)!;
    }
    if (known && !check) return known;
    if (known && (await platform.request('GET', WHO_AM_I[caller], { cookies: known })).status === 200) return known;
    const { cookies } = await logIn(platform, await makeAccount(sql, caller));
    const withCsrf = { ...cookies, [CSRF_COOKIE]: await platform.csrfTokenFor(cookies) };
    sessions.set(caller, withCsrf);
    return withCsrf;
  }

  it('answers every route, as every caller, without a 5xx; every mutation without a valid CSRF token is 403', { timeout: 600_000 }, async () => {
    const document = (await platform.request('GET', '/api/docs-json')).body;
    const routes = readRoutes(document);
    expect(routes.length).toBeGreaterThan(30);
    const statuses = new Map<number, number>();
    const serverErrors: string[] = [];
    const csrfHoles: string[] = [];
    let requests = 0;
    const started = Date.now();

    const send = async (route: Route, caller: Caller, url: string, options: { body?: string; cookies: Record<string, string>; csrf: 'valid' | 'none' | 'forged' }) => {
      const headers: Record<string, string> = {};
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const cookies = { ...options.cookies };
      if (options.csrf === 'valid' && cookies[CSRF_COOKIE]) headers[CSRF_HEADER] = cookies[CSRF_COOKIE];
      if (options.csrf === 'none') delete cookies[CSRF_COOKIE];
      if (options.csrf === 'forged') {
        // A token of the right shape that is not this session's: the cookie and header agree, the signature does not.
        cookies[CSRF_COOKIE] = 'forged.forged';
        headers[CSRF_HEADER] = 'forged.forged';
      }
      let response: InjectResult;
      try {
        response = await platform.request(route.method.toUpperCase(), url, { rawBody: options.body, headers, cookies, csrf: false });
      } catch (error) {
        serverErrors.push(`${route.method.toUpperCase()} ${url.slice(0, 200)} as ${caller}: the request threw ${(error as Error).message}`);
        return undefined;
      }
      requests++;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      // Readiness says 503 when no worker beats, and this platform runs none: that is its true answer.
      const notReady = route.path === '/api/health/ready' && response.status === 503 && response.body?.data?.status === 'down';
      if (response.status >= 500 && !notReady) {
        serverErrors.push(`${route.method.toUpperCase()} ${url.slice(0, 200)} as ${caller} (body ${String(options.body).slice(0, 120)}): ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
      }
      return response;
    };

    for (const [index, route] of routes.entries()) {
      const seed = SEED + index;
      const paths = fc.sample(fc.tuple(...route.pathParams.map(() => badId)), { seed, numRuns: RUNS }) as string[][];
      const queries = fc.sample(query(route.queryParams), { seed: seed + 1, numRuns: RUNS });
      const bodies = MUTATIONS.has(route.method) ? fc.sample(badBody(route.bodyFields), { seed: seed + 2, numRuns: RUNS }) : [];
      for (const caller of CALLERS) {
        // Only a successful mutation can have ended the caller's session: check it then, not before every call.
        let cookies = await cookiesOf(caller, true);
        const afterwards = async (response: InjectResult | undefined) => {
          if (MUTATIONS.has(route.method) && response && response.status < 300) cookies = await cookiesOf(caller, true);
        };
        for (let run = 0; run < RUNS; run++) {
          let url = route.path;
          route.pathParams.forEach((name, position) => (url = url.replace(`{${name}}`, encodeLoose(paths[run][position]))));
          if (queries[run]) url += `?${queries[run]}`;
          await afterwards(await send(route, caller, url, { body: bodies[run], cookies, csrf: 'valid' }));
        }
        if (MUTATIONS.has(route.method)) {
          // Past validation too: learn the body's fields from the API's own 400, then spoil one field at a time.
          const url = route.pathParams.reduce((built, name) => built.replace(`{${name}}`, randomUUID()), route.path);
          const base = await discoverBody(async (body) => {
            const response = await send(route, caller, url, { body, cookies, csrf: 'valid' });
            await afterwards(response);
            return response;
          });
          if (base) {
            for (const body of fc.sample(nearlyValidBody(base), { seed: seed + 3 + CALLERS.indexOf(caller), numRuns: RUNS })) {
              await afterwards(await send(route, caller, url, { body, cookies, csrf: 'valid' }));
            }
          }
          for (const csrf of ['none', 'forged'] as const) {
            const response = await send(route, caller, url, { body: '{}', cookies, csrf });
            if (response && response.status !== 403) csrfHoles.push(`${route.method.toUpperCase()} ${route.path} as ${caller} with ${csrf} CSRF token: ${response.status}`);
          }
        }
      }
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(', ');
    console.log(`route fuzzer: ${routes.length} routes (${routes.filter((route) => MUTATIONS.has(route.method)).length} mutations), ${CALLERS.length} callers, ${requests} requests in ${seconds} s (seed ${SEED}, ${RUNS} runs per route and caller); statuses ${byStatus}`);
    expect(serverErrors).toEqual([]);
    expect(csrfHoles).toEqual([]);
  });
});
