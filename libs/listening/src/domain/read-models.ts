import type { ArtistSummary, TrackSummary } from '#pie/contracts';
import { executePrepared, textArray, type EntityManager } from '#pie/platform';

/** The artist columns every artist list selects (alias `a`). */
export const ARTIST_COLUMNS = `a.id, a.provider_id, a.name, a.image_url, a.country, a.genres, a.active, a.popularity, a.listeners_28d, a.metadata_fetched_at`;

export interface ArtistRow {
  id: string;
  provider_id: string | null;
  name: string;
  image_url: string | null;
  country: string | null;
  genres: string[] | null;
  active: boolean;
  popularity: number;
  listeners_28d: number;
  metadata_fetched_at: Date | null;
}

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
export const TRACK_SUMMARY_COLUMNS = `t.id as t_id, t.provider_id as t_provider_id, t.name as t_name, t.duration_ms as t_duration_ms, t.album as t_album,
  t.image_url as t_image_url, t.metadata_fetched_at is null as t_orphaned, t.credits as t_artists`;

export interface TrackSummaryRow {
  t_id: string;
  t_provider_id: string | null;
  t_name: string;
  t_duration_ms: number | null;
  t_album: string | null;
  t_image_url: string | null;
  t_orphaned: boolean;
  t_artists: { id: string; name: string }[];
}

export function toTrackSummary(row: TrackSummaryRow): TrackSummary {
  return {
    id: row.t_id,
    spotify_id: row.t_provider_id,
    name: row.t_name,
    duration_ms: row.t_duration_ms === null ? null : Number(row.t_duration_ms),
    album: row.t_album,
    image_url: row.t_image_url,
    orphaned: row.t_orphaned,
    artists: row.t_artists,
  };
}

/**
 * One query for a page of rows that name a track (`pageSql` selects a `track_id` column) and the
 * summaries of those tracks: the page first (materialised, so it is read once along its index),
 * then only its tracks by id. `extraColumns` adds figures computed once (a total, say); the rows
 * come out in `orderBy` (over the page's columns, alias `p`).
 */
export function pageWithTrackSummariesSql(pageSql: string, orderBy: string, extraColumns = ''): string {
  return `with p as materialized (${pageSql}),
     t as (select ${TRACK_SUMMARY_COLUMNS} from listening.tracks t where t.id = any(array(select track_id from p)))
     select p.*, t.*${extraColumns ? `, ${extraColumns}` : ''} from p join t on t.t_id = p.track_id order by ${orderBy}`;
}

/**
 * A page of one fan's rows that name tracks (`pageSql` takes the fan as `$1`, the limit as `$2`
 * and the offset as `$3`), their track summaries and the fan's total as a counter of
 * `fan_listening_state` holds it, in one prepared statement (a second only for a page past the end).
 */
export async function fanPageWithTracks<T extends object>(
  em: EntityManager,
  query: { fanId: string; pageSql: string; orderBy: string; totalColumn: 'plays_count' | 'tracks_count'; page: number; limit: number },
): Promise<{ rows: (T & TrackSummaryRow)[]; total: number }> {
  const totalSql = `select ${query.totalColumn} as total from listening.fan_listening_state where fan_id = $1`;
  const rows = await executePrepared<T & TrackSummaryRow & { total: string | number | null }>(
    em,
    pageWithTrackSummariesSql(query.pageSql, query.orderBy, `(${totalSql}) as total`),
    [query.fanId, query.limit, (query.page - 1) * query.limit],
  );
  const total = rows.length > 0 ? rows[0].total : (await executePrepared<{ total: string | number }>(em, totalSql, [query.fanId]))[0]?.total;
  return { rows, total: Number(total ?? 0) };
}

/** Tracks with their credited artists in order, by id. */
export async function trackSummaries(em: EntityManager, trackIds: string[]): Promise<Map<string, TrackSummary>> {
  if (trackIds.length === 0) return new Map();
  const rows = await em.execute<TrackSummaryRow[]>(`select ${TRACK_SUMMARY_COLUMNS} from listening.tracks t where t.id = any(?::uuid[])`, [
    textArray([...new Set(trackIds)]),
  ]);
  return new Map(rows.map((row) => [row.t_id, toTrackSummary(row)]));
}

/**
 * A timestamptz expression as the API writes instants (`toISOString`'s form, UTC, milliseconds),
 * made by Postgres: a list of 50 rows otherwise spends more time parsing Postgres' own format.
 */
export const isoSql = (expression: string) => `to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Rounds a listened-time figure for the API (fractions come from splitting a play among artists). */
export function ms(value: string | number | null | undefined): number {
  return Math.round(Number(value ?? 0));
}
