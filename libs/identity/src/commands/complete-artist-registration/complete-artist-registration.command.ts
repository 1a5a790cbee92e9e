import { Command } from '@nestjs/cqrs';
import type { CompleteArtistRegistrationRequest } from '#pie/contracts';
import type { OpenedSession } from '../../domain/sessions.js';

/** Someone invited to an office sets their name and password, and is signed in. */
export class CompleteArtistRegistration extends Command<{ subjectId: string; session: OpenedSession }> {
  constructor(
    readonly request: CompleteArtistRegistrationRequest,
    readonly userAgent: string | null,
  ) {
    super();
  }
}
