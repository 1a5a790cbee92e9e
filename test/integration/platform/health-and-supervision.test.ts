import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, logIn } from '../../support/accounts.js';
import { parseMetrics, samplesOf } from '../../support/metrics.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { compileWorker, envFor, type CompiledWorker } from '../../support/worker-process.js';
import { Supervised } from '../../../scripts/supervise.js';

/*
 * Health that tells the truth (issue 28 item 1, issue 27 finding 9) and supervision (item 2):
 * the public health says only up or down, readiness goes red when no worker beats, the details go
 * to admins and to a token-protected metrics scrape, and a worker killed the hard way is reported
 * within its threshold and restarted by the supervisor.
 */

const STALE_MS = 3_000;
const METRICS_TOKEN = 'health-test-scrape-token-0123';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('health, readiness, metrics and a supervised worker', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let compiled: CompiledWorker;

  beforeAll(async () => {
    [platform, compiled] = await Promise.all([
      TestPlatform.start({
        label: 'health',
        worker: false,
        env: { WORKER_HEARTBEAT_INTERVAL_MS: '500', WORKER_HEARTBEAT_STALE_MS: String(STALE_MS), METRICS_TOKEN },
      }),
      compileWorker(),
    ]);
    sql = openSql(platform.database.url);
  }, 180_000);
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
    await compiled?.remove();
  });

  const ready = () => platform.request('GET', '/api/health/ready');

  it('answers liveness and readiness in public with up or down only; with no worker, readiness is down', async () => {
    const live = await platform.request('GET', '/api/health');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ success: true, message: 'ok', data: { status: 'up' } });
    const notReady = await ready();
    expect(notReady.status).toBe(503);
    expect(notReady.body).toEqual({ success: false, message: 'not ready', data: { status: 'down' } });
    // Nothing of the insides: no backend, no queue names, no counts.
    expect(JSON.stringify(notReady.body)).not.toMatch(/redis|postgres|dead|queue|worker/i);
  });

  it('gives the details to admins only (the admin dashboard)', async () => {
    const anonymous = await platform.request('GET', '/api/admin/dashboard/health');
    expect([401, 404]).toContain(anonymous.status);
    expect(JSON.stringify(anonymous.body)).not.toContain('readiness');
    const fan = await logIn(platform, await makeAccount(sql, 'fan'));
    const asFan = await platform.request('GET', '/api/admin/dashboard/health', { cookies: fan.cookies });
    expect([401, 404]).toContain(asFan.status);
    expect(JSON.stringify(asFan.body)).not.toContain('readiness');
    const admin = await logIn(platform, await makeAccount(sql, 'admin'));
    const details = await platform.request('GET', '/api/admin/dashboard/health', { cookies: admin.cookies });
    expect(details.status).toBe(200);
    expect(details.body.data.readiness).toMatchObject({
      ready: false,
      database: { ok: true },
      queues: { ok: true, backend: 'redis' },
      worker: { ok: false, alive: 0, staleAfterSeconds: STALE_MS / 1000 },
      outbox: { ok: true },
    });
  });

  it('serves the metrics only to a scrape with the token', async () => {
    // The money gauges read the accounts' cached balances.
    await sql.query(`insert into ledger.accounts (code, kind, allow_negative, balance_cents) values ('promo_pool', 'promo_pool', true, 2500)
                     on conflict (code) do update set balance_cents = 2500`);
    expect((await platform.request('GET', '/api/metrics')).status).toBe(401);
    expect((await platform.request('GET', '/api/metrics', { headers: { authorization: 'Bearer not-the-token-at-all' } })).status).toBe(401);
    const scrape = await platform.request('GET', '/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect(String(scrape.headers['content-type'])).toContain('text/plain');
    const samples = parseMetrics(String(scrape.body));
    const value = (name: string, labels: Record<string, string> = {}) => samplesOf(samples, name, labels)[0]?.value;
    expect(value('pie_http_request_duration_seconds_count', { method: 'GET', route: '/api/health/ready', status: '503' })).toBeGreaterThanOrEqual(1);
    for (const state of ['waiting', 'active', 'delayed', 'failed', 'dead']) expect(value('pie_queue_jobs', { queue: 'pies', state })).toBe(0);
    expect(value('pie_up', { check: 'worker' })).toBe(0);
    expect(value('pie_up', { check: 'database' })).toBe(1);
    expect(value('pie_up', { check: 'ready' })).toBe(0);
    expect(value('pie_outbox_lag_seconds')).toBe(0);
    expect(value('pie_db_pool_connections', { state: 'max' })).toBe(10);
    expect(value('pie_ledger_balance_cents', { kind: 'promo_pool' })).toBe(2_500);
    expect(value('pie_process_resident_memory_bytes')).toBeGreaterThan(0);
    // A process without METRICS_TOKEN has no metrics endpoint at all.
    const closed = await TestPlatform.start({ label: 'health-no-metrics', worker: false });
    try {
      expect((await closed.request('GET', '/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('reports a worker killed the hard way within its threshold, and the supervisor starts it again', async () => {
    const port = await freePort();
    const output: string[] = [];
    const supervisorLog: string[] = [];
    const restartDelayMs = STALE_MS + 3_000;
    const worker = new Supervised({
      name: 'worker',
      args: ['--enable-source-maps', compiled.main],
      env: { PATH: process.env.PATH ?? '', ...envFor({ ...platform.config, LOG_LEVEL: 'info', WORKER_HTTP_PORT: port }) },
      stdio: 'pipe',
      onOutput: (text) => output.push(text),
      log: (line) => supervisorLog.push(line),
      // Longer than the threshold: readiness must see the worker gone before the supervisor brings it back.
      firstDelayMs: restartDelayMs,
    });
    const workerHealth = () => fetch(`http://127.0.0.1:${port}/health`).then((response) => response.status, () => 0);
    try {
      worker.start();
      await eventually('readiness to go green once the worker beats', async () => (await ready()).status === 200, 90_000, 250);
      expect(await workerHealth()).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      const workerScrape = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(workerScrape.status).toBe(200);
      expect(samplesOf(parseMetrics(await workerScrape.text()), 'pie_workers_alive')[0]?.value).toBe(1);

      const firstPid = worker.pid!;
      process.kill(firstPid, 'SIGKILL');
      const killedAt = Date.now();
      await eventually('readiness to go red with the worker dead', async () => (await ready()).status === 503, 30_000, 100);
      const redAfterMs = Date.now() - killedAt;
      console.log(`[health] worker SIGKILLed: readiness red after ${redAfterMs} ms (threshold ${STALE_MS} ms)`);
      // The threshold, plus one heartbeat interval of age at the kill and the one-second answer cache.
      expect(redAfterMs).toBeLessThanOrEqual(STALE_MS + 500 + 1_000 + 500);

      await eventually('the supervisor to start the worker again', async () => worker.pid !== undefined && worker.pid !== firstPid, 30_000, 100);
      expect(supervisorLog.join('\n')).toMatch(/worker exited \(SIGKILL\) after [\d.]+ s; restarting in [\d.]+ s \(restart 1\)/);
      await eventually('readiness to go green again', async () => (await ready()).status === 200, 90_000, 250);
      const greenAfterMs = Date.now() - killedAt;
      console.log(`[health] supervisor restarted the worker after ${restartDelayMs} ms; readiness green again ${greenAfterMs} ms after the kill`);
      expect(await workerHealth()).toBe(200);
      expect(worker.restarts).toBe(1);
    } finally {
      await worker.stop();
    }
    // A graceful stop removes the worker's heartbeat: readiness is red at once, not after the threshold.
    await eventually('readiness to go red after a graceful stop', async () => (await ready()).status === 503, 5_000, 100);
  }, 240_000);
});
