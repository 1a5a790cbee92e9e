import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database, preparedQuery } from '#pie/platform';
import { listeningDb } from '../../db/listening-db.js';
import { ARTIST_COLUMNS, toArtistSummary } from '../../domain/read-models.js';
import { assertVisible } from '../../domain/visibility.js';
import { ListRecentArtists } from './list-recent-artists.query.js';

/**
 * The per-artist read model, newest last play first: the fan's rows along the key, the newest
 * `limit` chosen among them alone (a few thousand at most, ordered at read time), then joined to
 * their artists.
 */
const RECENT_ARTISTS = preparedQuery((em, { fanId, limit }: { fanId: string; limit: number }) => {
  const db = listeningDb(em);
  return db
    .selectFrom(
      db
        .selectFrom('listening.fan_artists')
        .select(['artist_id', 'last_played_at', 'plays'])
        .where('fan_id', '=', fanId)
        .orderBy('last_played_at', 'desc')
        .orderBy('artist_id')
        .limit(limit)
        .as('s'),
    )
    .innerJoin('listening.artists as a', 'a.id', 's.artist_id')
    .select([...ARTIST_COLUMNS, 's.last_played_at', 's.plays'])
    .orderBy('s.last_played_at', 'desc')
    .orderBy('s.artist_id');
});

@QueryHandler(ListRecentArtists)
export class ListRecentArtistsHandler implements IQueryHandler<ListRecentArtists> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, viewerId, limit }: ListRecentArtists) {
    const em = this.database.em();
    await assertVisible(em, fanId, viewerId, 'recent_listening');
    const rows = await RECENT_ARTISTS(em, { fanId, limit });
    return rows.map((row) => ({ ...toArtistSummary(row), last_played_at: new Date(row.last_played_at).toISOString(), plays: Number(row.plays) }));
  }
}
