import type { ArtistSummary, TrackSummary } from '#pie/contracts';
import { textArray, type EntityManager } from '#pie/platform';

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

/** Tracks with their credited artists in order, by id. */
export async function trackSummaries(em: EntityManager, trackIds: string[]): Promise<Map<string, TrackSummary>> {
  if (trackIds.length === 0) return new Map();
  const rows = await em.execute<
    { id: string; provider_id: string | null; name: string; duration_ms: number | null; album: string | null; image_url: string | null; orphaned: boolean; artists: { id: string; name: string }[] }[]
  >(
    `select t.id, t.provider_id, t.name, t.duration_ms, t.album, t.image_url, t.metadata_fetched_at is null as orphaned,
            coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name) order by ta.position, a.name)
                        from listening.track_artists ta join listening.artists a on a.id = ta.artist_id
                       where ta.track_id = t.id), '[]'::json) as artists
       from listening.tracks t where t.id = any(?::uuid[])`,
    [textArray([...new Set(trackIds)])],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        spotify_id: row.provider_id,
        name: row.name,
        duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
        album: row.album,
        image_url: row.image_url,
        orphaned: row.orphaned,
        artists: row.artists,
      },
    ]),
  );
}

/** Rounds a listened-time figure for the API (fractions come from splitting a play among artists). */
export function ms(value: string | number | null | undefined): number {
  return Math.round(Number(value ?? 0));
}
