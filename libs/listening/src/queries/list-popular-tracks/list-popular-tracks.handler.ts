import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql, type Kysely } from 'kysely';
import type { FanTrack, TrackSummary } from '#pie/contracts';
import { Database, pageOfQuery, type EntityManager } from '#pie/platform';
import { listeningDb } from '../../db/listening-db.js';
import type { ListeningTables } from '../../db/tables.generated.js';
import { fanPageWithTracks, ms, toTrackSummary, trackSummaries } from '../../domain/read-models.js';
import { ListPopularTracks } from './list-popular-tracks.query.js';

interface FanTrackFigures {
  track_id: string;
  plays: string | number;
  listened_ms: string | number;
  last_played_at: string;
}

/** A fan's plays per track in [from, to) (either open): plays, time and the last play. Most played first is `byMostPlayed`. */
export function fanTracksIn(db: Kysely<ListeningTables>, fanId: string, from: string | null, to: string | null) {
  return db
    .selectFrom('listening.plays as p')
    .select(['p.track_id', sql<string>`count(*)`.as('plays'), sql<string>`sum(p.ms_played)`.as('listened_ms'), sql<string>`max(p.played_at)`.as('last_played_at')])
    .where('p.fan_id', '=', fanId)
    .where('p.played_at', '>=', sql<string>`coalesce(${from}::timestamptz, '-infinity')`)
    .where('p.played_at', '<', sql<string>`coalesce(${to}::timestamptz, 'infinity')`)
    .groupBy('p.track_id');
}

/** The order of a fan's tracks: most played, then most listened. */
export const byMostPlayed = [sql`plays desc`, sql`listened_ms desc`, sql`track_id`] as const;

export async function toFanTracks(em: EntityManager, rows: FanTrackFigures[]): Promise<FanTrack[]> {
  const tracks = await trackSummaries(em, rows.map((row) => row.track_id));
  return rows.map((row) => toFanTrack(row, tracks.get(row.track_id)!));
}

function toFanTrack(row: FanTrackFigures, track: TrackSummary): FanTrack {
  return { track, plays: Number(row.plays), listened_ms: ms(row.listened_ms), last_played_at: new Date(row.last_played_at).toISOString() };
}

/**
 * All time: the per-track read model (the fan's rows along the key, ordered at read time), with its tracks and the fan's
 * number of tracks (kept by the writer), in one statement compiled once.
 */
const ALL_TIME_TRACKS = fanPageWithTracks(
  (db, fanId) =>
    db
      .selectFrom('listening.fan_tracks')
      .select(['track_id', 'plays', 'listened_ms', 'last_played_at'])
      .where('fan_id', '=', fanId),
  [
    ['plays', 'desc'],
    ['listened_ms', 'desc'],
    ['track_id'],
  ],
  'tracks_count',
);

@QueryHandler(ListPopularTracks)
export class ListPopularTracksHandler implements IQueryHandler<ListPopularTracks> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, query }: ListPopularTracks) {
    const em = this.database.em();
    const db = listeningDb(em);
    if (!query.from && !query.to) {
      const { rows, pagination: pages } = await ALL_TIME_TRACKS(em, fanId, query);
      return { items: rows.map((row) => toFanTrack(row, toTrackSummary(row))), pagination: pages };
    }
    const figures = fanTracksIn(db, fanId, query.from?.toISOString() ?? null, query.to?.toISOString() ?? null);
    const { rows, pagination: pages } = await pageOfQuery(db.selectFrom(figures.as('q')).selectAll('q').orderBy(byMostPlayed), query);
    return { items: await toFanTracks(em, rows), pagination: pages };
  }
}
