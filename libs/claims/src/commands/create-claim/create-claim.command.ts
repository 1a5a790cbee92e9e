import { Command } from '@nestjs/cqrs';
import type { ClaimSummary, CreateClaimRequest } from '#pie/contracts';

/** `POST claims`: the wizard's three steps, sent at once; the claim starts pending. */
export class CreateClaim extends Command<ClaimSummary> {
  constructor(readonly userId: string, readonly request: CreateClaimRequest) {
    super();
  }
}
