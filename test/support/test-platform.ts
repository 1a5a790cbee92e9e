import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CSRF_COOKIE, CSRF_HEADER, Database, loadConfig, QUEUE_NAMES, QueueRegistry, type AppConfig, type QueueName } from '#pie/platform';
import { createTestDatabase, TEST_REDIS_URL, uniqueQueuePrefix, type TestDatabase } from '#pie/testing';
import { createApiApp } from '../../apps/api/src/create-api-app.js';
import { createWorkerApp } from '../../apps/worker/src/create-worker-app.js';
import { startSandbox, type Sandbox } from '../../apps/sandbox/src/sandbox.js';
import { InboxClient } from '../../apps/sandbox/src/mail/inbox-client.js';
import { StripeSandboxControl } from '../../apps/sandbox/src/stripe/control-client.js';
import { createStripeClient } from '#pie/billing/testing';
import type Stripe from 'stripe';
import { randomBytes } from 'node:crypto';

export type QueueBackendChoice = 'redis' | 'postgres';

export interface TestPlatformOptions {
  label: string;
  queues?: QueueBackendChoice;
  /** Start the worker too (default true). */
  worker?: boolean;
  env?: Record<string, string>;
  /**
   * Payments through the sandbox's Stripe: the app gets STRIPE_API_URL/SECRET_KEY/WEBHOOK_SECRET,
   * the api listens on a real port (webhooks arrive over HTTP) and the sandbox delivers every event
   * to its `/api/stripe/webhook`, signed with the test's secret. `webhooks: false` registers no
   * endpoint (a test that delivers events itself).
   */
  stripe?: boolean | { webhooks: boolean };
  /** Point RECAPTCHA_VERIFY_URL at the sandbox's reCAPTCHA stand-in. */
  recaptchaFromSandbox?: boolean;
}

export interface InjectResult {
  status: number;
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
  cookies: { name: string; value: string; [key: string]: unknown }[];
  /** The body's bytes as sent (still compressed when the response has a content-encoding). */
  rawBody: Buffer;
}

/**
 * The real platform for a test file: its own database (from the migrated template),
 * real queues (Redis or Postgres), the sandbox SMTP inbox, the api and the worker in-process.
 */
export class TestPlatform {
  private constructor(
    readonly config: AppConfig,
    readonly database: TestDatabase,
    readonly sandbox: Sandbox,
    readonly inbox: InboxClient,
    readonly api: NestFastifyApplication,
    public worker: INestApplicationContext | undefined,
    /** The api's own base URL when it listens on a port (`stripe` option), else undefined. */
    readonly apiUrl?: string,
  ) {}

  /** The sandbox Stripe's controls (pay a session, advance the clock, refund, dispute…). */
  get stripeControl(): StripeSandboxControl {
    return new StripeSandboxControl(this.sandbox.urls.stripe);
  }

  /** The official SDK pointed at the sandbox, with the app's key: what a test uses to read Stripe's side. */
  get stripe(): Stripe {
    return createStripeClient(this.config.STRIPE_SECRET_KEY!, this.config.STRIPE_API_URL);
  }

  static async start(options: TestPlatformOptions): Promise<TestPlatform> {
    const database = await createTestDatabase(options.label);
    const sandbox = await startSandbox({ host: '127.0.0.1', mail: { smtpPort: 0, httpPort: 0 }, providers: { port: 0 } });
    const recaptcha: Record<string, string> = options.recaptchaFromSandbox ? { RECAPTCHA_VERIFY_URL: `${sandbox.urls.providers}/recaptcha/api/siteverify` } : {};
    const webhookSecret = `whsec_test_${randomBytes(12).toString('hex')}`;
    const stripeEnv: Record<string, string> = options.stripe
      ? { STRIPE_API_URL: sandbox.urls.stripe, STRIPE_SECRET_KEY: 'sk_test_pie_integration', STRIPE_WEBHOOK_SECRET: webhookSecret }
      : {};
    const config = TestPlatform.configFor(database.url, sandbox.urls.smtp, {
      ...options,
      env: { ...socialSignInEnv(sandbox.urls.providers), ...stripeEnv, ...options.env, ...recaptcha },
    });
    const api = await createApiApp(config);
    let apiUrl: string | undefined;
    if (options.stripe) {
      await api.listen(0, '127.0.0.1');
      apiUrl = await api.getUrl();
      apiUrl = apiUrl.replace('[::1]', '127.0.0.1');
      const wantsWebhooks = options.stripe === true || options.stripe.webhooks;
      if (wantsWebhooks) await new StripeSandboxControl(sandbox.urls.stripe).registerWebhookEndpoint(`${apiUrl}/api/stripe/webhook`, webhookSecret);
    } else {
      await api.init();
      await api.getHttpAdapter().getInstance().ready();
    }
    const worker = options.worker === false ? undefined : await createWorkerApp(config);
    return new TestPlatform(config, database, sandbox, new InboxClient(sandbox.urls.mailInbox), api, worker, apiUrl);
  }

