import { Command } from '@nestjs/cqrs';
import type { FanUser } from '#pie/contracts';

export class VerifyFanEmail extends Command<FanUser> {
  constructor(readonly token: string) {
    super();
  }
}
