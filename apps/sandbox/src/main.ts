import { defaultOAuthClients } from './oauth/clients.js';
import { startSandbox, type SandboxUrls } from './sandbox.js';
import { DEFAULT_WEBHOOK_SECRET } from './stripe/server.js';

// Printed label per URL; typed so a new stand-in cannot be started without being announced.
const LABELS: Record<keyof SandboxUrls, string> = {
  mailInbox: 'Mail inbox (web page, GET /email)',
  smtp: 'SMTP server',
  providers: 'Providers (Spotify accounts + Web API at /spotify/api/v1, Google, X, Facebook)',
  stripe: 'Stripe (API at /v1, hosted checkout, portal and Connect onboarding pages, controls at /_sandbox)',
};

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a port number from 0 to 65535, got ${JSON.stringify(raw)}`);
  }
  return port;
}

function rateFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new Error(`${name} must be a number from 0 to 1, got ${JSON.stringify(raw)}`);
  return rate;
}

const log = (msg: string) => console.log(`[sandbox] ${msg}`);

const sandbox = await startSandbox({
  host: process.env.SANDBOX_HOST || '127.0.0.1',
  mail: {
    smtpPort: portFromEnv('SANDBOX_SMTP_PORT', 1025),
    httpPort: portFromEnv('SANDBOX_MAIL_HTTP_PORT', 1080),
  },
  providers: {
    port: portFromEnv('SANDBOX_PROVIDERS_PORT', 4000),
    // The local clients may return to the app wherever it runs (PUBLIC_URL, as scripts/start.ts sets it).
    clients: defaultOAuthClients(process.env.PUBLIC_URL || 'http://localhost:3000'),
    publicUrl: process.env.SANDBOX_PROVIDERS_PUBLIC_URL || undefined,
    // Share of streaming Web API requests that fail with 500/502/503 (0 turns it off).
    streaming: { faults: { rate: rateFromEnv('SANDBOX_SPOTIFY_FAULT_RATE', 0.02) } },
  },
  stripe: {
    port: portFromEnv('SANDBOX_STRIPE_PORT', 4010),
    publicUrl: process.env.SANDBOX_STRIPE_PUBLIC_URL || undefined,
    stateFile: process.env.SANDBOX_STRIPE_STATE_FILE || undefined,
    webhooks: process.env.SANDBOX_STRIPE_WEBHOOK_URL
      ? [{ url: process.env.SANDBOX_STRIPE_WEBHOOK_URL, secret: process.env.SANDBOX_STRIPE_WEBHOOK_SECRET || DEFAULT_WEBHOOK_SECRET }]
      : [],
  },
  logger: log,
});

for (const key of Object.keys(LABELS) as Array<keyof SandboxUrls>) {
  log(`${LABELS[key]}: ${sandbox.urls[key]}`);
}

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  // A second Ctrl-C means "now": skip the graceful close.
  if (stopping) process.exit(1);
  stopping = true;
  log(`${signal} received, stopping`);
  try {
    await sandbox.close();
    process.exit(0);
  } catch (error) {
    console.error('[sandbox] failed to stop cleanly', error);
    process.exit(1);
  }
}
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));
