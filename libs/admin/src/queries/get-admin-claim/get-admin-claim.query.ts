import { Query } from '@nestjs/cqrs';
import type { AdminClaimDetails } from '#pie/contracts';

/** `GET claims/:id`: one claim for the admin's review, with the proof's addresses. */
export class GetAdminClaim extends Query<AdminClaimDetails> {
  constructor(readonly claimId: string) {
    super();
  }
}
