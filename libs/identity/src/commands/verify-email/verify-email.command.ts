import { Command } from '@nestjs/cqrs';
import type { MailedAccountKind } from '../../domain/accounts.js';

/** Uses an e-mail verification link; returns the verified account's id. */
export class VerifyEmail extends Command<string> {
  constructor(
    readonly kind: MailedAccountKind,
    readonly token: string,
  ) {
    super();
  }
}
