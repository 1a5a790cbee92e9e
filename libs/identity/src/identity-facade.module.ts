import { Module } from '@nestjs/common';
import { ProviderTokens } from './social/provider-tokens.service.js';

/** What other modules may use of identity at run time: import this module, inject ProviderTokens. */
@Module({ providers: [ProviderTokens], exports: [ProviderTokens] })
export class IdentityFacadeModule {}
