import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { claimsDb } from '../db/claims-db.js';
import { inviteExpired, inviteInvalid, inviteUsed } from './claims.errors.js';

export const ARTIST_INVITE_LIFETIME_MS = 30 * 24 * 3600_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates an invite for an artist and returns its token (shown once; only its hash is stored). */
export async function createArtistInvite(em: EntityManager, artistId: string, lifetimeMs = ARTIST_INVITE_LIFETIME_MS): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + lifetimeMs);
  const row = await claimsDb(em)
    .insertInto('claims.artist_invites')
    .values({ artist_id: artistId, token_hash: hashOf(token), expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token, expiresAt };
}

export interface UsableInvite {
  id: string;
  artistId: string;
  expiresAt: Date;
}

/** The invite a token names, usable (not expired, not redeemed); `lock` for redemption. */
export async function usableInvite(em: EntityManager, token: string, options: { lock?: boolean } = {}): Promise<UsableInvite> {
  const invite = await claimsDb(em)
    .selectFrom('claims.artist_invites')
    .select(['id', 'artist_id', 'expires_at', 'redeemed_at'])
    .where('token_hash', '=', hashOf(token))
    .$if(Boolean(options.lock), (query) => query.forUpdate())
    .executeTakeFirst();
  if (!invite) throw inviteInvalid();
  if (invite.redeemed_at) throw inviteUsed();
  const expiresAt = new Date(invite.expires_at);
  if (expiresAt.getTime() <= Date.now()) throw inviteExpired();
  return { id: invite.id, artistId: invite.artist_id, expiresAt };
}

/** Records who redeemed the invite, into which office, with which claim (in the redemption's transaction). */
export async function markInviteRedeemed(em: EntityManager, inviteId: string, by: { userId: string; officeId: string; claimId: string }): Promise<void> {
  await claimsDb(em)
    .updateTable('claims.artist_invites')
    .set({ redeemed_at: sql`now()`, redeemed_by: by.userId, office_id: by.officeId, claim_id: by.claimId })
    .where('id', '=', inviteId)
    .execute();
}
