import { Module } from '@nestjs/common';
import './domain/prunable.js';
import { IdentityFacadeModule } from './identity-facade.module.js';
import { RecordStripeCustomerOnStripeCustomerCreatedListener } from './listeners/record-stripe-customer-on-stripe-customer-created.listener.js';
import {
  SendVerificationEmailOnArtistRegisteredListener,
  SendVerificationEmailOnFanRegisteredListener,
} from './listeners/send-verification-email.listeners.js';

/** Worker side of identity, imported by apps/worker. */
@Module({
  imports: [IdentityFacadeModule],
  exports: [IdentityFacadeModule],
  providers: [SendVerificationEmailOnFanRegisteredListener, SendVerificationEmailOnArtistRegisteredListener, RecordStripeCustomerOnStripeCustomerCreatedListener],
})
export class IdentityWorkerModule {}
