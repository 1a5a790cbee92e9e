import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { findAccountById, MAIL_LINKS } from '../../domain/accounts.js';
import { consumeEmailToken } from '../../domain/email-tokens.js';
import { invalidEmailLink } from '../../domain/identity.errors.js';
import { hashPassword } from '../../domain/secrets.js';
import { revokeAllSessions } from '../../domain/sessions.js';
import { ResetPassword } from './reset-password.command.js';

@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ kind, token, password }: ResetPassword): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.database.transaction(async (em) => {
      const used = await consumeEmailToken(em, MAIL_LINKS[kind].resetPurpose, token);
      const account = (await findAccountById(em, kind, used.subjectId)) as
        | { id: string; passwordHash?: string | null; markEmailVerified(now: Date): void }
        | null;
      if (!account) throw invalidEmailLink();
      account.passwordHash = passwordHash;
      // Following the link proved the mailbox is theirs.
      account.markEmailVerified(new Date());
      await em.flush();
      await revokeAllSessions(em, kind, account.id);
    });
  }
}
