import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { containsPattern, Database, pageOfQuery } from '#pie/platform';
import { listeningDb } from '../../db/listening-db.js';
import { ARTIST_COLUMNS, toArtistSummary } from '../../domain/read-models.js';
import { ListArtists } from './list-artists.query.js';

const SORT = { popularity: sql.ref('a.popularity'), listeners: sql.ref('a.listeners_28d'), name: sql`lower(a.name)` } as const;

@QueryHandler(ListArtists)
export class ListArtistsHandler implements IQueryHandler<ListArtists> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ query }: ListArtists) {
    const direction = query.direction ?? (query.sort === 'name' ? 'asc' : 'desc');
    const search = query.search ? containsPattern(query.search) : null;
    const db = listeningDb(this.database.em());
    // The shared catalogue shows only artists the provider confirmed: a name from someone's
    // uploaded export (no provider id) stays theirs until a lookup or a poll confirms it.
    const list = db
      .selectFrom('listening.artists as a')
      .select(ARTIST_COLUMNS)
      .where('a.provider_id', 'is not', null)
      .$if(search !== null, (q) => q.where('a.name', 'ilike', search!));
    const { rows, pagination } = await pageOfQuery(
      list
        .orderBy(sql`${SORT[query.sort]} ${sql.raw(direction === 'asc' ? 'asc' : 'desc')}`)
        .orderBy(sql`lower(a.name)`, 'asc')
        .orderBy('a.id'),
      query,
    );
    return { items: rows.map((row) => ({ ...toArtistSummary(row), listeners_28d: Number(row.listeners_28d) })), pagination };
  }
}
