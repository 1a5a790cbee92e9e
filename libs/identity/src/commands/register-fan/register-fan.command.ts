import { Command } from '@nestjs/cqrs';
import type { RegisterFanRequest } from '#pie/contracts';

/** E-mail sign-up. Answers the same whether or not the e-mail already has an account. */
export class RegisterFan extends Command<void> {
  constructor(readonly request: RegisterFanRequest) {
    super();
  }
}
