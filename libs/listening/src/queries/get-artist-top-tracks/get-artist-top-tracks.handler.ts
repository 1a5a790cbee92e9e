import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { Database } from '#pie/platform';
import { listeningDb } from '../../db/listening-db.js';
import { assertArtistExists } from '../../domain/artist-details.js';
import { utcWindowStart } from '../../domain/listening-window.js';
import { trackSummaries } from '../../domain/read-models.js';
import { GetArtistTopTracks } from './get-artist-top-tracks.query.js';

/** The artist's tracks by trusted plays in the last `days` UTC days: the artist page's one source (see artist-listeners). */
@QueryHandler(GetArtistTopTracks)
export class GetArtistTopTracksHandler implements IQueryHandler<GetArtistTopTracks> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ artistId, query }: GetArtistTopTracks) {
    const em = this.database.em();
    await assertArtistExists(em, artistId);
    const rows = await listeningDb(em)
      .selectFrom('listening.track_artists as ta')
      .innerJoin('listening.tracks as t', 't.id', 'ta.track_id')
      .leftJoin('listening.plays as p', (join) =>
        join
          .onRef('p.track_id', '=', 'ta.track_id')
          .on('p.trusted', '=', true)
          .on('p.played_at', '>=', sql<string>`coalesce(${utcWindowStart(query.days ?? null)}, '-infinity')`),
      )
      .select(['ta.track_id', sql<string>`count(p.fan_id)`.as('plays'), sql<string>`count(distinct p.fan_id)`.as('listeners')])
      .where('ta.artist_id', '=', artistId)
      .where('t.metadata_fetched_at', 'is not', null) // names the provider confirmed only
      .groupBy(['ta.track_id', 't.name'])
      .orderBy('plays', 'desc')
      .orderBy('listeners', 'desc')
      .orderBy(sql`lower(t.name)`)
      .orderBy('ta.track_id')
      .limit(query.limit)
      .execute();
    const tracks = await trackSummaries(em, rows.map((row) => row.track_id));
    return rows.map((row) => ({ track: tracks.get(row.track_id)!, plays: Number(row.plays), listeners: Number(row.listeners) }));
  }
}
