import { Module } from '@nestjs/common';
import { StripeGateway } from '#pie/billing';
import { ArtistPages } from '#pie/claims';
import { PayoutsFacadeModule } from '#pie/payouts';
import { BackOffice } from './domain/back-office.js';
import { BackOfficeActions } from './domain/back-office-actions.js';
import { OpenBooks } from './domain/open-books.js';
import { StripeRecords } from './domain/provider-records.js';
import { ADMIN_CONTROLLERS } from './http/admin.controllers.js';

/** HTTP side of the admin back office, imported by apps/api: every /api/admin route, and the public `/api/open-books`. */
@Module({
  imports: [PayoutsFacadeModule],
  controllers: ADMIN_CONTROLLERS,
  // ArtistPages: the addresses of the artist's pages a claim's proof links to.
  providers: [StripeGateway, ArtistPages, BackOffice, BackOfficeActions, StripeRecords, OpenBooks],
})
export class AdminHttpModule {}
