import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { Fan } from '../../domain/fan.entity.js';
import { notSignedIn } from '../../domain/identity.errors.js';
import { RenameFan } from './rename-fan.command.js';

@CommandHandler(RenameFan)
export class RenameFanHandler implements ICommandHandler<RenameFan> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, firstName, lastName }: RenameFan): Promise<void> {
    await this.database.transaction(async (em) => {
      const fan = await em.findOne(Fan, { id: fanId, deletedAt: null });
      if (!fan) throw notSignedIn();
      fan.rename(firstName, lastName);
      await em.flush();
    });
  }
}
