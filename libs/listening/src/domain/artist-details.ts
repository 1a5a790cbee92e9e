import type { ArtistDetails } from '#pie/contracts';
import type { EntityManager } from '#pie/platform';
import { artistNotFound } from './listening.errors.js';
import { ARTIST_COLUMNS, toArtistSummary, type ArtistRow } from './read-models.js';

export async function loadArtistDetails(em: EntityManager, artistId: string): Promise<ArtistDetails> {
  const [row] = await em.execute<(ArtistRow & { total_listeners: string; tracks_count: string })[]>(
    `select ${ARTIST_COLUMNS},
            (select count(distinct p.fan_id) from listening.track_artists ta join listening.plays p on p.track_id = ta.track_id where ta.artist_id = a.id) as total_listeners,
            (select count(*) from listening.track_artists ta where ta.artist_id = a.id) as tracks_count
       from listening.artists a where a.id = ?`,
    [artistId],
  );
  if (!row) throw artistNotFound();
  return {
    ...toArtistSummary(row),
    listeners_28d: Number(row.listeners_28d),
    total_listeners: Number(row.total_listeners),
    tracks_count: Number(row.tracks_count),
    metadata_pending: row.metadata_fetched_at === null,
  };
}

export async function assertArtistExists(em: EntityManager, artistId: string): Promise<void> {
  const rows = await em.execute(`select 1 from listening.artists where id = ?`, [artistId]);
  if (rows.length === 0) throw artistNotFound();
}
