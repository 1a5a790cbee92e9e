import { spawn, type ChildProcess } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { recreateDatabase, TEST_REDIS_URL } from '#pie/testing';

/** Ports of their own, so the e2e run never collides with a developer's `npm start`. */
// E2E_PORT_OFFSET=n lets runs share a machine (say CI and a developer's run): it moves every port by
// 100·n, as the ports below span 55: runs with different n never land on each other's ports.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) * 100;
const E2E = { port: 3310 + offset, smtpPort: 2525 + offset, mailHttpPort: 2580 + offset, providersPort: 2540 + offset, stripePort: 2560 + offset };

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    inboxUrl: string;
    providersUrl: string;
    stripeUrl: string;
  }
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited early with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 300));
  }
  throw new Error(`${url} not healthy after ${timeoutMs / 1000}s`);
}

/**
 * Starts the built platform exactly as `npm start` does (scripts/start.ts), on a fresh
 * database of the local Postgres and the local Redis, and stops it after the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = await recreateDatabase(process.env.E2E_DATABASE ?? 'pie_e2e');
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.E2E_QUEUES === 'postgres' ? '' : TEST_REDIS_URL,
      // Two e2e runs on one Redis (CI beside a developer's run) must not take each other's jobs.
      QUEUE_PREFIX: `pie-e2e-${process.env.E2E_DATABASE ?? 'pie_e2e'}`,
      PORT: String(E2E.port),
      PUBLIC_URL: `http://localhost:${E2E.port}`,
      SANDBOX_SMTP_PORT: String(E2E.smtpPort),
      SANDBOX_MAIL_HTTP_PORT: String(E2E.mailHttpPort),
      SANDBOX_PROVIDERS_PORT: String(E2E.providersPort),
      SANDBOX_STRIPE_PORT: String(E2E.stripePort),
      // A fresh database each run: the Stripe stand-in starts empty too (state in memory).
      SANDBOX_STRIPE_STATE_FILE: '',
      LOG_LEVEL: 'warn',
      // The suite signs in as the demo accounts; outside the embedded database they are seeded only when asked.
      PIE_DEMO_DATA: 'true',
      // Last.fm's error 29 holds every fan's sync 60 s in production; lastfm-source.e2e provokes it
      // to keep the back-fill's progress on screen, and need not then wait a minute (the wait itself
      // is tested in test/integration/listening/listening-lastfm.test.ts).
      LASTFM_RATE_LIMIT_WAIT_MS: '2000',
      // Every browser here is 127.0.0.1: the suite's 60-odd sign-ins as the demo accounts within a few
      // minutes would meet the per-address login limit (30 per 5 min) and fail by timing, not by a
      // defect. The limits themselves are tested in test/integration (abuse-limits, edge-limits,
      // abuse-and-promo), as the integration platform runs them: off unless a test turns them on.
      RATE_LIMIT_ENABLED: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`http://127.0.0.1:${E2E.port}/api/health`, child, 120_000);
  project.provide('appUrl', `http://localhost:${E2E.port}`);
  project.provide('inboxUrl', `http://127.0.0.1:${E2E.mailHttpPort}`);
  project.provide('providersUrl', `http://localhost:${E2E.providersPort}`);
  project.provide('stripeUrl', `http://localhost:${E2E.stripePort}`);

  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
    child.kill('SIGTERM');
    await exited;
  };
}
