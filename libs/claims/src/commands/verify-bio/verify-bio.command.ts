import { Command } from '@nestjs/cqrs';
import type { ClaimSummary, VerifyBioRequest } from '#pie/contracts';

/** `POST claims/:claimId/verify-bio`: looks for the claim's string on the artist's profile or a linked social page. */
export class VerifyBio extends Command<ClaimSummary> {
  constructor(readonly userId: string, readonly claimId: string, readonly request: VerifyBioRequest) {
    super();
  }
}
