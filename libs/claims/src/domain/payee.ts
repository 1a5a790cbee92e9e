import type { EntityManager } from '#pie/platform';
import { claimsDb } from '../db/claims-db.js';
import { OPEN_CLAIM_STATUSES } from './claim-status.js';

/**
 * The facade pies and payouts read: the office holding the artist's successful claim (its payee),
 * or null while the artist is unclaimed (their money waits in escrow).
 */
export async function payeeOfficeFor(em: EntityManager, artistId: string): Promise<{ officeId: string; claimId: string; verifiedAt: Date } | null> {
  const row = await claimsDb(em)
    .selectFrom('claims.claims')
    .select(['office_id', 'id', 'verified_at'])
    .where('artist_id', '=', artistId)
    .where('status', '=', 'successful')
    .executeTakeFirst();
  return row ? { officeId: row.office_id, claimId: row.id, verifiedAt: new Date(row.verified_at!) } : null;
}

/** The same for many artists at once (a pie's split): artist id → payee office id. */
export async function payeeOfficesFor(em: EntityManager, artistIds: string[]): Promise<Map<string, string>> {
  if (artistIds.length === 0) return new Map();
  const rows = await claimsDb(em).selectFrom('claims.claims').select(['artist_id', 'office_id']).where('artist_id', 'in', artistIds).where('status', '=', 'successful').execute();
  return new Map(rows.map((row) => [row.artist_id, row.office_id]));
}

/** The artists an office is the payee of (its successful claims). */
export async function claimedArtistIdsOf(em: EntityManager, officeId: string): Promise<string[]> {
  const rows = await claimsDb(em).selectFrom('claims.claims').select('artist_id').where('office_id', '=', officeId).where('status', '=', 'successful').orderBy('artist_id').execute();
  return rows.map((row) => row.artist_id);
}

/**
 * The artists these offices hold or are getting: a successful claim, or one still pending or
 * verifying (an artist's escrow is released to the claiming office as soon as its claim succeeds).
 * For pies: promotional money never goes to the promotion's own person's office.
 */
export async function artistIdsClaimedByOffices(em: EntityManager, officeIds: readonly string[]): Promise<string[]> {
  if (officeIds.length === 0) return [];
  const rows = await claimsDb(em)
    .selectFrom('claims.claims')
    .select('artist_id')
    .distinct()
    .where('office_id', 'in', officeIds)
    .where('status', 'in', OPEN_CLAIM_STATUSES)
    .orderBy('artist_id')
    .execute();
  return rows.map((row) => row.artist_id);
}
