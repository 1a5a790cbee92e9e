import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { assignedArtistIds, requireMember } from '../../domain/office-access.js';
import { adminOnly, memberNotFound } from '../../domain/offices.errors.js';
import { ListMemberArtists } from './list-member-artists.query.js';

@QueryHandler(ListMemberArtists)
export class ListMemberArtistsHandler implements IQueryHandler<ListMemberArtists> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, officeId, memberId }: ListMemberArtists) {
    const em = this.database.em();
    const me = await requireMember(em, officeId, userId);
    if (me.role !== 'admin' && memberId !== userId) throw adminOnly();
    const member = await em.execute(`select 1 from offices.members where office_id = ? and user_id = ?`, [officeId, memberId]);
    if (member.length === 0) throw memberNotFound();
    return { artistIds: await assignedArtistIds(em, officeId, memberId) };
  }
}
