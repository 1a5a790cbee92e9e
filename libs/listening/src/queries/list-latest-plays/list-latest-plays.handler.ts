import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { containsPattern, Database, pageOf, pagination } from '#pie/platform';
import type { Pagination } from '#pie/contracts';
import { fanPageWithTracks, isoSql, toTrackSummary, trackSummaries } from '../../domain/read-models.js';
import { ListLatestPlays } from './list-latest-plays.query.js';

interface PlayRow {
  track_id: string;
  played_at: Date;
  ms_played: number;
  source: 'recently-played' | 'export';
}

@QueryHandler(ListLatestPlays)
export class ListLatestPlaysHandler implements IQueryHandler<ListLatestPlays> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, query }: ListLatestPlays) {
    const em = this.database.em();
    const search = query.search ? containsPattern(query.search) : null;
    if (!search && !query.from && !query.to) {
      // The whole history: newest first along the (fan, played_at) key, its tracks and the total
      // (the fan's play count) in the same query.
      const { rows, total } = await fanPageWithTracks<PlayRow & { played_at_iso: string }>(em, {
        fanId,
        pageSql: `select track_id, played_at, ${isoSql('played_at')} as played_at_iso, ms_played, source from listening.plays where fan_id = $1 order by played_at desc, track_id limit $2 offset $3`,
        orderBy: 'p.played_at desc, p.track_id',
        totalColumn: 'plays_count',
        page: query.page,
        limit: query.limit,
      });
      return {
        items: rows.map((row) => ({ track: toTrackSummary(row), played_at: row.played_at_iso, ms_played: Number(row.ms_played), source: row.source })),
        pagination: pagination(query.page, query.limit, total),
      };
    }
    const { rows, pagination: pages } = await pageOf<PlayRow>(em, {
      sql: `select p.track_id, p.played_at, p.ms_played, p.source
              from listening.plays p join listening.tracks t on t.id = p.track_id
             where p.fan_id = ? and p.played_at >= coalesce(?::timestamptz, '-infinity') and p.played_at < coalesce(?::timestamptz, 'infinity')
               and (?::text is null or t.name ilike ? or t.album ilike ? or exists (
                     select 1 from listening.track_artists ta join listening.artists a on a.id = ta.artist_id where ta.track_id = t.id and a.name ilike ?))`,
      params: [fanId, query.from?.toISOString() ?? null, query.to?.toISOString() ?? null, search, search, search, search],
      orderBy: 'q.played_at desc, q.track_id',
      page: query.page,
      limit: query.limit,
    });
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
