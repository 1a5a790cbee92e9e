import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { assignedArtistIds, membershipsOf } from '#pie/offices';
import { Database } from '#pie/platform';
import { claimsWhere, summaries, type ClaimRow } from '../../domain/claims-store.js';
import { ListClaims } from './list-claims.query.js';

@QueryHandler(ListClaims)
export class ListClaimsHandler implements IQueryHandler<ListClaims> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId }: ListClaims) {
    const em = this.database.em();
    const rows: ClaimRow[] = [];
    for (const membership of await membershipsOf(em, userId)) {
      if (membership.role === 'admin') {
        rows.push(...(await claimsWhere(em, 'office_id = ?', [membership.officeId])));
      } else {
        const artists = await assignedArtistIds(em, membership.officeId, userId);
        if (artists.length) rows.push(...(await claimsWhere(em, 'office_id = ? and artist_id = any(?::uuid[])', [membership.officeId, `{${artists.join(',')}}`])));
      }
    }
    return summaries(em, rows);
  }
}
