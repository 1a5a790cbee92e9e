import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { revokeSessionByToken } from '../../domain/sessions.js';
import { LogOut } from './log-out.command.js';

@CommandHandler(LogOut)
export class LogOutHandler implements ICommandHandler<LogOut> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ kind, token }: LogOut): Promise<void> {
    await revokeSessionByToken(this.database.em(), kind, token);
  }
}
