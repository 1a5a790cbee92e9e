import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { listeningDb } from '../db/listening-db.js';
import { toArtistFacts, type ArtistFacts } from './listened-time.js';

/**
 * For the claims module's artist search: catalogue artists with a provider id or a MusicBrainz id
 * (only those have a profile or a list of links a claim can be verified against) whose name
 * contains the term, most popular first. An empty term lists all.
 */
export async function searchCatalogue(em: EntityManager, term: string, page: number, limit: number): Promise<{ items: ArtistFacts[]; total: number }> {
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const db = listeningDb(em);
  const matching = db
    .selectFrom('listening.artists')
    .where((eb) => eb.or([eb('provider_id', 'is not', null), eb('mbid', 'is not', null)]))
    .where(sql<string>`lower(name)`, 'like', pattern);
  const rows = await matching
    .select(['id', 'provider_id', 'mbid', 'name', 'active', 'popularity', 'country', 'image_url', sql<string>`count(*) over ()`.as('total')])
    .orderBy(sql`(lower(name) = ${term.toLowerCase()})`, 'desc')
    .orderBy('popularity', 'desc')
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) total = (await matching.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
  return { items: rows.map(toArtistFacts), total };
}
