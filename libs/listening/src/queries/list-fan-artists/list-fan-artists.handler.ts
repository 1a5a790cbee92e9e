import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql, type Expression, type Kysely } from 'kysely';
import type { FanArtist } from '#pie/contracts';
import { containsPattern, Database, preparedQuery, pageOfQuery, pagination } from '#pie/platform';
import { listeningDb } from '../../db/listening-db.js';
import type { ListeningTables } from '../../db/tables.generated.js';
import { artistShare } from '../../domain/listened-time.js';
import { currentFanArtistWindow, KEPT_WINDOW_DAYS } from '../../domain/fan-artist-windows.js';
import { fanWindowFirstDay } from '../../domain/listening-window.js';
import { ARTIST_COLUMNS, ms, toArtistSummary, type ArtistRow } from '../../domain/read-models.js';
import { ListFanArtists } from './list-fan-artists.query.js';

type FanArtistRow = ArtistRow & { listened_ms: string | number; plays: number | string; last_played_at: string };

export function toFanArtist(row: FanArtistRow): FanArtist {
  return { ...toArtistSummary(row), listened_ms: ms(row.listened_ms), plays: Number(row.plays), last_played_at: new Date(row.last_played_at).toISOString() };
}

/** A fan's figures per artist: the relation every list of a fan's artists joins to the artists. */
type ArtistFigures = { artist_id: string; listened_ms: string; plays: number; last_played_at: string };

/** The fan's artists with their figures (`figures` aliased `s`, the artists `a`). */
function withArtists(db: Kysely<ListeningTables>, figures: Expression<ArtistFigures>) {
  return db
    .selectFrom(sql<ArtistFigures>`(${figures})`.as('s'))
    .innerJoin('listening.artists as a', 'a.id', 's.artist_id')
    .select([...ARTIST_COLUMNS, 's.listened_ms', 's.plays', 's.last_played_at']);
}

/** The fan's last `days` local days, summed from the per-artist-and-day read model. */
export function fanArtistsInWindow(db: Kysely<ListeningTables>, fanId: string, days: number) {
  return withArtists(
    db,
    db
      .selectFrom('listening.fan_artist_days')
      .select(['artist_id', sql<string>`sum(listened_ms)`.as('listened_ms'), sql<number>`sum(plays)::int`.as('plays'), sql<string>`max(last_played_at)`.as('last_played_at')])
      .where('fan_id', '=', fanId)
      .where('day', '>=', fanWindowFirstDay(fanId, days))
      .groupBy('artist_id'),
  );
}

/**
 * The figures a list reads: the read models for all time and for the dashboard's kept windows;
 * any other window sums the per-artist-and-day rows; an arbitrary period (a report) reads the
 * plays (the same split as the pies use).
 */
function fanArtists(db: Kysely<ListeningTables>, fanId: string, query: ListFanArtists['query'], kept: boolean) {
  if (kept) {
    return withArtists(
      db,
      db.selectFrom('listening.fan_artist_windows').select(['artist_id', 'listened_ms', 'plays', 'last_played_at']).where('fan_id', '=', fanId).where('days', '=', query.days!),
    );
  }
  if (query.days !== undefined) return fanArtistsInWindow(db, fanId, query.days);
  if (query.from || query.to) {
    return withArtists(
      db,
      artistShare(db, (qb) =>
        qb
          .selectFrom('listening.plays')
          .select(['track_id', 'ms_played', 'played_at'])
          .where('fan_id', '=', fanId)
          .where('played_at', '>=', sql<string>`coalesce(${query.from?.toISOString() ?? null}::timestamptz, '-infinity')`)
          .where('played_at', '<', sql<string>`coalesce(${query.to?.toISOString() ?? null}::timestamptz, 'infinity')`),
      ),
    );
  }
  return withArtists(db, db.selectFrom('listening.fan_artists').select(['artist_id', 'listened_ms', 'plays', 'last_played_at']).where('fan_id', '=', fanId));
}

const SORT = { listened: sql.ref('s.listened_ms'), plays: sql.ref('s.plays'), name: sql`lower(a.name)`, lastPlayed: sql.ref('s.last_played_at'), popularity: sql.ref('a.popularity') } as const;

/**
 * The default order (most listened first, ties by name, then id) of a kept read model: the page's
 * last listened time (`boundary`, the page's last row's offset) is found among the fan's rows alone,
 * then only the rows down to it are joined to the artists and sorted, with every tie at that
 * boundary. The default list of
 * every fan's dashboard, so each read model's statement is compiled once.
 */
type MostListenedPage = { fanId: string; boundary: number; limit: number; offset: number };

