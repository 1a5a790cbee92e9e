import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FanArtist } from '#pie/contracts';
import { Database } from '#pie/platform';
import { artistShareSql } from '../../domain/listened-time.js';
import { fanWindowFirstDay } from '../../domain/listening-window.js';
import { pageOf } from '../../domain/paging.js';
import { ARTIST_COLUMNS, containsPattern, ms, toArtistSummary, type ArtistRow } from '../../domain/read-models.js';
import { ListFanArtists } from './list-fan-artists.query.js';

export type FanArtistRow = ArtistRow & { listened_ms: string; plays: number; last_played_at: Date };

/** A fan's plays in an optional period, then each artist's share: the same split as the pies use. */
export const FAN_ARTISTS_SQL = `
  with fan_plays as (
    select track_id, ms_played, played_at from listening.plays
     where fan_id = ? and played_at >= coalesce(?::timestamptz, '-infinity') and played_at < coalesce(?::timestamptz, 'infinity')
  ), ${artistShareSql('fan_plays')}
  select ${ARTIST_COLUMNS}, s.listened_ms, s.plays, s.last_played_at
    from artist_share s join listening.artists a on a.id = s.artist_id`;

export function toFanArtist(row: FanArtistRow): FanArtist {
  return { ...toArtistSummary(row), listened_ms: ms(row.listened_ms), plays: Number(row.plays), last_played_at: new Date(row.last_played_at).toISOString() };
}

const SORT = { listened: 'q.listened_ms', plays: 'q.plays', name: 'lower(q.name)', lastPlayed: 'q.last_played_at', popularity: 'q.popularity' } as const;

/** All the fan's listening, from the per-artist read model. */
const FAN_ARTISTS_ALL_TIME_SQL = `
  select ${ARTIST_COLUMNS}, s.listened_ms, s.plays, s.last_played_at
    from listening.fan_artists s join listening.artists a on a.id = s.artist_id
   where s.fan_id = ?`;

/** The fan's last N local days, from the per-artist-and-day read model. Parameters: fan, days, fan. */
export const FAN_ARTISTS_WINDOW_SQL = `
  select ${ARTIST_COLUMNS}, s.listened_ms, s.plays, s.last_played_at
    from (select artist_id, sum(listened_ms) as listened_ms, sum(plays)::int as plays, max(last_played_at) as last_played_at
            from listening.fan_artist_days where fan_id = ? and day >= ${fanWindowFirstDay('?', '?')}
           group by artist_id) s
    join listening.artists a on a.id = s.artist_id`;

@QueryHandler(ListFanArtists)
export class ListFanArtistsHandler implements IQueryHandler<ListFanArtists> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, query }: ListFanArtists) {
    const direction = query.direction ?? (query.sortBy === 'name' ? 'asc' : 'desc');
    const search = query.search ? containsPattern(query.search) : null;
    // Read models for all time and for a window of days; an arbitrary period (a report) reads the plays.
    const source =
      query.days !== undefined
        ? { sql: FAN_ARTISTS_WINDOW_SQL, params: [fanId, fanId, query.days] }
        : query.from || query.to
          ? { sql: FAN_ARTISTS_SQL, params: [fanId, query.from?.toISOString() ?? null, query.to?.toISOString() ?? null] }
          : { sql: FAN_ARTISTS_ALL_TIME_SQL, params: [fanId] };
    const { rows, pagination } = await pageOf<FanArtistRow>(this.database.em(), {
      sql: `select * from (${source.sql}) fa where (?::text is null or fa.name ilike ?)`,
      params: [...source.params, search, search],
      orderBy: `${SORT[query.sortBy]} ${direction}, lower(q.name) asc, q.id`,
      page: query.page,
      limit: query.itemsPerPage,
    });
    return { items: rows.map(toFanArtist), pagination };
  }
}
