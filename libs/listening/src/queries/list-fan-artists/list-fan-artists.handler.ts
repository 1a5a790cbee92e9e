import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FanArtist } from '#pie/contracts';
import { containsPattern, Database, pageOf } from '#pie/platform';
import { artistShareSql } from '../../domain/listened-time.js';
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

@QueryHandler(ListFanArtists)
export class ListFanArtistsHandler implements IQueryHandler<ListFanArtists> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, query }: ListFanArtists) {
    const direction = query.direction ?? (query.sortBy === 'name' ? 'asc' : 'desc');
    const search = query.search ? containsPattern(query.search) : null;
    const { rows, pagination } = await pageOf<FanArtistRow>(this.database.em(), {
      sql: `select * from (${FAN_ARTISTS_SQL}) fa where (?::text is null or fa.name ilike ?)`,
      params: [fanId, query.from?.toISOString() ?? null, query.to?.toISOString() ?? null, search, search],
      orderBy: `${SORT[query.sortBy]} ${direction}, lower(q.name) asc, q.id`,
      page: query.page,
      limit: query.itemsPerPage,
    });
    return { items: rows.map(toFanArtist), pagination };
  }
}
