import type { EntityManager } from '#pie/platform';
import type { ArtistFacts } from './listened-time.js';

/**
 * For the claims module's artist search: catalogue artists with a provider id or a MusicBrainz id
 * (only those have a profile or a list of links a claim can be verified against) whose name
 * contains the term, most popular first. An empty term lists all.
 */
export async function searchCatalogue(em: EntityManager, term: string, page: number, limit: number): Promise<{ items: ArtistFacts[]; total: number }> {
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await em.execute<{ id: string; provider_id: string | null; mbid: string | null; name: string; active: boolean; popularity: number; country: string | null; image_url: string | null; total: string }[]>(
    `select id, provider_id, mbid, name, active, popularity, country, image_url, count(*) over () as total
       from listening.artists
      where (provider_id is not null or mbid is not null) and lower(name) like ?
      order by (lower(name) = ?) desc, popularity desc, name, id
      limit ? offset ?`,
    [pattern, term.toLowerCase(), limit, (page - 1) * limit],
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from listening.artists where (provider_id is not null or mbid is not null) and lower(name) like ?`, [pattern]);
    total = Number(count?.n ?? 0);
  }
  return {
    items: rows.map((row) => ({ id: row.id, spotifyId: row.provider_id, mbid: row.mbid, name: row.name, active: row.active, popularity: Number(row.popularity), country: row.country, imageUrl: row.image_url })),
    total,
  };
}
