import { Command } from '@nestjs/cqrs';
import type { MailedAccountKind } from '../../domain/accounts.js';

/**
 * Mails a fresh verification link when the account exists and its e-mail is not verified yet;
 * answers the same either way (nobody learns from it whether an address has an account).
 */
export class ResendVerification extends Command<void> {
  constructor(
    readonly kind: MailedAccountKind,
    readonly email: string,
  ) {
    super();
  }
}
