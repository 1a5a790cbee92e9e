import { Module } from '@nestjs/common';
import { IdentityFacadeModule } from './identity-facade.module.js';
import { SendVerificationEmailOnArtistRegisteredListener } from './listeners/send-verification-email-on-artist-registered.listener.js';
import { SendVerificationEmailOnFanRegisteredListener } from './listeners/send-verification-email-on-fan-registered.listener.js';

/** Worker side of identity, imported by apps/worker. */
@Module({
  imports: [IdentityFacadeModule],
  exports: [IdentityFacadeModule],
  providers: [SendVerificationEmailOnFanRegisteredListener, SendVerificationEmailOnArtistRegisteredListener],
})
export class IdentityWorkerModule {}