const MOST_LISTENED_IN_WINDOW = preparedQuery((em, { fanId, days, boundary, limit, offset }: MostListenedPage & { days: number }) =>
  listeningDb(em)
    .selectFrom('listening.fan_artist_windows as s')
    .innerJoin('listening.artists as a', 'a.id', 's.artist_id')
    .select([...ARTIST_COLUMNS, 's.listened_ms', 's.plays', 's.last_played_at', sql<number | null>`null::int`.as('total')])
    .where('s.fan_id', '=', fanId)
    .where('s.days', '=', days)
    .where('s.listened_ms', '>=', (eb) =>
      eb.fn.coalesce(
        eb.selectFrom('listening.fan_artist_windows as b').select('b.listened_ms').where('b.fan_id', '=', fanId).where('b.days', '=', days).orderBy('b.listened_ms', 'desc').offset(boundary).limit(1),
        sql<string>`-1`,
      ),
    )
    .orderBy('s.listened_ms', 'desc')
    .orderBy(sql`lower(a.name)`, 'asc')
    .orderBy('a.id')
    .limit(limit)
    .offset(offset),
);

const MOST_LISTENED = preparedQuery((em, { fanId, boundary, limit, offset }: MostListenedPage) =>
  listeningDb(em)
    .selectFrom('listening.fan_artists as s')
    .innerJoin('listening.artists as a', 'a.id', 's.artist_id')
    .select((eb) => [
      ...ARTIST_COLUMNS,
      's.listened_ms',
      's.plays',
      's.last_played_at',
      eb.selectFrom('listening.fan_listening_state as f').select('f.artists_count').where('f.fan_id', '=', fanId).as('total'),
    ])
    .where('s.fan_id', '=', fanId)
    .where('s.listened_ms', '>=', (eb) =>
      eb.fn.coalesce(eb.selectFrom('listening.fan_artists as b').select('b.listened_ms').where('b.fan_id', '=', fanId).orderBy('b.listened_ms', 'desc').offset(boundary).limit(1), sql<string>`-1`),
    )
    .orderBy('s.listened_ms', 'desc')
    .orderBy(sql`lower(a.name)`, 'asc')
    .orderBy('a.id')
    .limit(limit)
    .offset(offset),
);

@QueryHandler(ListFanArtists)
export class ListFanArtistsHandler implements IQueryHandler<ListFanArtists> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, query }: ListFanArtists) {
    const direction = query.direction ?? (query.sortBy === 'name' ? 'asc' : 'desc');
    const search = query.search ? containsPattern(query.search) : null;
    const kept = query.days !== undefined && KEPT_WINDOW_DAYS.includes(query.days);
    const keptTotal = kept ? await currentFanArtistWindow(this.database, fanId, query.days!) : null;
    if (query.sortBy === 'listened' && direction === 'desc' && !search && (kept || (query.days === undefined && !query.from && !query.to))) {
      return this.mostListened(fanId, query, kept ? { table: 'fan_artist_windows', days: query.days!, total: keptTotal! } : { table: 'fan_artists' });
    }
    const em = this.database.em();
    const db = listeningDb(em);
    const list = fanArtists(db, fanId, query, kept).$if(search !== null, (q) => q.where('a.name', 'ilike', search!));
    const page = await pageOfQuery(
      list
        .orderBy(sql`${SORT[query.sortBy]} ${sql.raw(direction === 'asc' ? 'asc' : 'desc')}`)
        .orderBy(sql`lower(a.name)`, 'asc')
        .orderBy('a.id'),
      { page: query.page, limit: query.itemsPerPage },
    );
    return { items: page.rows.map(toFanArtist), pagination: page.pagination };
  }

  /** The default order of a kept read model (`MOST_LISTENED`, `MOST_LISTENED_IN_WINDOW`). */
  private async mostListened(
    fanId: string,
    query: ListFanArtists['query'],
    model: { table: 'fan_artists' } | { table: 'fan_artist_windows'; days: number; total: number },
  ) {
    const offset = (query.page - 1) * query.itemsPerPage;
    const em = this.database.em();
    const page = { boundary: offset + query.itemsPerPage - 1, limit: query.itemsPerPage, offset };
    const rows = model.table === 'fan_artist_windows' ? await MOST_LISTENED_IN_WINDOW(em, { fanId, days: model.days, ...page }) : await MOST_LISTENED(em, { fanId, ...page });
    const total =
      model.table === 'fan_artist_windows'
        ? model.total
        : rows.length > 0
          ? Number(rows[0]!.total ?? 0)
          : Number((await listeningDb(em).selectFrom('listening.fan_listening_state').select('artists_count').where('fan_id', '=', fanId).executeTakeFirst())?.artists_count ?? 0);
    return { items: rows.map(toFanArtist), pagination: pagination(query.page, query.itemsPerPage, total) };
  }
}
