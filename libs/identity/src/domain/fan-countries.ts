import { executeBound, pgArray, type EntityManager } from '#pie/platform';

/**
 * Where each fan listens from: the country of their linked streaming account (Spotify's `country`,
 * kept at each sign-in or link). Fans without one (another source, or not linked since the country
 * was kept) are absent. For aggregates only (an artist's funding insights): never shown per fan.
 */
export async function fanListeningCountries(em: EntityManager, fanIds: readonly string[]): Promise<Map<string, string>> {
  if (fanIds.length === 0) return new Map();
  const rows = await executeBound<{ subject_id: string; country: string }>(
    em,
    `select subject_id, country from identity.social_identities
      where subject_kind = 'fan' and provider = 'spotify' and country is not null and subject_id = any($1::uuid[])`,
    [pgArray([...new Set(fanIds)])],
  );
  return new Map(rows.map((row) => [row.subject_id, row.country]));
}
