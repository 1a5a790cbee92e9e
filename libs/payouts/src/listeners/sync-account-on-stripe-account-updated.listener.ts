import { Inject, Injectable } from '@nestjs/common';
import { StripeAccountUpdated, type StripeAccountUpdatedPayload } from '#pie/billing/events';
import { Database, ListensTo, type EventListener, type OutboxEnvelope } from '#pie/platform';
import { ConnectedAccountSync } from '../domain/connected-account-sync.js';
import { releaseEscrowOfOffice } from '../domain/escrow-release.js';

/**
 * Stripe said an office's account changed: re-read it and store its state; once it can receive
 * transfers, release the escrow of the office's claimed artists. No inbox row needed: re-reading
 * Stripe's current object and releasing what is held are idempotent, however often the news comes.
 */
@Injectable()
@ListensTo(StripeAccountUpdated, { consumer: 'payouts.sync-connected-account', queue: 'payments' })
export class SyncAccountOnStripeAccountUpdatedListener implements EventListener<StripeAccountUpdatedPayload> {
  constructor(
    @Inject(ConnectedAccountSync) private readonly sync: ConnectedAccountSync,
    @Inject(Database) private readonly database: Database,
  ) {}

  async handle(event: OutboxEnvelope<StripeAccountUpdatedPayload>): Promise<void> {
    const account = await this.sync.refresh(event.payload.accountId);
    if (account?.status === 'enabled') await releaseEscrowOfOffice(this.database, account.officeId);
  }
}
