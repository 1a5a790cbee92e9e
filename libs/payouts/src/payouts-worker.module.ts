import { Module } from '@nestjs/common';
import { StripeGateway } from '#pie/billing';
import { ConnectedAccountSync } from './domain/connected-account-sync.js';
import { SyncAccountOnStripeAccountUpdatedListener } from './listeners/sync-account-on-stripe-account-updated.listener.js';

/** Worker side of payouts, imported by apps/worker: follows Stripe's news about the offices' accounts. */
@Module({
  providers: [StripeGateway, ConnectedAccountSync, SyncAccountOnStripeAccountUpdatedListener],
})
export class PayoutsWorkerModule {}
