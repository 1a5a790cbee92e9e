import { Command } from '@nestjs/cqrs';
import type { LoginRequest } from '#pie/contracts';
import type { SessionKind } from '../../domain/session.entity.js';
import type { OpenedSession } from '../../domain/sessions.js';

/** Password sign-in for any kind of account; opens a session of that kind. */
export class LogIn extends Command<{ subjectId: string; session: OpenedSession }> {
  constructor(
    readonly kind: SessionKind,
    readonly request: LoginRequest,
    readonly userAgent: string | null,
    /** The session cookie this browser already holds: signing in as anyone ends it on the server. */
    readonly previousSessionToken?: string,
  ) {
    super();
  }
}
