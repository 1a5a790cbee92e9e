import { Query } from '@nestjs/cqrs';
import type { ClaimSummary } from '#pie/contracts';

/** `GET claims`: the claims of the caller's offices (a member sees those on their assigned artists). */
export class ListClaims extends Query<ClaimSummary[]> {
  constructor(readonly userId: string) {
    super();
  }
}
