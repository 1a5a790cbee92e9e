import { Command } from '@nestjs/cqrs';
import type { EmailDiscoveryView } from '#pie/contracts';

/** `POST artists/:id/email-discovery/start`: queues the discovery job (outbox) with its audit row in one transaction. */
export class StartEmailDiscovery extends Command<EmailDiscoveryView> {
  constructor(readonly adminId: string, readonly artistId: string, readonly force: boolean) {
    super();
  }
}
