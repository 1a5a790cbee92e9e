import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { consumeEmailToken } from '../../domain/email-tokens.js';
import { Fan } from '../../domain/fan.entity.js';
import { invalidEmailLink } from '../../domain/identity.errors.js';
import { VerifyFanEmail } from './verify-fan-email.command.js';

@CommandHandler(VerifyFanEmail)
export class VerifyFanEmailHandler implements ICommandHandler<VerifyFanEmail> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ token }: VerifyFanEmail) {
    return this.database.transaction(async (em) => {
      const used = await consumeEmailToken(em, 'fan-verify-email', token);
      const fan = await em.findOne(Fan, { id: used.subjectId });
      if (!fan) throw invalidEmailLink();
      fan.markEmailVerified(new Date());
      await em.flush();
      return fan.toUser();
    });
  }
}
