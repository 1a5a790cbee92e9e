import { Command } from '@nestjs/cqrs';
import type { MailedAccountKind } from '../../domain/accounts.js';

/**
 * Changes the password in place (settings): the current one must match. Every other session of the
 * account ends; the one that made the change stays signed in.
 */
export class ChangePassword extends Command<void> {
  constructor(
    readonly kind: MailedAccountKind,
    readonly subjectId: string,
    readonly sessionId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
  ) {
    super();
  }
}
