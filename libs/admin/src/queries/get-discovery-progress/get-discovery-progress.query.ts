import { Query } from '@nestjs/cqrs';
import type { EmailDiscoveryView } from '#pie/contracts';

/** `GET artists/:id/email-discovery/progress`: the discovery's steps so far. */
export class GetDiscoveryProgress extends Query<EmailDiscoveryView> {
  constructor(readonly artistId: string) {
    super();
  }
}
