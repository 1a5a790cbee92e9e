import { Command } from '@nestjs/cqrs';
import type { SessionKind } from '../../domain/session.entity.js';

/** Ends the session behind a cookie token (no-op when it is unknown or already ended). */
export class LogOut extends Command<void> {
  constructor(
    readonly kind: SessionKind,
    readonly token: string | undefined,
  ) {
    super();
  }
}
