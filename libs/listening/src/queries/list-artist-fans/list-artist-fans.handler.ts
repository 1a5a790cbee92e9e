import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { Database, pageOfQuery } from '#pie/platform';
import { listeningDb } from '../../db/listening-db.js';
import { assertArtistExists } from '../../domain/artist-details.js';
import { artistFans } from '../../domain/artist-listeners.js';
import { ms } from '../../domain/read-models.js';
import { ListArtistFans } from './list-artist-fans.query.js';

@QueryHandler(ListArtistFans)
export class ListArtistFansHandler implements IQueryHandler<ListArtistFans> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ artistId, query }: ListArtistFans) {
    const em = this.database.em();
    await assertArtistExists(em, artistId);
    const db = listeningDb(em);
    const fans = artistFans(db, artistId, query.days);
    const counted = await db.selectFrom(fans.as('f')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const total = counted.n;
    // Named only when the fan made their top artists public: a private fan's listening cannot be
    // rebuilt artist by artist from these lists. Counted either way.
    const named = db
      .selectFrom(fans.as('f'))
      .innerJoin('listening.fan_profiles as fp', (join) => join.onRef('fp.fan_id', '=', 'f.fan_id').on('fp.top_artists_public', '=', true))
      .select(['f.fan_id', 'fp.username', 'f.listened_ms', 'f.plays']);
    const { rows, pagination } = await pageOfQuery(named.orderBy('f.listened_ms', 'desc').orderBy('f.fan_id'), query);
    return {
      page: {
        total_fans: Number(total),
        fans: rows.map((row) => ({ _id: row.fan_id, username: row.username, listened_ms: ms(row.listened_ms), plays: Number(row.plays) })),
      },
      pagination,
    };
  }
}
