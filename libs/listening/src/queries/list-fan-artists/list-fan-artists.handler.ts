import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FanArtist } from '#pie/contracts';
import { containsPattern, Database, executePrepared, pageOf, pagination } from '#pie/platform';
import { artistShareSql } from '../../domain/listened-time.js';
import { currentFanArtistWindow, KEPT_WINDOW_DAYS } from '../../domain/fan-artist-windows.js';
import { fanWindowFirstDay } from '../../domain/listening-window.js';
import { ARTIST_COLUMNS, ms, toArtistSummary, type ArtistRow } from '../../domain/read-models.js';
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

/** A kept window of the fan's last N local days (see fan-artist-windows.ts). Parameters: fan, days. */
const FAN_ARTISTS_KEPT_WINDOW_SQL = `
  select ${ARTIST_COLUMNS}, s.listened_ms, s.plays, s.last_played_at
    from listening.fan_artist_windows s join listening.artists a on a.id = s.artist_id
   where s.fan_id = ? and s.days = ?`;

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
    const kept = query.days !== undefined && KEPT_WINDOW_DAYS.includes(query.days);
    const keptTotal = kept ? await currentFanArtistWindow(this.database, fanId, query.days!) : null;
    // Read models for all time and for the dashboard's windows; any other window sums the
    // per-artist-and-day rows; an arbitrary period (a report) reads the plays.
    const source = kept
      ? { sql: FAN_ARTISTS_KEPT_WINDOW_SQL, params: [fanId, query.days] }
      : query.days !== undefined
        ? { sql: FAN_ARTISTS_WINDOW_SQL, params: [fanId, fanId, query.days] }
        : query.from || query.to
          ? { sql: FAN_ARTISTS_SQL, params: [fanId, query.from?.toISOString() ?? null, query.to?.toISOString() ?? null] }
          : { sql: FAN_ARTISTS_ALL_TIME_SQL, params: [fanId] };
    if (query.sortBy === 'listened' && direction === 'desc' && !search && (kept || (query.days === undefined && !query.from && !query.to))) {
      return this.mostListened(fanId, query, kept ? { table: 'fan_artist_windows', days: query.days!, total: keptTotal! } : { table: 'fan_artists' });
    }
    const { rows, pagination } = await pageOf<FanArtistRow>(this.database.em(), {
      sql: `select * from (${source.sql}) fa where (?::text is null or fa.name ilike ?)`,
      params: [...source.params, search, search],
      orderBy: `${SORT[query.sortBy]} ${direction}, lower(q.name) asc, q.id`,
      page: query.page,
      limit: query.itemsPerPage,
    });
    return { items: rows.map(toFanArtist), pagination };
  }

  /**
   * The default order (most listened first, ties by name) of a kept read model, read along its
   * listened-time index: only the rows down to the page's last listened time are joined and
   * sorted (with every tie at that boundary, so the names order them as the full sort would).
   */
  private async mostListened(
    fanId: string,
    query: ListFanArtists['query'],
    model: { table: 'fan_artists' } | { table: 'fan_artist_windows'; days: number; total: number },
  ) {
    const offset = (query.page - 1) * query.itemsPerPage;
    // A prepared statement (the default list of every fan's dashboard): values go as parameters,
    // the window's days as $2, then the page's boundary, limit and offset.
    const windowed = model.table === 'fan_artist_windows';
    const scope = windowed ? 'fan_id = $1 and days = $2' : 'fan_id = $1';
    const next = windowed ? 3 : 2;
    const rows = await executePrepared<FanArtistRow & { total: number | null }>(
      this.database.em(),
      `select ${ARTIST_COLUMNS}, s.listened_ms, s.plays, s.last_played_at,
              ${windowed ? 'null::int' : '(select artists_count from listening.fan_listening_state where fan_id = $1)'} as total
         from listening.${model.table} s join listening.artists a on a.id = s.artist_id
        where s.${scope.replace('days', 's.days')}
          and s.listened_ms >= coalesce((select listened_ms from listening.${model.table} where ${scope} order by listened_ms desc offset $${next} limit 1), -1)
        order by s.listened_ms desc, lower(a.name) asc, a.id
        limit $${next + 1} offset $${next + 2}`,
      [fanId, ...(windowed ? [model.days] : []), offset + query.itemsPerPage - 1, query.itemsPerPage, offset],
    );
    const total =
      model.table === 'fan_artist_windows'
        ? model.total
        : rows.length > 0
          ? Number(rows[0].total ?? 0)
          : Number((await this.database.em().execute<{ n: number }[]>(`select artists_count as n from listening.fan_listening_state where fan_id = ?`, [fanId]))[0]?.n ?? 0);
    return { items: rows.map(toFanArtist), pagination: pagination(query.page, query.itemsPerPage, total) };
  }
}
