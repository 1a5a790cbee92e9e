import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { Fan } from '../../domain/fan.entity.js';
import { emailNotVerified, wrongCredentials } from '../../domain/identity.errors.js';
import { decoyPasswordHash, verifyPassword } from '../../domain/secrets.js';
import { openSession } from '../../domain/sessions.js';
import { LogInFan } from './log-in-fan.command.js';

@CommandHandler(LogInFan)
export class LogInFanHandler implements ICommandHandler<LogInFan> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ request, userAgent }: LogInFan) {
    return this.database.transaction(async (em) => {
      const fan = await em.findOne(Fan, { email: request.email });
      // Unknown e-mail still pays for one hash check: timing does not reveal who has an account.
      const passwordMatches = await verifyPassword(fan?.passwordHash ?? (await decoyPasswordHash()), request.password);
      if (!fan || !fan.passwordHash || !passwordMatches) throw wrongCredentials();
      if (!fan.hasVerifiedEmail()) throw emailNotVerified();
      const session = openSession(em, 'fan', fan.id, userAgent);
      await em.flush();
      return { user: fan.toUser(), session };
    });
  }
}
