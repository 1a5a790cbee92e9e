import { Module } from '@nestjs/common';
import { IdentityFacadeModule } from '#pie/identity';
import { LedgerModule } from '#pie/ledger';
import { StripeEventProcessor } from './domain/stripe-event-processor.js';
import { HandleStripeEventHandler } from './jobs/handle-stripe-event/handle-stripe-event.handler.js';
import { RecordPieOnPieCreatedListener } from './listeners/record-pie-on-pie-created.listener.js';
import { RepriceSubscriptionOnPieSettingsChangedListener } from './listeners/reprice-subscription-on-pie-settings-changed.listener.js';
import { StripeGateway } from './stripe/stripe-gateway.js';

/** Worker side of billing, imported by apps/worker: the `payments` queue's Stripe events the pie id on each subscription, and the price that follows the pie's settings. */
@Module({
  imports: [IdentityFacadeModule, LedgerModule],
  providers: [StripeGateway, StripeEventProcessor, HandleStripeEventHandler, RecordPieOnPieCreatedListener, RepriceSubscriptionOnPieSettingsChangedListener],
})
export class BillingWorkerModule {}
