import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { adminClaimDetails, ArtistPages } from '#pie/claims';
import { Database } from '#pie/platform';
import { GetAdminClaim } from './get-admin-claim.query.js';

@QueryHandler(GetAdminClaim)
export class GetAdminClaimHandler implements IQueryHandler<GetAdminClaim> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(ArtistPages) private readonly pages: ArtistPages,
  ) {}

  execute({ claimId }: GetAdminClaim) {
    return adminClaimDetails(this.database.em(), claimId, this.pages);
  }
}
