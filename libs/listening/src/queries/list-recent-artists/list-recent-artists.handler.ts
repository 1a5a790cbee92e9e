import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { ARTIST_COLUMNS, toArtistSummary, type ArtistRow } from '../../domain/read-models.js';
import { assertVisible } from '../../domain/visibility.js';
import { ListRecentArtists } from './list-recent-artists.query.js';

/** How far back "recent" looks: the fan's latest plays. */
const RECENT_PLAYS = 500;

@QueryHandler(ListRecentArtists)
export class ListRecentArtistsHandler implements IQueryHandler<ListRecentArtists> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, viewerId, limit }: ListRecentArtists) {
    const em = this.database.em();
    await assertVisible(em, fanId, viewerId, 'recent_listening');
    const rows = await em.execute<(ArtistRow & { last_played_at: Date; plays: string })[]>(
      `with recent as (
         select track_id, played_at from listening.plays where fan_id = ? order by played_at desc limit ?
       )
       select ${ARTIST_COLUMNS}, max(r.played_at) as last_played_at, count(*) as plays
         from recent r join listening.track_artists ta on ta.track_id = r.track_id join listening.artists a on a.id = ta.artist_id
        group by a.id
        order by last_played_at desc, a.id
        limit ?`,
      [fanId, RECENT_PLAYS, limit],
    );
    return rows.map((row) => ({ ...toArtistSummary(row), last_played_at: new Date(row.last_played_at).toISOString(), plays: Number(row.plays) }));
  }
}
