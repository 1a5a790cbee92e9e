import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { claimForCaller, detailed, summaries } from '../../domain/claims-store.js';
import { GetClaim } from './get-claim.query.js';

@QueryHandler(GetClaim)
export class GetClaimHandler implements IQueryHandler<GetClaim> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, claimId, withDetails }: GetClaim) {
    const em = this.database.em();
    const { claim } = await claimForCaller(em, claimId, userId, 'view');
    if (withDetails) return detailed(em, claim);
    const [summary] = await summaries(em, [claim]);
    return summary;
  }
}
