import { Module } from '@nestjs/common';
import { IdentityFacadeModule } from '#pie/identity';
import { LedgerModule } from '#pie/ledger';
import { CreditedWalletSettlement } from './domain/credited-wallet-settlement.js';
import { DeletedFanSettlement } from './domain/deleted-fan-settlement.js';
import { FinishedPieSettlement } from './domain/finished-pie-settlement.js';
import { StripeEventProcessor } from './domain/stripe-event-processor.js';
import { WalletReturn } from './domain/wallet-return.js';
import { HandleStripeEventHandler } from './jobs/handle-stripe-event/handle-stripe-event.handler.js';
import { RecordPieOnPieCreatedListener } from './listeners/record-pie-on-pie-created.listener.js';
import { ReturnWalletOnFanWalletCreditedListener } from './listeners/return-wallet-on-fan-wallet-credited.listener.js';
import { ReturnWalletOnPieFinishedListener } from './listeners/return-wallet-on-pie-finished.listener.js';
import { RepriceSubscriptionOnPieSettingsChangedListener } from './listeners/reprice-subscription-on-pie-settings-changed.listener.js';
import { SettleMoneyOnAccountDeletedListener } from './listeners/settle-money-on-account-deleted.listener.js';
import { StripeGateway } from './stripe/stripe-gateway.js';

/**
 * Worker side of billing, imported by apps/worker: the `payments` queue's Stripe events, the pie id
 * on each subscription, the price that follows the pie's settings, and the wallet returned when the
 * account is deleted or the pie is over (also when money lands in the wallet after either).
 */
@Module({
  imports: [IdentityFacadeModule, LedgerModule],
  providers: [
    StripeGateway,
    StripeEventProcessor,
    WalletReturn,
    DeletedFanSettlement,
    FinishedPieSettlement,
    CreditedWalletSettlement,
    HandleStripeEventHandler,
    RecordPieOnPieCreatedListener,
    RepriceSubscriptionOnPieSettingsChangedListener,
    SettleMoneyOnAccountDeletedListener,
    ReturnWalletOnPieFinishedListener,
    ReturnWalletOnFanWalletCreditedListener,
  ],
})
export class BillingWorkerModule {}
