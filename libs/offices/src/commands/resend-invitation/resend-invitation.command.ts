import { Command } from '@nestjs/cqrs';

/** `POST offices/:officeId/resend-invitation`: a new link (the old one stops working). */
export class ResendInvitation extends Command<{ email: string; expires_at: string }> {
  constructor(readonly userId: string, readonly officeId: string, readonly email: string) {
    super();
  }
}
