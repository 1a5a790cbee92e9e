import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { assignedArtistIds, hasMemberRow, requireMember } from '../../domain/office-access.js';
import { adminOnly, memberNotFound } from '../../domain/offices.errors.js';
import { ListMemberArtists } from './list-member-artists.query.js';

@QueryHandler(ListMemberArtists)
export class ListMemberArtistsHandler implements IQueryHandler<ListMemberArtists> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, officeId, memberId }: ListMemberArtists) {
    const em = this.database.em();
    const me = await requireMember(em, officeId, userId);
    if (me.role !== 'admin' && memberId !== userId) throw adminOnly();
    if (!(await hasMemberRow(em, officeId, memberId))) throw memberNotFound();
    return { artistIds: await assignedArtistIds(em, officeId, memberId) };
  }
}
