import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '#pie/platform';
import { inviteExpired, inviteInvalid, inviteUsed } from './claims.errors.js';

export const ARTIST_INVITE_LIFETIME_MS = 30 * 24 * 3600_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates an invite for an artist and returns its token (shown once; only its hash is stored). */
export async function createArtistInvite(em: EntityManager, artistId: string, lifetimeMs = ARTIST_INVITE_LIFETIME_MS): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + lifetimeMs);
  const [row] = await em.execute<{ id: string }[]>(`insert into claims.artist_invites (artist_id, token_hash, expires_at) values (?, ?, ?) returning id`, [artistId, hashOf(token), expiresAt]);
  return { id: row.id, token, expiresAt };
}

export interface InviteRow {
  id: string;
  artist_id: string;
  expires_at: Date;
  redeemed_at: Date | null;
}

/** The invite a token names, usable (not expired, not redeemed); `lock` for redemption. */
export async function usableInvite(em: EntityManager, token: string, options: { lock?: boolean } = {}): Promise<InviteRow> {
  const rows = await em.execute<InviteRow[]>(
    `select id, artist_id, expires_at, redeemed_at from claims.artist_invites where token_hash = ? ${options.lock ? 'for update' : ''}`,
    [hashOf(token)],
  );
  const invite = rows[0];
  if (!invite) throw inviteInvalid();
  if (invite.redeemed_at) throw inviteUsed();
  if (new Date(invite.expires_at).getTime() <= Date.now()) throw inviteExpired();
  return invite;
}
