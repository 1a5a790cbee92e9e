import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { officesDb } from '../../db/offices-db.js';
import { assignedArtistIds, hasMemberRow, requireAdmin } from '../../domain/office-access.js';
import { memberNotFound } from '../../domain/offices.errors.js';
import { UnassignArtist } from './unassign-artist.command.js';

@CommandHandler(UnassignArtist)
export class UnassignArtistHandler implements ICommandHandler<UnassignArtist> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ userId, officeId, memberId, artistId }: UnassignArtist) {
    return this.database.transaction(async (em) => {
      await requireAdmin(em, officeId, userId);
      if (!(await hasMemberRow(em, officeId, memberId))) throw memberNotFound();
      await officesDb(em)
        .deleteFrom('offices.member_artists')
        .where('office_id', '=', officeId)
        .where('user_id', '=', memberId)
        .where('artist_id', '=', artistId)
        .execute();
      return { artistIds: await assignedArtistIds(em, officeId, memberId) };
    });
  }
}
