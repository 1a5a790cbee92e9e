import { Module } from '@nestjs/common';
import { StripeGateway } from '#pie/billing';
import { IdentityFacadeModule } from '#pie/identity';
import { ConnectedAccountSync } from './domain/connected-account-sync.js';
import { DeauthorizedAccounts } from './domain/deauthorized-accounts.js';
import { PayoutMaker } from './domain/payout-maker.js';
import { TransferSender } from './domain/transfer-sender.js';
import { ExpireEscrowHandler } from './jobs/expire-escrow/expire-escrow.handler.js';
import { PayoutsSchedules } from './jobs/payouts-schedules.js';
import { SweepTransfersHandler } from './jobs/sweep-transfers/sweep-transfers.handler.js';
import { TransferOfficeEarningsHandler } from './jobs/transfer-office-earnings/transfer-office-earnings.handler.js';
import { BookReversalOnStripeTransferReversedListener } from './listeners/book-reversal-on-stripe-transfer-reversed.listener.js';
import { DisconnectOnStripeAccountDeauthorizedListener } from './listeners/disconnect-on-stripe-account-deauthorized.listener.js';
import { ReleaseEscrowOnClaimVerifiedListener } from './listeners/release-escrow-on-claim-verified.listener.js';
import { ReleaseEscrowOnPeriodClosedListener } from './listeners/release-escrow-on-period-closed.listener.js';
import { SyncAccountOnStripeAccountUpdatedListener } from './listeners/sync-account-on-stripe-account-updated.listener.js';
import { SyncPayoutOnStripePayoutUpdatedListener } from './listeners/sync-payout-on-stripe-payout-updated.listener.js';

/**
 * Worker side of payouts, imported by apps/worker: follows Stripe's news about the offices'
 * accounts and payouts, releases escrow, transfers earnings and returns expired escrow to fans.
 */
@Module({
  imports: [IdentityFacadeModule],
  providers: [
    StripeGateway,
    ConnectedAccountSync,
    TransferSender,
    DeauthorizedAccounts,
    PayoutMaker,
    PayoutsSchedules,
    SyncAccountOnStripeAccountUpdatedListener,
    SyncPayoutOnStripePayoutUpdatedListener,
    BookReversalOnStripeTransferReversedListener,
    DisconnectOnStripeAccountDeauthorizedListener,
    ReleaseEscrowOnClaimVerifiedListener,
    ReleaseEscrowOnPeriodClosedListener,
    TransferOfficeEarningsHandler,
    SweepTransfersHandler,
    ExpireEscrowHandler,
  ],
})
export class PayoutsWorkerModule {}
