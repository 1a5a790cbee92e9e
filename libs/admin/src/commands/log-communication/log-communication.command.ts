import { Command } from '@nestjs/cqrs';
import type { AdminCommunicationRequest } from '#pie/contracts';

/** `POST artists/:id/communication`: a dated contact in the artist's outreach log, with its audit row in one transaction. */
export class LogCommunication extends Command<{ id: string; channel: string; note: string; contactedAt: string }> {
  constructor(readonly adminId: string, readonly artistId: string, readonly body: AdminCommunicationRequest) {
    super();
  }
}
