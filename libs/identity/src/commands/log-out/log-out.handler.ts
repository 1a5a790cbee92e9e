import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { findActiveSession } from '../../domain/sessions.js';
import { LogOut } from './log-out.command.js';

@CommandHandler(LogOut)
export class LogOutHandler implements ICommandHandler<LogOut> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ kind, token }: LogOut): Promise<void> {
    if (!token) return;
    await this.database.transaction(async (em) => {
      const session = await findActiveSession(em, kind, token);
      session?.revoke(new Date());
      await em.flush();
    });
  }
}
