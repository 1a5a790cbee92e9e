import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { StripeGateway } from '#pie/billing';
import { ArtistPages } from '#pie/claims';
import { IdentityFacadeModule } from '#pie/identity';
import { PayoutsFacadeModule } from '#pie/payouts';
import { BackOffice } from './domain/back-office.js';
import { Reconciliations } from './domain/reconciliations.js';
import { ListAdminClaimsHandler } from './queries/list-admin-claims/list-admin-claims.handler.js';
import { GetAdminClaimHandler } from './queries/get-admin-claim/get-admin-claim.handler.js';
import { ListInvitesHandler } from './queries/list-invites/list-invites.handler.js';
import { GetAuditLogHandler } from './queries/get-audit-log/get-audit-log.handler.js';
import { GetDiscoveryProgressHandler } from './queries/get-discovery-progress/get-discovery-progress.handler.js';
import { ChangeClaimStatusHandler } from './commands/change-claim-status/change-claim-status.handler.js';
import { VerifyClaimHandler } from './commands/verify-claim/verify-claim.handler.js';
import { SetCrmStatusHandler } from './commands/set-crm-status/set-crm-status.handler.js';
import { LogCommunicationHandler } from './commands/log-communication/log-communication.handler.js';
import { StartEmailDiscoveryHandler } from './commands/start-email-discovery/start-email-discovery.handler.js';
import { CleanupEmailDiscoveriesHandler } from './commands/cleanup-email-discoveries/cleanup-email-discoveries.handler.js';
import { GenerateInviteHandler } from './commands/generate-invite/generate-invite.handler.js';
import { DeleteInviteHandler } from './commands/delete-invite/delete-invite.handler.js';
import { DisconnectStripeHandler } from './commands/disconnect-stripe/disconnect-stripe.handler.js';
import { ReconnectStripeHandler } from './commands/reconnect-stripe/reconnect-stripe.handler.js';
import { ProcessEscrowPayoutsHandler } from './commands/process-escrow-payouts/process-escrow-payouts.handler.js';
import { OpenBooks } from './domain/open-books.js';
import { FanImpacts } from './domain/fan-impacts.js';
import { FanImpactController, PublicPieCardController } from './http/fan-impact.controller.js';
import { StripeRecords } from './domain/provider-records.js';
import { ADMIN_CONTROLLERS } from './http/admin.controllers.js';

/** HTTP side of the admin back office, imported by apps/api: every /api/admin route, the public `/api/open-books`, and a fan's impact (`/api/report/impact`, a public pie's card). */
@Module({
  imports: [CqrsModule, PayoutsFacadeModule, IdentityFacadeModule],
  controllers: [...ADMIN_CONTROLLERS, FanImpactController, PublicPieCardController],
  // ArtistPages: the addresses of the artist's pages a claim's proof links to.
  providers: [
    StripeGateway,
    ArtistPages,
    BackOffice,
    Reconciliations,
    StripeRecords,
    OpenBooks,
    FanImpacts,
    // One query per read the routes make of other modules' admin facades or admin's own records (queries/<read>/).
    ListAdminClaimsHandler,
    GetAdminClaimHandler,
    ListInvitesHandler,
    GetAuditLogHandler,
    GetDiscoveryProgressHandler,
    // One command per admin action (commands/<action>/).
    ChangeClaimStatusHandler,
    VerifyClaimHandler,
    SetCrmStatusHandler,
    LogCommunicationHandler,
    StartEmailDiscoveryHandler,
    CleanupEmailDiscoveriesHandler,
    GenerateInviteHandler,
    DeleteInviteHandler,
    DisconnectStripeHandler,
    ReconnectStripeHandler,
    ProcessEscrowPayoutsHandler,
  ],
})
export class AdminHttpModule {}
