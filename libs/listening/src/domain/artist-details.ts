import type { ArtistDetails } from '#pie/contracts';
import type { EntityManager } from '#pie/platform';
import { ARTIST_FANS_SQL } from './artist-listeners.js';
import { POPULARITY_WINDOW_DAYS } from './listening.constants.js';
import { artistNotFound } from './listening.errors.js';
import { ARTIST_COLUMNS, toArtistSummary, type ArtistRow } from './read-models.js';

/**
 * An artist's page, by id. A name-only artist (from an uploaded export, not yet confirmed by the
 * provider) is reachable only through the uploader's own lists: the browsable catalogue leaves it
 * out, and its listeners and fans count trusted plays, which an upload never is.
 */
export async function loadArtistDetails(em: EntityManager, artistId: string): Promise<ArtistDetails> {
  // Listeners now, from the same source and window as the fans list (the column is the daily snapshot popularity used).
  const [row] = await em.execute<(ArtistRow & { listeners_now: string; total_listeners: string; tracks_count: string })[]>(
    `select ${ARTIST_COLUMNS},
            (select count(*) from (${ARTIST_FANS_SQL}) f) as listeners_now,
            (select count(*) from (${ARTIST_FANS_SQL}) f) as total_listeners,
            (select count(*) from listening.track_artists ta where ta.artist_id = a.id) as tracks_count
       from listening.artists a where a.id = ?`,
    [artistId, POPULARITY_WINDOW_DAYS, artistId, null, artistId],
  );
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
  const rows = await em.execute(`select 1 from listening.artists where id = ?`, [artistId]);
  if (rows.length === 0) throw artistNotFound();
}
