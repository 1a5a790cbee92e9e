import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { assignedArtistIds, requireAdmin } from '../../domain/office-access.js';
import { memberNotFound } from '../../domain/offices.errors.js';
import { AssignArtists } from './assign-artists.command.js';

@CommandHandler(AssignArtists)
export class AssignArtistsHandler implements ICommandHandler<AssignArtists> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ userId, officeId, memberId, artistIds }: AssignArtists) {
    return this.database.transaction(async (em) => {
      await requireAdmin(em, officeId, userId);
      const member = await em.execute(`select 1 from offices.members where office_id = ? and user_id = ?`, [officeId, memberId]);
      if (member.length === 0) throw memberNotFound();
      await em.execute(
        `insert into offices.member_artists (office_id, user_id, artist_id) select ?, ?, unnest(?::uuid[]) on conflict do nothing`,
        [officeId, memberId, `{${[...new Set(artistIds)].join(',')}}`],
      );
      return { artistIds: await assignedArtistIds(em, officeId, memberId) };
    });
  }
}
