import { Module } from '@nestjs/common';
import { SendVerificationEmailOnFanRegisteredListener } from './listeners/send-verification-email-on-fan-registered.listener.js';

/** Worker side of identity, imported by apps/worker. */
@Module({ providers: [SendVerificationEmailOnFanRegisteredListener] })
export class IdentityWorkerModule {}
