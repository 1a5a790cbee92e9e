import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Pagination } from '#pie/contracts';
import { containsPattern, Database, pageOfQuery } from '#pie/platform';
import { listeningDb } from '../../db/listening-db.js';
import { fanPageWithTracks, isoInstant, toTrackSummary, trackSummaries } from '../../domain/read-models.js';
import { ListLatestPlays } from './list-latest-plays.query.js';

interface PlayRow {
  track_id: string;
  played_at: string;
  ms_played: number;
  source: 'recently-played' | 'export' | 'listenbrainz' | 'lastfm';
}

/**
 * The whole history: newest first along the (fan, played_at) key, with its tracks and the fan's
 * play count, in one statement compiled once.
 */
const WHOLE_HISTORY = fanPageWithTracks(
  (db, fanId) =>
    db
      .selectFrom('listening.plays')
      .select(['track_id', 'played_at', isoInstant(sql.ref('played_at')).as('played_at_iso'), 'ms_played', 'source'])
      .where('fan_id', '=', fanId),
  [
    ['played_at', 'desc'],
    ['track_id'],
  ],
  'plays_count',
);

@QueryHandler(ListLatestPlays)
export class ListLatestPlaysHandler implements IQueryHandler<ListLatestPlays> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, query }: ListLatestPlays) {
    const em = this.database.em();
    const db = listeningDb(em);
    const search = query.search ? containsPattern(query.search) : null;
    if (!search && !query.from && !query.to) {
      const { rows, pagination: pages } = await WHOLE_HISTORY(em, fanId, query);
      return {
        items: rows.map((row) => ({ track: toTrackSummary(row), played_at: row.played_at_iso, ms_played: Number(row.ms_played), source: row.source })),
        pagination: pages,
      };
    }
    const plays = db
      .selectFrom('listening.plays as p')
      .innerJoin('listening.tracks as t', 't.id', 'p.track_id')
      .select(['p.track_id', 'p.played_at', 'p.ms_played', 'p.source'])
      .where('p.fan_id', '=', fanId)
      .where('p.played_at', '>=', sql<string>`coalesce(${query.from?.toISOString() ?? null}::timestamptz, '-infinity')`)
      .where('p.played_at', '<', sql<string>`coalesce(${query.to?.toISOString() ?? null}::timestamptz, 'infinity')`)
      .$if(search !== null, (q) =>
        q.where((eb) =>
          eb.or([
            eb('t.name', 'ilike', search!),
            eb('t.album', 'ilike', search!),
            eb.exists(
              eb
                .selectFrom('listening.track_artists as ta')
                .innerJoin('listening.artists as a', 'a.id', 'ta.artist_id')
                .select('ta.track_id')
                .whereRef('ta.track_id', '=', 't.id')
                .where('a.name', 'ilike', search!),
            ),
          ]),
        ),
      );
    const { rows, pagination: pages } = await pageOfQuery(plays.orderBy('p.played_at', 'desc').orderBy('p.track_id'), query);
    return this.items(rows, pages);
  }

  private async items(rows: PlayRow[], pages: Pagination) {
    const tracks = await trackSummaries(this.database.em(), rows.map((row) => row.track_id));
    return {
      items: rows.map((row) => ({ track: tracks.get(row.track_id)!, played_at: new Date(row.played_at).toISOString(), ms_played: Number(row.ms_played), source: row.source })),
      pagination: pages,
    };
  }
}
