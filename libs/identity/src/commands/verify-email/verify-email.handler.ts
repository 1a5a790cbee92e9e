import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { findAccountById, MAIL_LINKS } from '../../domain/accounts.js';
import { consumeEmailToken } from '../../domain/email-tokens.js';
import { invalidEmailLink } from '../../domain/identity.errors.js';
import { VerifyEmail } from './verify-email.command.js';

@CommandHandler(VerifyEmail)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmail> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ kind, token }: VerifyEmail): Promise<string> {
    return this.database.transaction(async (em) => {
      const used = await consumeEmailToken(em, MAIL_LINKS[kind].verifyPurpose, token);
      const account = (await findAccountById(em, kind, used.subjectId)) as { id: string; markEmailVerified(now: Date): void } | null;
      if (!account) throw invalidEmailLink();
      account.markEmailVerified(new Date());
      await em.flush();
      return account.id;
    });
  }
}
