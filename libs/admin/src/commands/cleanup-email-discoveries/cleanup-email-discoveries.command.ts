import { Command } from '@nestjs/cqrs';

/** `POST email-discovery/cleanup`: removes failed and lost discoveries, with its audit row in one transaction. */
export class CleanupEmailDiscoveries extends Command<{ removed: number }> {
  constructor(readonly adminId: string) {
    super();
  }
}
