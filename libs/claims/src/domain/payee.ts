import { textArray, type EntityManager } from '#pie/platform';
import { OPEN_CLAIM_SQL } from './claim-status.js';

/**
 * The facade pies and payouts read: the office holding the artist's successful claim (its payee),
 * or null while the artist is unclaimed (their money waits in escrow).
 */
export async function payeeOfficeFor(em: EntityManager, artistId: string): Promise<{ officeId: string; claimId: string; verifiedAt: Date } | null> {
  const rows = await em.execute<{ office_id: string; id: string; verified_at: Date }[]>(
    `select office_id, id, verified_at from claims.claims where artist_id = ? and status = 'successful'`,
    [artistId],
  );
  return rows[0] ? { officeId: rows[0].office_id, claimId: rows[0].id, verifiedAt: new Date(rows[0].verified_at) } : null;
}

/** The same for many artists at once (a pie's split): artist id → payee office id. */
export async function payeeOfficesFor(em: EntityManager, artistIds: string[]): Promise<Map<string, string>> {
  if (artistIds.length === 0) return new Map();
  const rows = await em.execute<{ artist_id: string; office_id: string }[]>(
    `select artist_id, office_id from claims.claims where artist_id = any(?::uuid[]) and status = 'successful'`,
    [`{${artistIds.join(',')}}`],
  );
  return new Map(rows.map((row) => [row.artist_id, row.office_id]));
}

/** The artists an office is the payee of (its successful claims). */
export async function claimedArtistIdsOf(em: EntityManager, officeId: string): Promise<string[]> {
  const rows = await em.execute<{ artist_id: string }[]>(`select artist_id from claims.claims where office_id = ? and status = 'successful' order by artist_id`, [officeId]);
  return rows.map((row) => row.artist_id);
}

/**
 * The artists these offices hold or are getting: a successful claim, or one still pending or
 * verifying (an artist's escrow is released to the claiming office as soon as its claim succeeds).
 * For pies: promotional money never goes to the promotion's own person's office.
 */
export async function artistIdsClaimedByOffices(em: EntityManager, officeIds: readonly string[]): Promise<string[]> {
  if (officeIds.length === 0) return [];
  const rows = await em.execute<{ artist_id: string }[]>(
    `select distinct artist_id from claims.claims where office_id = any(?::uuid[]) and status in ${OPEN_CLAIM_SQL} order by artist_id`,
    [textArray(officeIds)],
  );
  return rows.map((row) => row.artist_id);
}
