import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { assertArtistExists } from '../../domain/artist-details.js';
import { ARTIST_FANS_SQL } from '../../domain/artist-listeners.js';
import { pageOf } from '../../domain/paging.js';
import { ms } from '../../domain/read-models.js';
import { ListArtistFans } from './list-artist-fans.query.js';

@QueryHandler(ListArtistFans)
export class ListArtistFansHandler implements IQueryHandler<ListArtistFans> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ artistId, query }: ListArtistFans) {
    const em = this.database.em();
    await assertArtistExists(em, artistId);
    const [{ total }] = await em.execute<{ total: string }[]>(`select count(*) as total from (${ARTIST_FANS_SQL}) f`, [artistId, query.days]);
    // Named only when the fan made their top artists public: a private fan's listening cannot be
    // rebuilt artist by artist from these lists. Counted either way.
    const { rows, pagination } = await pageOf<{ fan_id: string; username: string | null; listened_ms: string; plays: number }>(em, {
      sql: `select f.fan_id, fp.username, f.listened_ms, f.plays
              from (${ARTIST_FANS_SQL}) f join listening.fan_profiles fp on fp.fan_id = f.fan_id and fp.top_artists_public`,
      params: [artistId, query.days],
      orderBy: 'q.listened_ms desc, q.fan_id',
      page: query.page,
      limit: query.limit,
    });
    return {
      page: {
        total_fans: Number(total),
        fans: rows.map((row) => ({ _id: row.fan_id, username: row.username, listened_ms: ms(row.listened_ms), plays: Number(row.plays) })),
      },
      pagination,
    };
  }
}
