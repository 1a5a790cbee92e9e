import { Query } from '@nestjs/cqrs';
import type { ClaimDetailed, ClaimSummary } from '#pie/contracts';

/** `GET claims/:id` and `GET claims/:id/detailed` (history and the last attempt). */
export class GetClaim extends Query<ClaimSummary | ClaimDetailed> {
  constructor(readonly userId: string, readonly claimId: string, readonly withDetails: boolean) {
    super();
  }
}
