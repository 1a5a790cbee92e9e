import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOAuthProviders } from '../oauth/providers-server.js';
import { FaultInjector, TokenBuckets } from './limits.js';
import { startStreamingHarness, type StreamingHarness } from './testing/harness.js';

const RECENT = '/spotify/api/v1/me/player/recently-played';

describe('TokenBuckets', () => {
  it('lets a burst through, then refills at the sustained rate and says when to retry', () => {
    let now = 0;
    const buckets = new TokenBuckets({ requestsPerSecond: 10, burst: 20 }, () => now);
    for (let i = 0; i < 20; i++) expect(buckets.take('a')).toEqual({ ok: true });
    expect(buckets.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(buckets.take('b')).toEqual({ ok: true });
    now += 100;
    expect(buckets.take('a')).toEqual({ ok: true });
    expect(buckets.take('a').ok).toBe(false);
    now += 10_000;
    for (let i = 0; i < 20; i++) expect(buckets.take('a').ok).toBe(true);
    expect(buckets.take('a').ok).toBe(false);
  });

  it('rounds Retry-After up to whole seconds for slow rates', () => {
    const buckets = new TokenBuckets({ requestsPerSecond: 0.25, burst: 1 }, () => 0);
    expect(buckets.take('a').ok).toBe(true);
    expect(buckets.take('a')).toEqual({ ok: false, retryAfterSeconds: 4 });
  });
});

describe('FaultInjector', () => {
  it('replays the same faults for the same seed and request sequence', () => {
    const run = () => {
      const faults = new FaultInjector({ rate: 0.2, seed: 'x' });
      return Array.from({ length: 200 }, () => faults.decide('/v1/artists', true)?.status ?? 200);
    };
    const first = run();
    expect(run()).toEqual(first);
    const failed = first.filter((status) => status !== 200);
    expect(failed.length).toBeGreaterThan(20);
    expect(failed.length).toBeLessThan(70);
    expect(new Set(failed)).toEqual(new Set([500, 502, 503]));
  });

  it('defaults to about 2% faults', () => {
    const faults = new FaultInjector();
    const failed = Array.from({ length: 5000 }, () => faults.decide('/v1/tracks', true)).filter(Boolean).length;
    expect(failed / 5000).toBeGreaterThan(0.01);
    expect(failed / 5000).toBeLessThan(0.03);
    expect(faults.decide('/v1/me', false)).toBeNull();
  });
});

describe('rate limits and faults over HTTP', () => {
  let rateNow = 0;
  let h: StreamingHarness;
  beforeAll(async () => {
    // A rate clock the test moves, so the bucket arithmetic is exact.
    h = await startStreamingHarness({ streaming: { rateClock: () => rateNow } });
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await h.send('DELETE', '/spotify/__admin/faults');
    await h.send('POST', '/spotify/__admin/rate-limit', { enabled: true, requestsPerSecond: 10, burst: 20 });
    await h.send('POST', '/spotify/__admin/stats/reset');
    rateNow += 60_000;
  });

  it('answers 429 with Retry-After once a token has used its burst, per token', async () => {
    const token = await h.token('listener1');
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<StreamingHarness['get']>> | undefined;
    for (let i = 0; i < 25; i++) {
      const res = await h.get('/spotify/api/v1/me', token);
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    expect(limited!.headers.get('retry-after')).toBe('1');
    expect(limited!.body).toEqual({ error: { status: 429, message: 'API rate limit exceeded' } });
    expect((await h.get('/spotify/api/v1/me', await h.token('listener2'))).status).toBe(200);
    rateNow += 1000;
    for (let i = 0; i < 10; i++) expect((await h.get('/spotify/api/v1/me', token)).status).toBe(200);
    expect((await h.get('/spotify/api/v1/me', token)).status).toBe(429);
    const stats = await h.get('/spotify/__admin/stats');
    expect(stats.body.rateLimited).toBe(6);
  });

  it('limits a burst of concurrent requests too', async () => {
    const token = await h.token('listener3');
    const results = await Promise.all(Array.from({ length: 30 }, () => h.get(`${RECENT}?limit=1`, token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.status === 429).every((r) => Number(r.headers.get('retry-after')) >= 1)).toBe(true);
  });

  it('can be reconfigured or turned off', async () => {
    const token = await h.token('listener1');
    expect((await h.send('POST', '/spotify/__admin/rate-limit', { enabled: false })).body).toEqual({ enabled: false });
    for (let i = 0; i < 30; i++) expect((await h.get('/spotify/api/v1/me', token)).status).toBe(200);
    expect((await h.send('POST', '/spotify/__admin/rate-limit', { requestsPerSecond: 1, burst: 2 })).body).toEqual({ enabled: true, requestsPerSecond: 1, burst: 2 });
    expect((await h.get('/spotify/api/v1/me', token)).status).toBe(200);
    expect((await h.get('/spotify/api/v1/me', token)).status).toBe(200);
    expect((await h.get('/spotify/api/v1/me', token)).status).toBe(429);
  });

  it('forces the next n requests to fail, e.g. 429 with Retry-After 1, then recovers', async () => {
    const token = await h.token('listener1');
    const set = await h.send('POST', '/spotify/__admin/faults', { next: 2, status: 429, retryAfterSeconds: 1 });
    expect(set.body.forced).toEqual({ remaining: 2, status: 429, retryAfterSeconds: 1, path: null });
    for (let i = 0; i < 2; i++) {
      const res = await h.get(RECENT, token);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('1');
    }
    expect((await h.get(RECENT, token)).status).toBe(200);
    expect((await h.get('/spotify/__admin/faults')).body.forced).toBeNull();
  });

  it('forces faults on one endpoint only when given a path', async () => {
    const token = await h.token('listener1');
    await h.send('POST', '/spotify/__admin/faults', { next: 1, status: 503, path: '/v1/me/player/recently-played' });
    expect((await h.get('/spotify/api/v1/me', token)).status).toBe(200);
    expect((await h.get(`/spotify/api/v1/artists/${h.api.catalogue.artists[0].id}`, token)).status).toBe(200);
    const res = await h.get(RECENT, token);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: { status: 503, message: 'Service unavailable' } });
    expect(res.headers.get('retry-after')).toBe('1');
    expect((await h.get(RECENT, token)).status).toBe(200);
  });

  it('injects seeded random 5xx on the listening endpoints, replayable, and never on /v1/me', async () => {
    await h.send('POST', '/spotify/__admin/rate-limit', { enabled: false });
    const token = await h.token('listener2');
    const run = async () => {
      await h.send('POST', '/spotify/__admin/faults', { rate: 0.3, seed: 'replay-me' });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await h.get(`${RECENT}?limit=1`, token)).status);
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first.filter((s) => s !== 200).length).toBeGreaterThan(3);
    expect(first.every((s) => [200, 500, 502, 503].includes(s))).toBe(true);

    await h.send('POST', '/spotify/__admin/faults', { rate: 1 });
    expect((await h.get('/spotify/api/v1/me', token)).status).toBe(200);
    expect((await h.get(`${RECENT}?limit=1`, token)).status).toBeGreaterThanOrEqual(500);

    await h.send('POST', '/spotify/__admin/faults', { rate: 0 });
    for (let i = 0; i < 20; i++) expect((await h.get(`${RECENT}?limit=1`, token)).status).toBe(200);
  });

  it('checks a 401 before the rate limit and faults', async () => {
    await h.send('POST', '/spotify/__admin/faults', { next: 5, status: 500 });
    expect((await h.get(RECENT, 'BQunknown')).status).toBe(401);
    expect((await h.get('/spotify/__admin/faults')).body.forced.remaining).toBe(5);
  });

  it('counts requests per route, status and account for assertions', async () => {
    const token = await h.token('listener3');
    await h.send('POST', '/spotify/__admin/faults', { next: 1, status: 502 });
    await h.get(RECENT, token);
    await h.get(RECENT, token);
    await h.get('/spotify/api/v1/me', token);
    await h.get(`/spotify/api/v1/tracks/${h.api.catalogue.tracks[0].id}`, token);
    await h.get(RECENT);
    const stats = (await h.get('/spotify/__admin/stats')).body;
    expect(stats).toMatchObject({
      total: 5,
      byStatus: { '200': 3, '401': 1, '502': 1 },
      byAccount: { listener3: 4 },
      rateLimited: 0,
      faultsInjected: 1,
    });
    expect(stats.byRoute['GET /v1/me/player/recently-played']).toEqual({ total: 3, byStatus: { '200': 1, '401': 1, '502': 1 } });
    expect(stats.byRoute['GET /v1/tracks/{id}']).toEqual({ total: 1, byStatus: { '200': 1 } });
    expect(stats.byRoute['GET /v1/me']).toEqual({ total: 1, byStatus: { '200': 1 } });
    expect((await h.send('DELETE', '/spotify/__admin/stats')).body.total).toBe(0);
  });

  it('refuses bad control input with 400', async () => {
    for (const body of [{ rate: 2 }, { next: -1 }, { status: 200 }, { next: 1, status: [500, 502] }, { path: '/v1/me' }, { bogus: true }]) {
      expect((await h.send('POST', '/spotify/__admin/faults', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await h.send('POST', '/spotify/__admin/clock', { offsetMs: 1, advanceMs: 1 })).status).toBe(400);
    expect((await h.send('POST', '/spotify/__admin/rate-limit', { burst: 0 })).status).toBe(400);
    expect((await h.send('POST', '/spotify/__admin/listeners/x', { hoursPerDay: 99 })).status).toBe(400);
    const notJson = await fetch(`${h.url}/spotify/__admin/faults`, { method: 'POST', body: 'rate=1' });
    expect(notJson.status).toBe(415);
    expect((await h.send('PUT', '/spotify/__admin/clock', {})).status).toBe(405);
  });
});

describe('defaults of a plain providers server', () => {
  it('injects ~2% 500/502/503 faults and limits 10 req/s with a burst of 20', async () => {
    const providers = await startOAuthProviders({ port: 0 });
    try {
      const faults = await (await fetch(`${providers.url}/spotify/__admin/faults`)).json();
      expect(faults).toEqual({ random: { rate: 0.02, statuses: [500, 502, 503], retryAfterSeconds: 1, seed: 'pie-sandbox-faults' }, forced: null });
      const limit = await (await fetch(`${providers.url}/spotify/__admin/rate-limit`)).json();
      expect(limit).toEqual({ enabled: true, requestsPerSecond: 10, burst: 20 });
    } finally {
      await providers.close();
    }
  });
});
