import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database, executePrepared } from '#pie/platform';
import { ARTIST_COLUMNS, toArtistSummary, type ArtistRow } from '../../domain/read-models.js';
import { assertVisible } from '../../domain/visibility.js';
import { ListRecentArtists } from './list-recent-artists.query.js';

@QueryHandler(ListRecentArtists)
export class ListRecentArtistsHandler implements IQueryHandler<ListRecentArtists> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, viewerId, limit }: ListRecentArtists) {
    const em = this.database.em();
    await assertVisible(em, fanId, viewerId, 'recent_listening');
    // The per-artist read model, newest last play first (its index's order).
    const rows = await executePrepared<ArtistRow & { last_played_at: Date; plays: string }>(
      em,
      `select ${ARTIST_COLUMNS}, s.last_played_at, s.plays
         from listening.fan_artists s join listening.artists a on a.id = s.artist_id
        where s.fan_id = $1
        order by s.last_played_at desc, s.artist_id
        limit $2`,
      [fanId, limit],
    );
    return rows.map((row) => ({ ...toArtistSummary(row), last_played_at: new Date(row.last_played_at).toISOString(), plays: Number(row.plays) }));
  }
}
