import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { recordPasswordResetEmail } from '../../domain/account-mail.js';
import { findAccountByEmail } from '../../domain/accounts.js';
import { RequestPasswordReset } from './request-password-reset.command.js';

@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ kind, email }: RequestPasswordReset): Promise<void> {
    await this.database.transaction(async (em) => {
      const account = await findAccountByEmail(em, kind, email);
      if (account) recordPasswordResetEmail(em, this.config, kind, account);
      await em.flush();
    });
  }
}
