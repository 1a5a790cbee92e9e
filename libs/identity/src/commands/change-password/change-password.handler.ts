import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { findAccountById, MAIL_LINKS, replacePassword } from '../../domain/accounts.js';
import { voidEmailTokens } from '../../domain/email-tokens.js';
import { noPasswordSet, notSignedIn, wrongCurrentPassword } from '../../domain/identity.errors.js';
import { hashPassword, verifyPassword } from '../../domain/secrets.js';
import { revokeAllSessions } from '../../domain/sessions.js';
import { ChangePassword } from './change-password.command.js';

@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ kind, subjectId, sessionId, currentPassword, newPassword }: ChangePassword): Promise<void> {
    const em = this.database.em();
    const account = await findAccountById(em, kind, subjectId);
    if (!account) throw notSignedIn();
    // An account made by a social sign-in has no password to confirm: it sets one through the e-mail link.
    if (!account.passwordHash) throw noPasswordSet();
    if (!(await verifyPassword(account.passwordHash, currentPassword))) throw wrongCurrentPassword();
    const passwordHash = await hashPassword(newPassword);
    await this.database.transaction(async (tx) => {
      // Only if the password is still the one just checked: two changes at once cannot both win.
      if (!(await replacePassword(tx, kind, subjectId, account.passwordHash!, passwordHash))) throw wrongCurrentPassword();
      // Whoever else holds a session (a lost phone, a shared computer) is signed out; this browser stays.
      await revokeAllSessions(tx, kind, subjectId, sessionId);
      // A reset link mailed before the change must not undo it.
      await voidEmailTokens(tx, subjectId, MAIL_LINKS[kind].resetPurpose);
    });
  }
}
