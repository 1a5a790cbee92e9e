import type { ArtistDetails } from '#pie/contracts';
import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { listeningDb } from '../db/listening-db.js';
import { artistFans } from './artist-listeners.js';
import { POPULARITY_WINDOW_DAYS } from './listening.constants.js';
import { artistNotFound } from './listening.errors.js';
import { ARTIST_COLUMNS, toArtistSummary } from './read-models.js';

/**
 * An artist's page, by id. A name-only artist (from an uploaded export, not yet confirmed by the
 * provider) is reachable only through the uploader's own lists: the browsable catalogue leaves it
 * out, and its listeners and fans count trusted plays, which an upload never is.
 */
export async function loadArtistDetails(em: EntityManager, artistId: string): Promise<ArtistDetails> {
  // Listeners now, from the same source and window as the fans list (the column is the daily snapshot popularity used).
  const db = listeningDb(em);
  const row = await db
    .selectFrom('listening.artists as a')
    .select((eb) => [
      ...ARTIST_COLUMNS,
      eb.selectFrom(artistFans(db, artistId, POPULARITY_WINDOW_DAYS).as('f')).select(sql<string>`count(*)`.as('n')).as('listeners_now'),
      eb.selectFrom(artistFans(db, artistId, null).as('f')).select(sql<string>`count(*)`.as('n')).as('total_listeners'),
      eb.selectFrom('listening.track_artists as ta').select(sql<string>`count(*)`.as('n')).whereRef('ta.artist_id', '=', 'a.id').as('tracks_count'),
    ])
    .where('a.id', '=', artistId)
    .executeTakeFirst();
  if (!row) throw artistNotFound();
  return {
    ...toArtistSummary(row),
    listeners_28d: Number(row.listeners_now),
    total_listeners: Number(row.total_listeners),
    tracks_count: Number(row.tracks_count),
    metadata_pending: row.metadata_fetched_at === null,
  };
}

export async function assertArtistExists(em: EntityManager, artistId: string): Promise<void> {
  const row = await listeningDb(em).selectFrom('listening.artists').select('id').where('id', '=', artistId).executeTakeFirst();
  if (!row) throw artistNotFound();
}
