import { Module } from '@nestjs/common';
import { StripeGateway } from '#pie/billing';
import { ArtistPages } from '#pie/claims';
import { IdentityFacadeModule } from '#pie/identity';
import { PayoutsFacadeModule } from '#pie/payouts';
import { BackOffice } from './domain/back-office.js';
import { BackOfficeActions } from './domain/back-office-actions.js';
import { OpenBooks } from './domain/open-books.js';
import { FanImpacts } from './domain/fan-impacts.js';
import { FanImpactController, PublicPieCardController } from './http/fan-impact.controller.js';
import { StripeRecords } from './domain/provider-records.js';
import { ADMIN_CONTROLLERS } from './http/admin.controllers.js';

/** HTTP side of the admin back office, imported by apps/api: every /api/admin route, the public `/api/open-books`, and a fan's impact (`/api/report/impact`, a public pie's card). */
@Module({
  imports: [PayoutsFacadeModule, IdentityFacadeModule],
  controllers: [...ADMIN_CONTROLLERS, FanImpactController, PublicPieCardController],
  // ArtistPages: the addresses of the artist's pages a claim's proof links to.
  providers: [StripeGateway, ArtistPages, BackOffice, BackOfficeActions, StripeRecords, OpenBooks, FanImpacts],
})
export class AdminHttpModule {}
