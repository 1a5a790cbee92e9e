import { Command } from '@nestjs/cqrs';
import type { AdminClaimDetails, ClaimStatus } from '#pie/contracts';

/** `PATCH claims/:id/status`: an admin moves a claim (claims' allowed moves, in claims' transaction); audited after. */
export class ChangeClaimStatus extends Command<AdminClaimDetails> {
  constructor(readonly adminId: string, readonly claimId: string, readonly status: ClaimStatus, readonly reason: string | null) {
    super();
  }
}
