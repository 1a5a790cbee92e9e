import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FanTrack, TrackSummary } from '#pie/contracts';
import { Database, pageOf, pagination, type EntityManager } from '#pie/platform';
import { fanPageWithTracks, isoSql, ms, toTrackSummary, trackSummaries } from '../../domain/read-models.js';
import { ListPopularTracks } from './list-popular-tracks.query.js';

export interface FanTrackRow {
  track_id: string;
  plays: string;
  listened_ms: string;
  last_played_at: Date;
}

/** A fan's plays per track in [from, to): plays, time and the last play. */
export const FAN_TRACKS_SQL = `
  select p.track_id, count(*) as plays, sum(p.ms_played) as listened_ms, max(p.played_at) as last_played_at
    from listening.plays p
   where p.fan_id = ? and p.played_at >= coalesce(?::timestamptz, '-infinity') and p.played_at < coalesce(?::timestamptz, 'infinity')
   group by p.track_id`;

export const FAN_TRACKS_ORDER = 'q.plays desc, q.listened_ms desc, q.track_id';

export async function toFanTracks(em: EntityManager, rows: FanTrackRow[]): Promise<FanTrack[]> {
  const tracks = await trackSummaries(em, rows.map((row) => row.track_id));
  return rows.map((row) => toFanTrack(row, tracks.get(row.track_id)!));
}

function toFanTrack(row: FanTrackRow, track: TrackSummary): FanTrack {
  return { track, plays: Number(row.plays), listened_ms: ms(row.listened_ms), last_played_at: new Date(row.last_played_at).toISOString() };
}

@QueryHandler(ListPopularTracks)
export class ListPopularTracksHandler implements IQueryHandler<ListPopularTracks> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, query }: ListPopularTracks) {
    const em = this.database.em();
    if (!query.from && !query.to) {
      // All time: the per-track read model, read in its index's order, with its tracks and the
      // fan's number of tracks (kept by the writer) in the same query.
      const { rows, total } = await fanPageWithTracks<FanTrackRow>(em, {
        fanId,
        pageSql: `select track_id, plays, listened_ms, ${isoSql('last_played_at')} as last_played_at from listening.fan_tracks where fan_id = $1 order by plays desc, listened_ms desc, track_id limit $2 offset $3`,
        orderBy: 'p.plays desc, p.listened_ms desc, p.track_id',
        totalColumn: 'tracks_count',
        page: query.page,
        limit: query.limit,
      });
      return { items: rows.map((row) => toFanTrack(row, toTrackSummary(row))), pagination: pagination(query.page, query.limit, total) };
    }
    const { rows, pagination: pages } = await pageOf<FanTrackRow>(em, {
      sql: FAN_TRACKS_SQL,
      params: [fanId, query.from?.toISOString() ?? null, query.to?.toISOString() ?? null],
      orderBy: FAN_TRACKS_ORDER,
      page: query.page,
      limit: query.limit,
    });
    return { items: await toFanTracks(em, rows), pagination: pages };
  }
}
