import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { identityDb } from '../db/identity-db.js';

/**
 * Where each fan listens from: the country of their linked streaming account (Spotify's `country`,
 * kept at each sign-in or link). Fans without one (another source, or not linked since the country
 * was kept) are absent. For aggregates only (an artist's funding insights): never shown per fan.
 */
export async function fanListeningCountries(em: EntityManager, fanIds: readonly string[]): Promise<Map<string, string>> {
  if (fanIds.length === 0) return new Map();
  const rows = await identityDb(em)
    .selectFrom('identity.social_identities')
    .select(['subject_id', 'country'])
    .where('subject_kind', '=', 'fan')
    .where('provider', '=', 'spotify')
    .where('country', 'is not', null)
    // One array parameter: an artist's fans may be more than a statement's parameters.
    .where(sql<boolean>`subject_id = any(${[...new Set(fanIds)]}::uuid[])`)
    .execute();
  return new Map(rows.map((row) => [row.subject_id, row.country!]));
}
