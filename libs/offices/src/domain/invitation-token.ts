import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Invitations are valid for a week (the mail says so). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 3600_000;

export interface InvitationClaims {
  nonce: string;
  expiresAt: Date;
}

function signature(secret: string, officeId: string, nonce: string, expires: string): string {
  return createHmac('sha256', `office-invitations:${secret}`).update(`${officeId}.${nonce}.${expires}`).digest('base64url');
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * `<nonce>.<expires>.<hmac>`: the HMAC covers the office too, so a token is worthless for any
 * other office; the nonce names the member row's current invitation, so a resend voids older links.
 */
export function signInvitation(secret: string, officeId: string, claims: InvitationClaims): string {
  const expires = Math.floor(claims.expiresAt.getTime() / 1000).toString(36);
  return `${claims.nonce}.${expires}.${signature(secret, officeId, claims.nonce, expires)}`;
}

/** The token's claims when its signature holds for this office (expiry is checked by the caller, to say so). */
export function readInvitation(secret: string, officeId: string, token: string): InvitationClaims | null {
  const [nonce, expires, given, ...rest] = token.split('.');
  if (!nonce || !expires || !given || rest.length > 0) return null;
  const expected = Buffer.from(signature(secret, officeId, nonce, expires));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { nonce, expiresAt: new Date(parseInt(expires, 36) * 1000) };
}
