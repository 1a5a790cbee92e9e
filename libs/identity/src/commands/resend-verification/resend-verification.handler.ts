import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { recordVerificationEmail } from '../../domain/account-mail.js';
import { findAccountByEmail } from '../../domain/accounts.js';
import { ResendVerification } from './resend-verification.command.js';

@CommandHandler(ResendVerification)
export class ResendVerificationHandler implements ICommandHandler<ResendVerification> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ kind, email }: ResendVerification): Promise<void> {
    await this.database.transaction(async (em) => {
      const account = await findAccountByEmail(em, kind, email);
      // Social sign-ups without a real address end in .invalid: there is nobody to write to.
      if (account && !account.hasVerifiedEmail() && !account.email.endsWith('.invalid')) {
        recordVerificationEmail(em, this.config, kind, account);
      }
      await em.flush();
    });
  }
}
