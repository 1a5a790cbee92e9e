import { Query } from '@nestjs/cqrs';
import type { OfficeMember } from '#pie/contracts';

/** `GET offices/:officeId/members`: any member sees the team (invitations included). */
export class ListMembers extends Query<OfficeMember[]> {
  constructor(readonly userId: string, readonly officeId: string) {
    super();
  }
}
