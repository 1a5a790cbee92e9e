import { defineEvent } from '#pie/platform';

export interface ClaimVerifiedPayload {
  claimId: string;
  artistId: string;
  officeId: string;
  verifiedAt: string;
}

/** A claim became successful: its office is now the artist's payee (payouts releases escrow on it). */
export const ClaimVerified = defineEvent<ClaimVerifiedPayload>('claims.claim-verified.v1');
