import { Query } from '@nestjs/cqrs';
import type { InvitationCheck } from '#pie/contracts';

/** `GET offices/:officeId/validate-invitation?token=`: what the invitation page shows before accepting. */
export class ValidateInvitation extends Query<InvitationCheck> {
  constructor(readonly officeId: string, readonly token: string) {
    super();
  }
}
