import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { profileForUpdate } from '../../domain/fan-profile.entity.js';
import { UpdateVisibility } from './update-visibility.command.js';

@CommandHandler(UpdateVisibility)
export class UpdateVisibilityHandler implements ICommandHandler<UpdateVisibility> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ fanId, change }: UpdateVisibility) {
    return this.database.transaction(async (em) => {
      const profile = await profileForUpdate(em, fanId);
      profile.applyVisibility(change);
      return profile.visibility();
    });
  }
}
