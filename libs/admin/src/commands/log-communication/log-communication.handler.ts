import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { recordAudit } from '../../domain/audit-log.js';
import { catalogueArtistOrThrow } from '../../domain/catalogue-artist.js';
import { addCommunication } from '../../domain/outreach.js';
import { LogCommunication } from './log-communication.command.js';

@CommandHandler(LogCommunication)
export class LogCommunicationHandler implements ICommandHandler<LogCommunication> {
  constructor(
    @Inject(Database) private readonly database: Database,
  ) {}

  async execute({ adminId, artistId, body }: LogCommunication) {
    await catalogueArtistOrThrow(this.database.em(), artistId);
    return this.database.transaction(async (tx) => {
      const contactedAt = body.contactedAt ? new Date(body.contactedAt) : new Date();
      const made = await addCommunication(tx, { artistId, adminId, channel: body.channel, note: body.note, contactedAt });
      await recordAudit(tx, { adminId, action: 'artist.communication-logged', targetType: 'artist', targetId: artistId, before: null, after: { id: made.id, channel: body.channel, note: body.note, contactedAt: contactedAt.toISOString() } });
      return { id: made.id, channel: body.channel, note: body.note, contactedAt: contactedAt.toISOString() };
    });
  }
}
