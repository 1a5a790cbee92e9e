import { Command } from '@nestjs/cqrs';
import type { OfficeMember, OfficeRole } from '#pie/contracts';

/** `POST offices/:officeId/members`: an admin invites an e-mail address (a new person gets an account to finish). */
export class InviteMember extends Command<OfficeMember> {
  constructor(readonly userId: string, readonly officeId: string, readonly email: string, readonly role: OfficeRole) {
    super();
  }
}
