import { Command } from '@nestjs/cqrs';
import type { FanUser, LoginRequest } from '#pie/contracts';
import type { OpenedSession } from '../../domain/sessions.js';

export class LogInFan extends Command<{ user: FanUser; session: OpenedSession }> {
  constructor(
    readonly request: LoginRequest,
    readonly userAgent: string | null,
  ) {
    super();
  }
}