  static configFor(databaseUrl: string, smtpUrl: string, options: Pick<TestPlatformOptions, 'queues' | 'env'>): AppConfig {
    return loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: (options.queues ?? 'redis') === 'redis' ? TEST_REDIS_URL : '',
      SMTP_URL: smtpUrl,
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      QUEUE_PREFIX: uniqueQueuePrefix(),
      OUTBOX_POLL_INTERVAL_MS: '50',
      WEB_DIST_DIR: '/nonexistent',
      // Tests send hundreds of requests from one address; the rate-limit tests turn it back on.
      RATE_LIMIT_ENABLED: 'false',
      ...options.env,
    });
  }

  /** A CSRF token valid for these session cookies, as the browser would hold it. */
  async csrfTokenFor(cookies: Record<string, string> = {}): Promise<string> {
    const response = await this.api.inject({ method: 'GET', url: '/api/health', cookies });
    const token = response.cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value;
    if (!token) throw new Error('The API set no XSRF-TOKEN cookie');
    return token;
  }

  /**
   * Sends a request through Fastify's injector (no socket, same code path as a real request).
   * State-changing requests carry a valid CSRF token, as the web client's would, unless
   * `csrf: false` (or an explicit `csrfToken`) is given.
   */
  async request(
    method: string,
    url: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string>; cookies?: Record<string, string>; csrf?: boolean; csrfToken?: string } = {},
  ): Promise<InjectResult> {
    let cookies = options.cookies;
    const headers: Record<string, string> = {};
    const safe = ['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
    if (!safe && options.csrf !== false) {
      const token = options.csrfToken ?? (await this.csrfTokenFor(options.cookies));
      cookies = { ...options.cookies, [CSRF_COOKIE]: token };
      headers[CSRF_HEADER] = token;
    }
    const response = await this.api.inject({
      method: method as 'GET',
      url,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
        ...options.headers,
      },
      cookies,
      payload: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    });
    let body: unknown = response.body;
    try {
      body = response.json();
    } catch {
      // not JSON: keep the text
    }
    return {
      status: response.statusCode,
      body,
      headers: response.headers,
      cookies: response.cookies as InjectResult['cookies'],
      rawBody: response.rawPayload,
    };
  }

  /**
   * Resolves once nothing is left to relay (outbox) or to run (waiting, active or prioritized jobs
   * on `queues`): what a test waits for before it counts the effects of news it sent.
   */
  async settled(queues: readonly QueueName[] = QUEUE_NAMES, timeoutMs = 20_000): Promise<void> {
    const registry = this.api.get(QueueRegistry);
    const em = this.api.get(Database).em();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [{ n }] = await em.execute<{ n: number }[]>(`select count(*)::int as n from platform.outbox where published_at is null`);
      let busy = n;
      for (const name of queues) {
        const counts = await registry.get(name).getJobCounts('waiting', 'active', 'prioritized');
        busy += Object.values(counts).reduce((sum, count) => sum + count, 0);
      }
      if (busy === 0) return;
      if (Date.now() > deadline) throw new Error(`The platform did not settle within ${timeoutMs} ms (${busy} message(s) or job(s) left)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stopWorker(): Promise<void> {
    await this.worker?.close();
    this.worker = undefined;
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.api.close();
    await this.sandbox.close();
    await this.database.drop();
  }
}

/** The app's settings for the sandbox providers' default clients (`pie-local-<provider>`). */
export function socialSignInEnv(providersUrl: string): Record<string, string> {
  return {
    SOCIAL_PROVIDERS_BASE_URL: providersUrl,
    SPOTIFY_CLIENT_ID: 'pie-local-spotify',
    SPOTIFY_CLIENT_SECRET: 'pie-local-spotify-secret',
    GOOGLE_CLIENT_ID: 'pie-local-google',
    GOOGLE_CLIENT_SECRET: 'pie-local-google-secret',
    TWITTER_CLIENT_ID: 'pie-local-x',
    TWITTER_CLIENT_SECRET: 'pie-local-x-secret',
    FACEBOOK_CLIENT_ID: 'pie-local-facebook',
    FACEBOOK_CLIENT_SECRET: 'pie-local-facebook-secret',
    LASTFM_API_KEY: 'pie-local-lastfm',
    LASTFM_SHARED_SECRET: 'pie-local-lastfm-secret',
  };
}

/**
 * The cookie a social round trip's start leaves in the browser (a hash of its state): the callback
 * is only finished in a browser that holds it, so a test's "browser" carries it to the callback.
 */
export function roundTripCookie(start: Pick<InjectResult, 'cookies'>): Record<string, string> {
  const cookie = start.cookies.find((c) => c.name === 'oauth_round_trip');
  if (!cookie) throw new Error('The start of the round trip set no oauth_round_trip cookie');
  return { oauth_round_trip: cookie.value };
}

/** The verification link in a mail body. */
export function linkIn(text: string, pathPrefix: string): string {
  const match = text.match(new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/\//g, '\\/')}[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`No link with ${pathPrefix} in:\n${text}`);
  return match[0];
}
