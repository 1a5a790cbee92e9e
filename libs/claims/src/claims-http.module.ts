import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CancelClaimHandler } from './commands/cancel-claim/cancel-claim.handler.js';
import { CompleteSocialVerificationHandler } from './commands/complete-social-verification/complete-social-verification.handler.js';
import { CreateClaimHandler } from './commands/create-claim/create-claim.handler.js';
import { RedeemArtistInviteHandler } from './commands/redeem-artist-invite/redeem-artist-invite.handler.js';
import { RemoveClaimedArtistHandler } from './commands/remove-claimed-artist/remove-claimed-artist.handler.js';
import { ReportClaimHandler } from './commands/report-claim/report-claim.handler.js';
import { StartSocialVerificationHandler } from './commands/start-social-verification/start-social-verification.handler.js';
import { VerifyBioHandler } from './commands/verify-bio/verify-bio.handler.js';
import { ArtistPages } from './domain/artist-pages.js';
import { ClaimsOfficeClosingModule } from './domain/office-closing.js';
import { ArtistInvitesController } from './http/artist-invites.controller.js';
import { ClaimReportsController } from './http/claim-reports.controller.js';
import { ClaimsController } from './http/claims.controller.js';
import { FetchSocialsHandler } from './queries/fetch-socials/fetch-socials.handler.js';
import { GetArtistStandingHandler } from './queries/get-artist-standing/get-artist-standing.handler.js';
import { GetClaimHandler } from './queries/get-claim/get-claim.handler.js';
import { ListClaimsHandler } from './queries/list-claims/list-claims.handler.js';
import { SearchArtistsHandler } from './queries/search-artists/search-artists.handler.js';
import { VerifyArtistInviteHandler } from './queries/verify-artist-invite/verify-artist-invite.handler.js';

/** HTTP side of claims, imported by apps/api. */
@Module({
  // ClaimsOfficeClosingModule: offices asks claims whether an office may close (`OfficeClosing`).
  imports: [CqrsModule, ClaimsOfficeClosingModule],
  controllers: [ClaimsController, ClaimReportsController, ArtistInvitesController],
  providers: [
    ArtistPages,
    CreateClaimHandler,
    CancelClaimHandler,
    VerifyBioHandler,
    StartSocialVerificationHandler,
    CompleteSocialVerificationHandler,
    RemoveClaimedArtistHandler,
    ReportClaimHandler,
    RedeemArtistInviteHandler,
    SearchArtistsHandler,
    FetchSocialsHandler,
    ListClaimsHandler,
    GetClaimHandler,
    VerifyArtistInviteHandler,
    GetArtistStandingHandler,
  ],
})
export class ClaimsHttpModule {}
