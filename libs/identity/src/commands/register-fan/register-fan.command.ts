import { Command } from '@nestjs/cqrs';
import type { FanUser, RegisterFanRequest } from '#pie/contracts';

export class RegisterFan extends Command<FanUser> {
  constructor(readonly request: RegisterFanRequest) {
    super();
  }
}
