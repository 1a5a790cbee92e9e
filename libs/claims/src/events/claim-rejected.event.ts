import { defineEvent } from '#pie/platform';

export interface ClaimRejectedPayload {
  claimId: string;
  artistId: string;
  officeId: string;
  /** Why, as the admin or the system recorded it in the claim's history (null: none given). */
  reason: string | null;
  rejectedAt: string;
}

/** A claim was rejected (by an admin, or by the system when another office won the artist). */
export const ClaimRejected = defineEvent<ClaimRejectedPayload>('claims.claim-rejected.v1');
