import { Command } from '@nestjs/cqrs';
import type { MailedAccountKind } from '../../domain/accounts.js';

/** Uses a reset link: sets the new password and ends every session of the account. */
export class ResetPassword extends Command<void> {
  constructor(
    readonly kind: MailedAccountKind,
    readonly token: string,
    readonly password: string,
  ) {
    super();
  }
}
