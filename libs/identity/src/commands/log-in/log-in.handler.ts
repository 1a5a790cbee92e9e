import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { findAccountByEmail } from '../../domain/accounts.js';
import { emailNotVerified, wrongCredentials } from '../../domain/identity.errors.js';
import { decoyPasswordHash, verifyPassword } from '../../domain/secrets.js';
import { openSession, revokeSessionByToken } from '../../domain/sessions.js';
import { LogIn } from './log-in.command.js';

@CommandHandler(LogIn)
export class LogInHandler implements ICommandHandler<LogIn> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ kind, request, userAgent, previousSessionToken }: LogIn) {
    return this.database.transaction(async (em) => {
      const account = await findAccountByEmail(em, kind, request.email);
      // An unknown e-mail still pays for one hash check: timing does not reveal who has an account.
      const passwordMatches = await verifyPassword(account?.passwordHash ?? (await decoyPasswordHash()), request.password);
      if (!account || !account.passwordHash || !passwordMatches) throw wrongCredentials();
      if (!account.hasVerifiedEmail()) throw emailNotVerified();
      await revokeSessionByToken(em, kind, previousSessionToken);
      const session = openSession(em, kind, account.id, userAgent);
      await em.flush();
      return { subjectId: account.id, session };
    });
  }
}
