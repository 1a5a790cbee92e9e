import { Command } from '@nestjs/cqrs';
import type { AdminClaimDetails } from '#pie/contracts';

/** `POST claims/:id/verify-bio`: an admin verifies a claim by hand (claims' command, in claims' transaction); audited after. */
export class VerifyClaim extends Command<AdminClaimDetails> {
  constructor(readonly adminId: string, readonly claimId: string, readonly note: string | null) {
    super();
  }
}
