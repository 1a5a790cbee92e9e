import { Inject, Injectable } from '@nestjs/common';
import { StripeAccountUpdated, type StripeAccountUpdatedPayload } from '#pie/billing/events';
import { ListensTo, type EventListener, type OutboxEnvelope } from '#pie/platform';
import { ConnectedAccountSync } from '../domain/connected-account-sync.js';

/**
 * Stripe said an office's account changed: re-read it and store its state. No inbox row needed:
 * re-reading Stripe's current object is idempotent, whatever order or how often the news comes.
 */
@Injectable()
@ListensTo(StripeAccountUpdated, { consumer: 'payouts.sync-connected-account', queue: 'payments' })
export class SyncAccountOnStripeAccountUpdatedListener implements EventListener<StripeAccountUpdatedPayload> {
  constructor(@Inject(ConnectedAccountSync) private readonly sync: ConnectedAccountSync) {}

  async handle(event: OutboxEnvelope<StripeAccountUpdatedPayload>): Promise<void> {
    await this.sync.refresh(event.payload.accountId);
  }
}
