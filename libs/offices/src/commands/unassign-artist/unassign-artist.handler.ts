import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { assignedArtistIds, requireAdmin } from '../../domain/office-access.js';
import { memberNotFound } from '../../domain/offices.errors.js';
import { UnassignArtist } from './unassign-artist.command.js';

@CommandHandler(UnassignArtist)
export class UnassignArtistHandler implements ICommandHandler<UnassignArtist> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ userId, officeId, memberId, artistId }: UnassignArtist) {
    return this.database.transaction(async (em) => {
      await requireAdmin(em, officeId, userId);
      const member = await em.execute(`select 1 from offices.members where office_id = ? and user_id = ?`, [officeId, memberId]);
      if (member.length === 0) throw memberNotFound();
      await em.execute(`delete from offices.member_artists where office_id = ? and user_id = ? and artist_id = ?`, [officeId, memberId, artistId]);
      return { artistIds: await assignedArtistIds(em, officeId, memberId) };
    });
  }
}
