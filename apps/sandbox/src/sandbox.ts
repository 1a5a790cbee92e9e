import { startSmtpInbox } from './mail/smtp-inbox.js';
import { urlHost } from './net.js';
import { startOAuthProviders } from './oauth/providers-server.js';
import type { OAuthClientsConfig } from './oauth/types.js';
import type { StreamingOptions } from './streaming/web-api.js';
import { startStripeSandbox, type StripeSandboxOptions } from './stripe/server.js';

export interface SandboxConfig {
  host: string;
  mail: { smtpPort: number; httpPort: number };
  /**
   * The OAuth providers (streaming provider, Google, X, Facebook) on one port. Left out, they
   * start on any free port with the default local clients (`defaultOAuthClients()`).
   */
  providers?: {
    /** 0 picks a free port. */
    port: number;
    /** Registered apps per provider; providers left out get the default local client. */
    clients?: OAuthClientsConfig;
    /** The URL the providers are reached at, when not `http://<host>:<port>` (e.g. behind a proxy). */
    publicUrl?: string;
    /** The streaming provider's Web API: history length, fault injection, rate limit (see streaming/README.md). */
    streaming?: Omit<StreamingOptions, 'logger'>;
  };
  /**
   * The Stripe stand-in (billing and Connect) on its own port; see `stripe/README.md`. Left out,
   * it starts on any free port with no webhook endpoint and state in memory.
   */
  stripe?: Omit<StripeSandboxOptions, 'host' | 'logger'>;
  logger?: (msg: string) => void;
}

/** Where each stand-in listens; add a key per new stand-in (Stripe, OAuth on port 4000, …). */
export interface SandboxUrls {
  /** Inbox web page and maildev-style `GET /email` API. */
  mailInbox: string;
  /** Where the app sends mail (SMTP_URL). */
  smtp: string;
  /**
   * OAuth providers base URL; each provider under `/spotify`, `/google`, `/x`, `/facebook`. The
   * streaming provider's Web API is at `<providers>/spotify/api/v1`.
   */
  providers: string;
  /** The Stripe API (`<stripe>/v1`) and its hosted pages (`<stripe>/checkout/<session id>`, …). */
  stripe: string;
}

export interface Sandbox {
  urls: SandboxUrls;
  close(): Promise<void>;
}

/** A started stand-in: the URLs it serves and how to stop it. */
interface RunningStandIn<K extends keyof SandboxUrls> {
  urls: Pick<SandboxUrls, K>;
  close(): Promise<void>;
}

/** Starts every stand-in; if one fails to start, the ones already running are stopped. */
export async function startSandbox(config: SandboxConfig): Promise<Sandbox> {
  const running: Array<{ close(): Promise<void> }> = [];
  const close = async () => {
    // Stop in reverse start order; one failing to close must not keep the others open.
    const results = await Promise.allSettled(running.reverse().map((standIn) => standIn.close()));
    running.length = 0;
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  };
  const start = async <K extends keyof SandboxUrls>(standIn: Promise<RunningStandIn<K>>) => {
    const started = await standIn;
    running.push(started);
    return started.urls;
  };

  try {
    const mail = await start(startMail(config));
    const providers = await start(startProviders(config));
    const stripe = await start(startStripe(config));
    return { urls: { ...mail, ...providers, ...stripe }, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function startMail(config: SandboxConfig): Promise<RunningStandIn<'mailInbox' | 'smtp'>> {
  const inbox = await startSmtpInbox({ host: config.host, ...config.mail, logger: config.logger });
  const host = urlHost(config.host);
  return {
    urls: { mailInbox: `http://${host}:${inbox.httpPort}`, smtp: `smtp://${host}:${inbox.smtpPort}` },
    close: inbox.close,
  };
}

async function startProviders(config: SandboxConfig): Promise<RunningStandIn<'providers'>> {
  const providers = await startOAuthProviders({
    host: config.host,
    port: config.providers?.port ?? 0,
    clients: config.providers?.clients,
    publicUrl: config.providers?.publicUrl,
    streaming: config.providers?.streaming,
    logger: config.logger,
  });
  return { urls: { providers: providers.url }, close: providers.close };
}

async function startStripe(config: SandboxConfig): Promise<RunningStandIn<'stripe'>> {
  const stripe = await startStripeSandbox({ ...config.stripe, port: config.stripe?.port ?? 0, host: config.host, logger: config.logger });
  return { urls: { stripe: stripe.url }, close: stripe.close };
}
