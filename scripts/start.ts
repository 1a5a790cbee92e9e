/**
 * `npm start`: the whole platform on one machine with nothing installed but Node.
 * Embedded Postgres unless DATABASE_URL is set; queues on Postgres unless REDIS_URL is set;
 * migrations and demo data (on the embedded database, or with PIE_DEMO_DATA=true; never in
 * production); then sandbox, api (serving the web app) and worker.
 * A crashed api, worker or sandbox is started again (scripts/supervise.ts: with backoff, said in the log)
 * while the rest keeps serving. Ctrl-C stops the api and worker first and Postgres last; the data
 * stays in .data/ for the next start.
 */
import { createOrm, entitiesOf, migrateUp, recordInOutbox } from '#pie/platform';
import { migrations } from '#pie/migrations';
import { modules } from '#pie/modules';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.ts';
import { DEMO_ADMIN, DEMO_ARTIST, DEMO_FAN, DEMO_MEMBER, DEMO_SCROBBLER, SANDBOX_STRIPE_SECRET_KEY, seedDemoData } from './demo-data.ts';
import { seedDemoListening, seedDemoScrobbler } from './demo-listening.ts';
import { seedDemoPies, seedDemoScrobblerPie } from './demo-pies.ts';
import { seedDemoArtistArea } from './demo-artist-area.ts';
import { seedDemoPayments } from './demo-payments.ts';
import { seedDemoPayouts } from './demo-payouts.ts';
import { TransferOfficeEarnings } from '#pie/payouts/testing';
import { Supervised } from './supervise.ts';

const env = { ...process.env };
env.NODE_ENV ??= 'development';
env.PORT ??= '3000';
env.HOST ??= '127.0.0.1';
env.PUBLIC_URL ??= `http://localhost:${env.PORT}`;
env.SANDBOX_SMTP_PORT ??= '1025';
env.SANDBOX_MAIL_HTTP_PORT ??= '1080';
env.SMTP_URL ??= `smtp://127.0.0.1:${env.SANDBOX_SMTP_PORT}`;
env.SANDBOX_PROVIDERS_PORT ??= '4000';
// Social sign-in against the sandbox providers, unless real provider clients are configured.
const realProviders = ['SPOTIFY', 'GOOGLE', 'TWITTER', 'FACEBOOK'].some((name) => env[`${name}_CLIENT_ID`]);
if (!realProviders) {
  env.SOCIAL_PROVIDERS_BASE_URL ??= `http://localhost:${env.SANDBOX_PROVIDERS_PORT}`;
  // The sandbox's artist pages link each other under this origin; the app recognises only links on
  // SOCIAL_PROVIDERS_BASE_URL, so both must name the same origin (localhost, not 127.0.0.1).
  env.SANDBOX_PROVIDERS_PUBLIC_URL ??= env.SOCIAL_PROVIDERS_BASE_URL;
  for (const [name, sandboxName] of [['SPOTIFY', 'spotify'], ['GOOGLE', 'google'], ['TWITTER', 'x'], ['FACEBOOK', 'facebook']]) {
    env[`${name}_CLIENT_ID`] = `pie-local-${sandboxName}`;
    env[`${name}_CLIENT_SECRET`] = `pie-local-${sandboxName}-secret`;
  }
}
// Last.fm: the sandbox's API account (its API and auth page follow SOCIAL_PROVIDERS_BASE_URL), unless a real key is configured.
if (!env.LASTFM_API_KEY && env.SOCIAL_PROVIDERS_BASE_URL) {
  env.LASTFM_API_KEY = 'pie-local-lastfm';
  env.LASTFM_SHARED_SECRET = 'pie-local-lastfm-secret';
}
// Stripe: the sandbox's stand-in (billing and Connect), unless a real key is configured.
env.SANDBOX_STRIPE_PORT ??= '4010';
if (!env.STRIPE_SECRET_KEY) {
  env.STRIPE_SECRET_KEY = SANDBOX_STRIPE_SECRET_KEY;
  env.STRIPE_API_URL ??= `http://localhost:${env.SANDBOX_STRIPE_PORT}`;
  // Hosted checkout and onboarding pages open in the browser at the same address.
  env.SANDBOX_STRIPE_PUBLIC_URL ??= env.STRIPE_API_URL;
  env.STRIPE_WEBHOOK_SECRET ??= 'whsec_pie_local_sandbox';
  env.SANDBOX_STRIPE_WEBHOOK_URL ??= `http://127.0.0.1:${env.PORT}/api/stripe/webhook`;
  env.SANDBOX_STRIPE_WEBHOOK_SECRET ??= env.STRIPE_WEBHOOK_SECRET;
  // Next to the embedded database, so a restart keeps both and `rm -rf .data` forgets both.
  env.SANDBOX_STRIPE_STATE_FILE ??= '.data/stripe-sandbox.json';
}
env.WEB_DIST_DIR ??= 'dist/web';
// Start-up chatter stays out of the way of the one URL printed below; LOG_LEVEL=info shows every request.
env.LOG_LEVEL ??= 'warn';

