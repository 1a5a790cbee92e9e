import { Query } from '@nestjs/cqrs';
import type { UserDetails } from '#pie/contracts';

/** A fan's public profile (`GET /api/user/details/:userId`); the fan themself always sees theirs. */
export class GetUserDetails extends Query<UserDetails> {
  constructor(
    readonly userId: string,
    readonly viewerId: string,
  ) {
    super();
  }
}
