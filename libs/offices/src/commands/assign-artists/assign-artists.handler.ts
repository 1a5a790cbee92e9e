import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { officesDb } from '../../db/offices-db.js';
import { assignedArtistIds, hasMemberRow, requireAdmin } from '../../domain/office-access.js';
import { memberNotFound } from '../../domain/offices.errors.js';
import { AssignArtists } from './assign-artists.command.js';

@CommandHandler(AssignArtists)
export class AssignArtistsHandler implements ICommandHandler<AssignArtists> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ userId, officeId, memberId, artistIds }: AssignArtists) {
    return this.database.transaction(async (em) => {
      await requireAdmin(em, officeId, userId);
      if (!(await hasMemberRow(em, officeId, memberId))) throw memberNotFound();
      const unique = [...new Set(artistIds)];
      if (unique.length > 0) {
        await officesDb(em)
          .insertInto('offices.member_artists')
          .values(unique.map((artistId) => ({ office_id: officeId, user_id: memberId, artist_id: artistId })))
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
      return { artistIds: await assignedArtistIds(em, officeId, memberId) };
    });
  }
}
