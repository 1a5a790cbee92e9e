import { sql, type Expression, type Selectable } from 'kysely';
import type { ArtistSummary, TrackSummary } from '#pie/contracts';
import type { ListeningArtists } from '../db/tables.generated.js';
import { textArray, type EntityManager } from '#pie/platform';
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
export async function fanCounter(em: EntityManager, fanId: string, column: 'plays_count' | 'tracks_count'): Promise<number> {
  const row = await listeningDb(em).selectFrom('listening.fan_listening_state').select(column).where('fan_id', '=', fanId).executeTakeFirst();
  return Number(row?.[column as 'plays_count'] ?? 0);
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
