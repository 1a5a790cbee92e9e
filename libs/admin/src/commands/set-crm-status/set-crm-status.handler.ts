import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { recordAudit } from '../../domain/audit-log.js';
import { catalogueArtistOrThrow } from '../../domain/catalogue-artist.js';
import { setCrmStatus } from '../../domain/outreach.js';
import { SetCrmStatus } from './set-crm-status.command.js';

@CommandHandler(SetCrmStatus)
export class SetCrmStatusHandler implements ICommandHandler<SetCrmStatus> {
  constructor(
    @Inject(Database) private readonly database: Database,
  ) {}

  async execute({ adminId, artistId, status }: SetCrmStatus) {
    await catalogueArtistOrThrow(this.database.em(), artistId);
    return this.database.transaction(async (tx) => {
      const change = await setCrmStatus(tx, artistId, status);
      await recordAudit(tx, { adminId, action: 'artist.crm-status-changed', targetType: 'artist', targetId: artistId, before: { crmStatus: change.before }, after: { crmStatus: change.after } });
      return { artistId, crmStatus: change.after };
    });
  }
}
