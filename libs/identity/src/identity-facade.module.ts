import { Module } from '@nestjs/common';
import { FanContacts } from './social/fan-contacts.service.js';
import { ProviderTokens } from './social/provider-tokens.service.js';

/** What other modules may use of identity at run time: import this module, inject its services. */
@Module({ providers: [ProviderTokens, FanContacts], exports: [ProviderTokens, FanContacts] })
export class IdentityFacadeModule {}
