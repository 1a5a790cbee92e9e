import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { assignedArtistIds, membershipsOf } from '#pie/offices';
import { Database } from '#pie/platform';
import { claimsWhere, summaries, type Claim } from '../../domain/claims-store.js';
import { ListClaims } from './list-claims.query.js';

@QueryHandler(ListClaims)
export class ListClaimsHandler implements IQueryHandler<ListClaims> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId }: ListClaims) {
    const em = this.database.em();
    const rows: Claim[] = [];
    for (const membership of await membershipsOf(em, userId)) {
      if (membership.role === 'admin') {
        rows.push(...(await claimsWhere(em, { officeId: membership.officeId })));
      } else {
        const artists = await assignedArtistIds(em, membership.officeId, userId);
        if (artists.length) rows.push(...(await claimsWhere(em, { officeId: membership.officeId, artistIds: artists })));
      }
    }
    return summaries(em, rows);
  }
}
