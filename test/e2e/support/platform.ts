import { spawn, type ChildProcess } from 'node:child_process';
import { recreateDatabase, TEST_REDIS_URL } from '#pie/testing';

/** Ports for one platform run: the app (api + built web), the sandbox's SMTP, inbox and providers. */
export interface PlatformPorts {
  app: number;
  smtp: number;
  mailHttp: number;
  providers: number;
}

export interface RunningPlatform {
  appUrl: string;
  stop: () => Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`scripts/start.ts exited early with code ${child.exitCode}`);
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
 * Starts the built platform as `npm start` does (scripts/start.ts: migrations, demo data,
 * sandbox, api serving dist/web, worker) on a fresh scratch database of the local Postgres,
 * on ports of its own. Used by `npm run bench:web`; needs `npm run build` first.
 */
export async function startPlatform({
  ports,
  database,
  queuePrefix,
}: {
  ports: PlatformPorts;
  database: string;
  queuePrefix: string;
}): Promise<RunningPlatform> {
  const databaseUrl = await recreateDatabase(database);
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.E2E_QUEUES === 'postgres' ? '' : TEST_REDIS_URL,
      QUEUE_PREFIX: queuePrefix,
      PORT: String(ports.app),
      PUBLIC_URL: `http://localhost:${ports.app}`,
      SANDBOX_SMTP_PORT: String(ports.smtp),
      SANDBOX_MAIL_HTTP_PORT: String(ports.mailHttp),
      SANDBOX_PROVIDERS_PORT: String(ports.providers),
      LOG_LEVEL: 'warn',
      // Signs in as the demo accounts; outside the embedded database they are seeded only when asked.
      PIE_DEMO_DATA: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(`http://127.0.0.1:${ports.app}/api/health`, child, 120_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    appUrl: `http://localhost:${ports.app}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs in through the API as the web client does (CSRF cookie first); returns the cookies to send. */
export async function signInThroughApi(
  appUrl: string,
  area: 'fan' | 'artist' | 'admin',
  credentials: { email: string; password: string },
): Promise<string> {
  const prefix = area === 'fan' ? '/api' : area === 'artist' ? '/api/for-artists' : '/api/admin';
  const health = await fetch(`${appUrl}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1];
  if (!xsrf) throw new Error('the API set no XSRF-TOKEN cookie');
  const response = await fetch(`${appUrl}${prefix}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': decodeURIComponent(xsrf),
    },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`${area} login answered ${response.status}: ${await response.text()}`);
  const cookies = response.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0]!)
    .filter((pair) => !pair.endsWith('='));
  return cookies.join('; ');
}
