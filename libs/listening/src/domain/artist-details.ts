import type { ArtistDetails } from '#pie/contracts';
import type { EntityManager } from '#pie/platform';
import { ARTIST_FANS_SQL } from './artist-listeners.js';
import { POPULARITY_WINDOW_DAYS } from './listening.constants.js';
import { artistNotFound } from './listening.errors.js';
import { ARTIST_COLUMNS, toArtistSummary, type ArtistRow } from './read-models.js';

/**
 * An artist's page. The public routes show only artists the provider confirmed (`confirmedOnly`):
 * a name from an uploaded export is not in the shared catalogue; the fan whose export it came from
 * still sees their own listening of it.
 */
export async function loadArtistDetails(em: EntityManager, artistId: string, { confirmedOnly = true } = {}): Promise<ArtistDetails> {
  // Listeners now, from the same source and window as the fans list (the column is the daily snapshot popularity used).
  const [row] = await em.execute<(ArtistRow & { listeners_now: string; total_listeners: string; tracks_count: string })[]>(
    `select ${ARTIST_COLUMNS},
            (select count(*) from (${ARTIST_FANS_SQL}) f) as listeners_now,
            (select count(*) from (${ARTIST_FANS_SQL}) f) as total_listeners,
            (select count(*) from listening.track_artists ta where ta.artist_id = a.id) as tracks_count
       from listening.artists a where a.id = ? and (a.provider_id is not null or not ?::boolean)`,
    [artistId, POPULARITY_WINDOW_DAYS, artistId, null, artistId, confirmedOnly],
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

/** A confirmed artist of the shared catalogue, else 404. */
export async function assertArtistExists(em: EntityManager, artistId: string): Promise<void> {
  const rows = await em.execute(`select 1 from listening.artists where id = ? and provider_id is not null`, [artistId]);
  if (rows.length === 0) throw artistNotFound();
}
