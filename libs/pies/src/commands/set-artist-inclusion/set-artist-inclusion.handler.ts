import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { pieArtistNotFound, tooManyIncluded } from '../../domain/pies.errors.js';
import type { Inclusion } from '../../domain/split.js';
import { SetArtistInclusion } from './set-artist-inclusion.command.js';
import { sql } from 'kysely';
import { piesDb } from '../../db/pies-db.js';

/**
 * Sets a pie artist's manual inclusion. Always-included artists take the limit's slots first, so
 * there can be at most `artistLimit` of them (the pie row is locked so two requests cannot both
 * take the last slot).
 */
@CommandHandler(SetArtistInclusion)
export class SetArtistInclusionHandler implements ICommandHandler<SetArtistInclusion, { pieArtistId: string; artistId: string; inclusion: Inclusion }> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, pieArtistId, included }: SetArtistInclusion) {
    const inclusion: Inclusion = included === null ? 'default' : included ? 'included' : 'excluded';
    return this.database.transaction(async (tx) => {
      const row = await piesDb(tx)
        .selectFrom('pies.pie_artists as pa')
        .innerJoin('pies.pies as p', 'p.id', 'pa.pie_id')
        .select(['pa.pie_id', 'pa.artist_id', 'p.artist_limit'])
        .where('pa.id', '=', pieArtistId)
        .where('p.fan_id', '=', fanId)
        .forUpdate('p')
        .executeTakeFirst();
      if (!row) throw pieArtistNotFound();
      if (inclusion === 'included') {
        const { n } = await piesDb(tx)
          .selectFrom('pies.pie_artists')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('pie_id', '=', row.pie_id)
          .where('inclusion', '=', 'included')
          .where('id', '<>', pieArtistId)
          .executeTakeFirstOrThrow();
        if (n >= row.artist_limit) throw tooManyIncluded(row.artist_limit);
      }
      await piesDb(tx).updateTable('pies.pie_artists').set({ inclusion, updated_at: sql<string>`now()` }).where('id', '=', pieArtistId).execute();
      return { pieArtistId, artistId: row.artist_id, inclusion };
    });
  }
}
