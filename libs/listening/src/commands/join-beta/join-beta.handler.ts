import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { profileForUpdate } from '../../domain/fan-profile.entity.js';
import { JoinBeta } from './join-beta.command.js';

@CommandHandler(JoinBeta)
export class JoinBetaHandler implements ICommandHandler<JoinBeta> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ fanId }: JoinBeta) {
    return this.database.transaction(async (em) => {
      const profile = await profileForUpdate(em, fanId);
      profile.joinBeta(new Date());
      return { beta: true as const, joined_at: profile.betaJoinedAt!.toISOString() };
    });
  }
}