const children: Supervised[] = [];
let embedded: EmbeddedDatabase | undefined;
let stopping = false;

async function stopAll(exitCode: number): Promise<never> {
  if (stopping) {
    // The terminal and npm may both pass on one Ctrl-C: the stop already under way finishes in order.
    console.log('[start] still stopping (api and worker first, then Postgres)…');
    return new Promise<never>(() => {});
  }
  stopping = true;
  console.log('\n[start] stopping…');
  await Promise.all(children.map((child) => child.stop()));
  if (embedded) {
    console.log('[start] api, worker and sandbox stopped; stopping Postgres…');
    await embedded.stop().catch((error) => console.error('[start] could not stop Postgres cleanly', error));
  }
  process.exit(exitCode);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
// The children run in process groups of their own (so a Ctrl-C reaches only this script, which stops
// them in order): if this script dies anyway, it takes them along.
process.on('exit', () => {
  for (const child of children) child.killNow();
});

/** Starts a process under supervision: if it dies, it is started again (with backoff) and the rest keeps running. */
function run(name: string, script: string): void {
  const child = new Supervised({ name, args: ['--enable-source-maps', script], env });
  children.push(child);
  child.start();
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs / 1000}s`);
}

try {
  if (!env.DATABASE_URL) {
    embedded = await startEmbeddedPostgres({
      dataDir: env.PIE_DATA_DIR ?? '.data/postgres',
      port: Number(env.EMBEDDED_POSTGRES_PORT ?? 5433),
      database: 'pie',
    });
    env.DATABASE_URL = embedded.url;
  }
  // Demo accounts with published passwords: on the project's own embedded database, or when asked for; never in production.
  const demoData = env.NODE_ENV !== 'production' && (env.PIE_DEMO_DATA === undefined ? embedded !== undefined : env.PIE_DEMO_DATA === 'true');
  if (env.NODE_ENV === 'production' && env.PIE_DEMO_DATA === 'true') console.warn('[start] PIE_DEMO_DATA is ignored in production: no demo accounts');
  const orm = await createOrm({ databaseUrl: env.DATABASE_URL, migrations, entities: entitiesOf(modules), poolMax: 2 });
  try {
    const applied = await migrateUp(orm);
    if (applied.length > 0) console.log(`[start] applied ${applied.length} migration(s)`);
    if (demoData) await seedDemoData(orm.em.fork());
  } finally {
    await orm.close(true);
  }

  run('sandbox', 'dist/apps/sandbox/src/main.js');
  run('api', 'dist/apps/api/src/main.js');
  run('worker', 'dist/apps/worker/src/main.js');
  await waitForHealth(`http://127.0.0.1:${env.PORT}/api/health`, 90_000);
  // The demo fan's payments go through the sandbox's Stripe only (never a real one).
  const demoPayments =
    demoData && env.STRIPE_SECRET_KEY === SANDBOX_STRIPE_SECRET_KEY && env.PIE_DEMO_PAYMENTS !== 'false'
      ? { appUrl: `http://127.0.0.1:${env.PORT}`, stripeUrl: `http://127.0.0.1:${env.SANDBOX_STRIPE_PORT}` }
      : null;
  if (demoData && env.SOCIAL_PROVIDERS_BASE_URL && env.PIE_DEMO_LISTENING !== 'false') {
    // The sandbox's test client drives its consent page; only `npm start`'s demo data uses it.
    const sandboxClient = '../dist/apps/sandbox/src/oauth/oauth-test-client.js';
    const { approve } = (await import(sandboxClient)) as { approve: (url: string, accountId: string) => Promise<URL> };
    const outcome = await seedDemoListening({ appUrl: `http://127.0.0.1:${env.PORT}`, providersUrl: env.SOCIAL_PROVIDERS_BASE_URL, approve }).catch(
      (error: Error) => `could not seed the demo fan's listening: ${error.message}`,
    );
    console.log(`[start] demo listening: ${outcome}`);
    // In the background: the pie waits for the worker to import the demo listening (minutes on a busy
    // machine), then is paid for through the sandbox's Stripe (or, without it, funded through the ledger).
    const databaseUrl = env.DATABASE_URL;
    void seedDemoPies({ databaseUrl, payments: demoPayments })
      .catch((error: Error) => `could not seed the demo pie: ${error.message}`)
      .then((outcome) => console.log(`[start] demo pie: ${outcome}`));
    // A fan with Last.fm history only (issue 33), whose pie closes from their scrobbles.
    // In the background: it waits for the demo fan's export to fill the catalogue first.
    if (env.LASTFM_API_KEY) {
      const providersUrl = env.SOCIAL_PROVIDERS_BASE_URL;
      void seedDemoScrobbler({ appUrl: `http://127.0.0.1:${env.PORT}`, providersUrl })
        .catch((error: Error) => `could not connect the Last.fm demo fan: ${error.message}`)
        .then((outcome) => console.log(`[start] demo Last.fm fan: ${outcome}`))
        .then(() => seedDemoScrobblerPie({ databaseUrl }))
        .catch((error: Error) => `could not seed the Last.fm demo fan's pie: ${error.message}`)
        .then((outcome) => console.log(`[start] demo Last.fm fan's pie: ${outcome}`));
    }
    // In the background: it waits for the worker to fill the catalogue from the demo fan's listening.
    void seedDemoArtistArea({
      appUrl: `http://127.0.0.1:${env.PORT}`,
      providersUrl: env.SOCIAL_PROVIDERS_BASE_URL,
      inboxUrl: `http://127.0.0.1:${env.SANDBOX_MAIL_HTTP_PORT}`,
    })
      .catch((error: Error) => `could not seed the demo artist's office: ${error.message}`)
      .then((outcome) => console.log(`[start] demo artist area: ${outcome}`))
      // Then the office's Stripe money: connected, a transfer, a paid payout (sandbox Stripe only).
      .then(() =>
        env.STRIPE_SECRET_KEY === SANDBOX_STRIPE_SECRET_KEY
          ? seedDemoPayouts({
              appUrl: `http://127.0.0.1:${env.PORT}`,
              stripeUrl: `http://127.0.0.1:${env.SANDBOX_STRIPE_PORT}`,
              requestMonthEndTransfer: (officeId) => requestMonthEndTransfer(databaseUrl, officeId),
            }).catch((error: Error) => `could not seed the demo office's payouts: ${error.message}`)
          : 'no sandbox Stripe: no demo payouts',
      )
      .then((outcome) => console.log(`[start] demo payouts: ${outcome}`));
  } else if (demoPayments) {
    // No demo listening to wait for: the paid pie at once (its periods close with nothing to split).
    const outcome = await seedDemoPayments({ ...demoPayments, databaseUrl: env.DATABASE_URL }).catch(
      (error: Error) => `could not seed the demo fan's payments: ${error.message}`,
    );
    console.log(`[start] demo payments: ${outcome}`);
  }

  const demoLines = demoData
    ? `    Demo fan:       ${DEMO_FAN.email} / ${DEMO_FAN.password}        (${env.PUBLIC_URL}/login)
    Demo artist:    ${DEMO_ARTIST.email} / ${DEMO_ARTIST.password}  (${env.PUBLIC_URL}/for-artists/login)
    Last.fm fan:    ${DEMO_SCROBBLER.email} / ${DEMO_SCROBBLER.password}  (listening from Last.fm only)
    Demo member:    ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}  (the demo artist's office, one artist assigned)
    Demo admin:     ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}    (${env.PUBLIC_URL}/admin)`
    : '    No demo accounts (your own database: PIE_DEMO_DATA=true adds them; never in production)';
  console.log(`
  Pie is running at ${env.PUBLIC_URL}

${demoLines}
    Sandbox inbox:  http://localhost:${env.SANDBOX_MAIL_HTTP_PORT} (verification mails land here)
    Sandbox sign-in providers (Spotify, Google, X, Facebook): http://localhost:${env.SANDBOX_PROVIDERS_PORT}
    Sandbox Stripe (API, checkout, portal, Connect onboarding): http://localhost:${env.SANDBOX_STRIPE_PORT}
    Database:       ${embedded ? 'embedded Postgres in .data/postgres' : 'DATABASE_URL'}; queues on ${env.REDIS_URL ? 'Redis' : 'Postgres'}

  Press Ctrl-C to stop.
`);
} catch (error) {
  console.error('[start] failed:', error instanceof Error ? error.message : String(error ?? 'unknown error (is another copy already running?)'));
  await stopAll(1);
}

/** Asks the worker for an office's month-end transfer, through the outbox as the daily sweep does on the month's last day. */
async function requestMonthEndTransfer(databaseUrl: string, officeId: string): Promise<void> {
  const orm = await createOrm({ databaseUrl, poolMax: 1 });
  try {
    await orm.em.fork().transactional(async (tx) => recordInOutbox(tx, TransferOfficeEarnings.create({ officeId, monthEnd: true })));
  } finally {
    await orm.close(true);
  }
}
