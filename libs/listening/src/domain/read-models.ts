import { sql, type Expression, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { ArtistSummary, Pagination, TrackSummary } from '#pie/contracts';
import type { ListeningArtists, ListeningTables } from '../db/tables.generated.js';
import { pagination, preparedQuery, textArray, type EntityManager } from '#pie/platform';
import { listeningDb } from '../db/listening-db.js';

/** The artist columns every artist list selects (alias `a`). */
export const ARTIST_COLUMNS = ['a.id', 'a.provider_id', 'a.name', 'a.image_url', 'a.country', 'a.genres', 'a.active', 'a.popularity', 'a.listeners_28d', 'a.metadata_fetched_at'] as const;

/** What `ARTIST_COLUMNS` reads (the generated table type, not a hand-written one). */
export type ArtistRow = Pick<Selectable<ListeningArtists>, 'id' | 'provider_id' | 'name' | 'image_url' | 'country' | 'genres' | 'active' | 'popularity' | 'listeners_28d' | 'metadata_fetched_at'>;

export function toArtistSummary(row: ArtistRow): ArtistSummary {
  return {
    id: row.id,
    spotify_id: row.provider_id,
    name: row.name,
    image_url: row.image_url,
    country: row.country,
    genres: row.genres ?? [],
    active: row.active,
    popularity: Number(row.popularity),
  };
}

/**
 * The columns of a track summary (alias `t`): the track and its credited artists in order (the
 * `credits` copy that triggers keep on the track), so a list can join its tracks in the same
 * query that pages it.
 */
export const TRACK_SUMMARY_COLUMNS = [
  't.id as t_id',
  't.provider_id as t_provider_id',
  't.name as t_name',
  't.duration_ms as t_duration_ms',
  't.album as t_album',
  't.image_url as t_image_url',
  sql<boolean>`t.metadata_fetched_at is null`.as('t_orphaned'),
  't.credits as t_artists',
] as const;

/** What `TRACK_SUMMARY_COLUMNS` reads. */
export interface TrackSummaryColumns {
  t_id: string;
  t_provider_id: string | null;
  t_name: string;
  t_duration_ms: number | null;
  t_album: string | null;
  t_image_url: string | null;
  t_orphaned: boolean;
  /** jsonb: `[{ id, name }]`, the credited artists in order. */
  t_artists: unknown;
}

export function toTrackSummary(row: TrackSummaryColumns): TrackSummary {
  return {
    id: row.t_id,
    spotify_id: row.t_provider_id,
    name: row.t_name,
    duration_ms: row.t_duration_ms === null ? null : Number(row.t_duration_ms),
    album: row.t_album,
    image_url: row.t_image_url,
    orphaned: row.t_orphaned,
    artists: row.t_artists as TrackSummary['artists'],
  };
}

/**
 * A page of one fan's rows naming tracks comes with the fan's total as a counter of
 * `fan_listening_state` holds it; a page past the end (no row to carry it) reads it alone.
 */
async function fanCounter(em: EntityManager, fanId: string, column: 'plays_count' | 'tracks_count'): Promise<number> {
  const row = await listeningDb(em).selectFrom('listening.fan_listening_state').select(column).where('fan_id', '=', fanId).executeTakeFirst();
  return Number(row?.[column as 'plays_count'] ?? 0);
}

/** How a fan's page is ordered: columns of its rows (each also a column of its source), ascending unless `desc`. */
export type FanPageOrder<O> = readonly (readonly [column: keyof O & string, direction?: 'desc'])[];

/**
 * One page of a fan's rows naming tracks, with those tracks and the fan's total, in one statement
 * built and compiled once (`preparedQuery`): the page read in `order` (along an index, or the fan's rows sorted) and
 * materialised (`p`), then only its tracks by id (`t`, `TRACK_SUMMARY_COLUMNS`), the total from
 * the fan's `counter` in `fan_listening_state` on every row (read alone for a page past the end).
 * `rows` selects the fan's rows (each with its `track_id`), unordered and unpaged. Call it once, at
 * module level: each call builds a prepared statement of its own.
 */
export function fanPageWithTracks<O extends { track_id: string }>(
  rows: (db: Kysely<ListeningTables>, fanId: string) => SelectQueryBuilder<ListeningTables, keyof ListeningTables, O>,
  order: FanPageOrder<O>,
  counter: 'plays_count' | 'tracks_count',
): (em: EntityManager, fanId: string, page: { page: number; limit: number }) => Promise<{ rows: (O & TrackSummaryColumns)[]; pagination: Pagination }> {
  const statement = preparedQuery((em, { fanId, limit, offset }: { fanId: string; limit: number; offset: number }) => {
    const db = listeningDb(em);
    // Typed by what every page has (its track_id): O is the caller's, the rows are cast back to it.
    let page = rows(db, fanId) as SelectQueryBuilder<ListeningTables, keyof ListeningTables, { track_id: string }>;
    for (const [column, direction] of order) page = page.orderBy(sql.ref(column), direction);
    let withTracks = db
      .with((cte) => cte('p').materialized(), () => page.limit(limit).offset(offset))
      .with('t', (qc) => qc.selectFrom('listening.tracks as t').select(TRACK_SUMMARY_COLUMNS).where(sql<boolean>`t.id = any(array(select track_id from p))`))
      .selectFrom('p')
      .innerJoin('t', 't.t_id', 'p.track_id')
      .selectAll('p')
      .selectAll('t')
      .select((eb) => eb.selectFrom('listening.fan_listening_state as s').select(`s.${counter}`).where('s.fan_id', '=', fanId).as('total'));
    for (const [column, direction] of order) withTracks = withTracks.orderBy(sql.ref(`p.${column}`), direction);
    return withTracks;
  });
  return async (em, fanId, page) => {
    const found = await statement(em, { fanId, limit: page.limit, offset: (page.page - 1) * page.limit });
    const total = found.length > 0 ? Number(found[0]!.total ?? 0) : await fanCounter(em, fanId, counter);
    return { rows: found as unknown as (O & TrackSummaryColumns)[], pagination: pagination(page.page, page.limit, total) };
  };
}

/** Tracks with their credited artists in order, by id. */
export async function trackSummaries(em: EntityManager, trackIds: string[]): Promise<Map<string, TrackSummary>> {
  if (trackIds.length === 0) return new Map();
  const rows = await listeningDb(em)
    .selectFrom('listening.tracks as t')
    .select(TRACK_SUMMARY_COLUMNS)
    .where(sql<boolean>`t.id = any(${textArray([...new Set(trackIds)])}::uuid[])`)
    .execute();
  return new Map(rows.map((row) => [row.t_id, toTrackSummary(row)]));
}

/**
 * A timestamptz expression as the API writes instants (`toISOString`'s form, UTC, milliseconds),
 * made by Postgres: a list of 50 rows otherwise spends more time parsing Postgres' own format.
 */
export const isoInstant = (expression: Expression<string>) => sql<string>`to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Rounds a listened-time figure for the API (fractions come from splitting a play among artists). */
export function ms(value: string | number | null | undefined): number {
  return Math.round(Number(value ?? 0));
}
