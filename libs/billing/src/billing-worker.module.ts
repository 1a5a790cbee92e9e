import { Module } from '@nestjs/common';
import { IdentityFacadeModule } from '#pie/identity';
import { LedgerModule } from '#pie/ledger';
import { StripeEventProcessor } from './domain/stripe-event-processor.js';
import { HandleStripeEventHandler } from './jobs/handle-stripe-event/handle-stripe-event.handler.js';
import { RecordPieOnPieCreatedListener } from './listeners/record-pie-on-pie-created.listener.js';
import { StripeGateway } from './stripe/stripe-gateway.js';

/** Worker side of billing, imported by apps/worker: the `payments` queue's Stripe events and the pie id on each subscription. */
@Module({
  imports: [IdentityFacadeModule, LedgerModule],
  providers: [StripeGateway, StripeEventProcessor, HandleStripeEventHandler, RecordPieOnPieCreatedListener],
})
export class BillingWorkerModule {}
