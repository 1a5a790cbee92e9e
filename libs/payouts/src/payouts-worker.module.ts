import { Module } from '@nestjs/common';
import { StripeGateway } from '#pie/billing';
import { ConnectedAccountSync } from './domain/connected-account-sync.js';
import { ReleaseEscrowOnClaimVerifiedListener } from './listeners/release-escrow-on-claim-verified.listener.js';
import { ReleaseEscrowOnPeriodClosedListener } from './listeners/release-escrow-on-period-closed.listener.js';
import { SyncAccountOnStripeAccountUpdatedListener } from './listeners/sync-account-on-stripe-account-updated.listener.js';

/** Worker side of payouts, imported by apps/worker: follows Stripe's news about the offices' accounts and releases escrow. */
@Module({
  providers: [StripeGateway, ConnectedAccountSync, SyncAccountOnStripeAccountUpdatedListener, ReleaseEscrowOnClaimVerifiedListener, ReleaseEscrowOnPeriodClosedListener],
})
export class PayoutsWorkerModule {}
