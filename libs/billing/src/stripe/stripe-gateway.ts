import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '#pie/platform';
import { paymentsNotConfigured } from '../domain/billing.errors.js';

/** How long a webhook's signature timestamp stays acceptable (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The official SDK, pointed at Stripe or (STRIPE_API_URL) at the sandbox through host/port/protocol.
 * Billing never talks to Stripe any other way.
 */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  if (!apiUrl) return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port || (protocol === 'https' ? 443 : 80)),
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
}

@Injectable()
export class StripeGateway {
  private readonly client: Stripe | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.client = config.STRIPE_SECRET_KEY ? createStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL) : null;
  }

  /** The SDK; a 503 when this deployment has no Stripe key (payments are off). */
  get stripe(): Stripe {
    if (!this.client) throw paymentsNotConfigured();
    return this.client;
  }

  get webhookSecret(): string | undefined {
    return this.config.STRIPE_WEBHOOK_SECRET;
  }

  /** Verifies the `Stripe-Signature` header against the raw body (throws on a bad or stale signature). */
  verifyWebhook(rawBody: Buffer, signature: string, secret: string): Stripe.Event {
    const verifier = this.client ?? createStripeClient('sk_test_signature_check_only');
    return verifier.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  }
}

/** The id of an expandable field, whether it came expanded or not. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
