/**
 * `npm run bench:auth`: what a password costs. Prints the argon2id parameters, the time of one
 * hash, and login throughput through the real API (HTTP on loopback, real Postgres) at a few
 * concurrencies. Uses TEST_POSTGRES_URL's server (default: local Postgres) and a scratch database.
 */
import { performance } from 'node:perf_hooks';
import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { createOrm, loadConfig, migrateUp } from '#pie/platform';
import { migrations } from '#pie/migrations';
import { ARGON2_OPTIONS, hashPassword } from '#pie/identity/testing';
import { recreateDatabase } from '#pie/testing';

// The compiled api (Nest needs swc's decorator metadata, which Node's type stripping does not emit).
const compiledApi = '../dist/apps/api/src/create-api-app.js';
const { createApiApp } = (await import(compiledApi)) as typeof import('../apps/api/src/create-api-app.ts');

const HASH_SAMPLES = 20;
const LOGINS_PER_LEVEL = 60;

const databaseUrl = await recreateDatabase('pie_bench_auth');
const orm = await createOrm({ databaseUrl, migrations, poolMax: 2 });
await migrateUp(orm);

console.log(`argon2id: memoryCost ${ARGON2_OPTIONS.memoryCost} KiB, timeCost ${ARGON2_OPTIONS.timeCost}, parallelism ${ARGON2_OPTIONS.parallelism} (OWASP minimum: 19456 KiB, t=2, p=1)`);
console.log(`machine: ${availableParallelism()} cores, UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? 4}`);

const timings: number[] = [];
for (let i = 0; i < HASH_SAMPLES; i++) {
  const start = performance.now();
  await argon2.hash(`password-${i}`, ARGON2_OPTIONS);
  timings.push(performance.now() - start);
}
timings.sort((a, b) => a - b);
console.log(`hash: median ${timings[Math.floor(HASH_SAMPLES / 2)].toFixed(1)} ms, p90 ${timings[Math.floor(HASH_SAMPLES * 0.9)].toFixed(1)} ms (${HASH_SAMPLES} samples)`);

const password = 'bench password 123';
await orm.em.fork().execute(
  `insert into identity.fans (id, email, first_name, last_name, password_hash, email_verified_at, accepted_terms_at)
   values (gen_random_uuid(), 'bench@example.test', 'Bench', 'Fan', ?, now(), now())`,
  [await hashPassword(password)],
);
await orm.close(true);

const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', PORT: '0', WEB_DIST_DIR: '/nonexistent' });
const app = await createApiApp(config);
await app.listen(0, '127.0.0.1');
const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;

async function csrf(): Promise<{ cookie: string; token: string }> {
  const response = await fetch(`${base}/api/health`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { cookie: `XSRF-TOKEN=${token}`, token: decodeURIComponent(token) };
}

async function login(): Promise<void> {
  const { cookie, token } = await csrf();
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': token },
    body: JSON.stringify({ email: 'bench@example.test', password }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
}

for (const concurrency of [1, 4, 16]) {
  let started = 0;
  const latencies: number[] = [];
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < LOGINS_PER_LEVEL) {
        started++;
        const start = performance.now();
        await login();
        latencies.push(performance.now() - start);
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `login x${LOGINS_PER_LEVEL} at concurrency ${String(concurrency).padStart(2)}: ${(LOGINS_PER_LEVEL / seconds).toFixed(1)} logins/s, median ${latencies[Math.floor(latencies.length / 2)].toFixed(0)} ms, p95 ${latencies[Math.floor(latencies.length * 0.95)].toFixed(0)} ms`,
  );
}
await app.close();
