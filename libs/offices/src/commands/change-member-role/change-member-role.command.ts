import { Command } from '@nestjs/cqrs';
import type { OfficeMember, OfficeRole } from '#pie/contracts';

/** `PATCH offices/:officeId/members/:userId/role`: an admin makes someone admin or member. */
export class ChangeMemberRole extends Command<OfficeMember> {
  constructor(readonly userId: string, readonly officeId: string, readonly memberId: string, readonly role: OfficeRole) {
    super();
  }
}
