import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { pageOf } from '../../domain/paging.js';
import { ARTIST_COLUMNS, containsPattern, toArtistSummary, type ArtistRow } from '../../domain/read-models.js';
import { ListArtists } from './list-artists.query.js';

const SORT = { popularity: 'q.popularity', listeners: 'q.listeners_28d', name: 'lower(q.name)' } as const;

@QueryHandler(ListArtists)
export class ListArtistsHandler implements IQueryHandler<ListArtists> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ query }: ListArtists) {
    const direction = query.direction ?? (query.sort === 'name' ? 'asc' : 'desc');
    const search = query.search ? containsPattern(query.search) : null;
    const { rows, pagination } = await pageOf<ArtistRow>(this.database.em(), {
      // The shared catalogue shows only artists the provider confirmed: a name from someone's
      // uploaded export (no provider id) stays theirs until a lookup or a poll confirms it.
      sql: `select ${ARTIST_COLUMNS} from listening.artists a where a.provider_id is not null and (?::text is null or a.name ilike ?)`,
      params: [search, search],
      orderBy: `${SORT[query.sort]} ${direction}, lower(q.name) asc, q.id`,
      page: query.page,
      limit: query.limit,
    });
    return { items: rows.map((row) => ({ ...toArtistSummary(row), listeners_28d: Number(row.listeners_28d) })), pagination };
  }
}
