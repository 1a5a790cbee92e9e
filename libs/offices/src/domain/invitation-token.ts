import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Invitations are valid for a week (the mail says so). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 3600_000;

export interface InvitationClaims {
  userId: string;
  nonce: string;
  expiresAt: Date;
}

function signature(secret: string, officeId: string, userId: string, nonce: string, expires: string): string {
  return createHmac('sha256', `office-invitations:${secret}`).update(`${officeId}.${userId}.${nonce}.${expires}`).digest('base64url');
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * `<userId>.<nonce>.<expires>.<hmac>`: the HMAC covers the office too, so a token is worthless for
 * any other office, and the nonce is the member row's current one, so a resend voids older links.
 */
export function signInvitation(secret: string, officeId: string, claims: InvitationClaims): string {
  const expires = Math.floor(claims.expiresAt.getTime() / 1000).toString(36);
  return `${claims.userId}.${claims.nonce}.${expires}.${signature(secret, officeId, claims.userId, claims.nonce, expires)}`;
}

/** The token's claims when its signature holds for this office (expiry is checked by the caller, to say so). */
export function readInvitation(secret: string, officeId: string, token: string): InvitationClaims | null {
  const [userId, nonce, expires, given] = token.split('.');
  if (!userId || !nonce || !expires || !given) return null;
  const expected = Buffer.from(signature(secret, officeId, userId, nonce, expires));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  if (!/^[0-9a-f-]{36}$/.test(userId)) return null;
  return { userId, nonce, expiresAt: new Date(parseInt(expires, 36) * 1000) };
}
