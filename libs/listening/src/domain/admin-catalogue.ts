import { sql } from 'kysely';
import { containsPattern, textArray, type EntityManager, type ListSource } from '#pie/platform';
import { listeningDb } from '../db/listening-db.js';

/* The back office's view of the catalogue (the admin module reads this facade, never the tables). */

/** One catalogue artist as the back office lists it (`artistListing`). */
export interface ArtistListingRow {
  artistId: string;
  name: string;
  spotifyId: string | null;
}

/**
 * Catalogue artists, optionally only those whose name contains `search` (or the one `artistId`):
 * a list source the back office joins with what other modules know of the artists and pages in
 * one statement. One row per artist (the table's key).
 */
export function artistListing(em: EntityManager, options: { search?: string; artistId?: string } = {}): ListSource<ArtistListingRow> {
  const search = options.search ? containsPattern(options.search) : null;
  return listeningDb(em)
    .selectFrom('listening.artists as a')
    .select(['a.id as artistId', 'a.name', 'a.provider_id as spotifyId'])
    .$if(search !== null, (q) => q.where('a.name', 'ilike', search!))
    .$if(options.artistId !== undefined, (q) => q.where('a.id', '=', options.artistId!));
}

/** An artist's listening over a period (`artistListeningListing`): distinct fans and time (bigint text). */
export interface ArtistListeningRow {
  artistId: string;
  fans: string;
  listenedMs: string;
}

/**
 * Each artist listened to in the last `periodDays` days: how many fans and how long. One row per
 * artist (grouped by it); an artist nobody listened to has none. A whole-catalogue aggregate, for a
 * list sorted by these figures; `artistListeningOf` reads a page's artists alone.
 */
export function artistListeningListing(em: EntityManager, options: { periodDays: number }): ListSource<ArtistListeningRow> {
  return artistListening(em, options);
}

/** The same for a page's artists, read now: artist id → fans and time listened over the period. */
export async function artistListeningOf(em: EntityManager, periodDays: number, artistIds: readonly string[]): Promise<Map<string, { fans: number; listenedMs: number }>> {
  if (artistIds.length === 0) return new Map();
  const rows = await artistListening(em, { periodDays, artistIds }).execute();
  return new Map(rows.map((row) => [row.artistId, { fans: Number(row.fans), listenedMs: Number(row.listenedMs) }]));
}

function artistListening(em: EntityManager, options: { periodDays: number; artistIds?: readonly string[] }) {
  return listeningDb(em)
    .selectFrom('listening.fan_artist_days as d')
    .select(['d.artist_id as artistId', sql<string>`count(distinct d.fan_id)`.as('fans'), sql<string>`sum(d.listened_ms)`.as('listenedMs')])
    .where('d.day', '>=', sql<string>`current_date - make_interval(days => ${options.periodDays})`)
    .$if(options.artistIds !== undefined, (q) => q.where(sql<boolean>`d.artist_id = any(${textArray(options.artistIds ?? [])}::uuid[])`))
    .groupBy('d.artist_id');
}

export async function catalogueArtist(em: EntityManager, artistId: string): Promise<{ id: string; name: string; spotifyId: string | null } | null> {
  const row = await listeningDb(em).selectFrom('listening.artists').select(['id', 'name', 'provider_id']).where('id', '=', artistId).executeTakeFirst();
  return row ? { id: row.id, name: row.name, spotifyId: row.provider_id } : null;
}

/** The fans who listened to an artist the most (all time), with how long. */
export async function topFansOf(em: EntityManager, artistId: string, limit: number): Promise<{ fanId: string; listenedMs: number; plays: number }[]> {
  const rows = await listeningDb(em)
    .selectFrom('listening.fan_artists')
    .select(['fan_id', 'listened_ms', 'plays'])
    .where('artist_id', '=', artistId)
    .orderBy('listened_ms', 'desc')
    .orderBy('fan_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ fanId: row.fan_id, listenedMs: Number(row.listened_ms), plays: row.plays }));
}

export async function catalogueSize(em: EntityManager): Promise<number> {
  const row = await listeningDb(em).selectFrom('listening.artists').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
