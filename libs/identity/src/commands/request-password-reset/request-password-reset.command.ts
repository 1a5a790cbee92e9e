import { Command } from '@nestjs/cqrs';
import type { MailedAccountKind } from '../../domain/accounts.js';

/** Mails a reset link when the account exists; answers the same either way. */
export class RequestPasswordReset extends Command<void> {
  constructor(
    readonly kind: MailedAccountKind,
    readonly email: string,
  ) {
    super();
  }
}
