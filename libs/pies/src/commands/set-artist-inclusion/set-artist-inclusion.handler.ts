import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { pieArtistNotFound, tooManyIncluded } from '../../domain/pies.errors.js';
import type { Inclusion } from '../../domain/split.js';
import { SetArtistInclusion } from './set-artist-inclusion.command.js';

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
      const [row] = await tx.execute<{ pie_id: string; artist_id: string; artist_limit: number }[]>(
        `select pa.pie_id, pa.artist_id, p.artist_limit from pies.pie_artists pa join pies.pies p on p.id = pa.pie_id
          where pa.id = ? and p.fan_id = ? for update of p`,
        [pieArtistId, fanId],
      );
      if (!row) throw pieArtistNotFound();
      if (inclusion === 'included') {
        const [{ n }] = await tx.execute<{ n: number }[]>(`select count(*)::int as n from pies.pie_artists where pie_id = ? and inclusion = 'included' and id <> ?`, [row.pie_id, pieArtistId]);
        if (n >= row.artist_limit) throw tooManyIncluded(row.artist_limit);
      }
      await tx.execute(`update pies.pie_artists set inclusion = ?, updated_at = now() where id = ?`, [inclusion, pieArtistId]);
      return { pieArtistId, artistId: row.artist_id, inclusion };
    });
  }
}
