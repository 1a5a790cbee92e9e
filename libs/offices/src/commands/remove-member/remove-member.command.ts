import { Command } from '@nestjs/cqrs';

/** `DELETE offices/:officeId/members/:email`: an admin removes a member or an invitation; anyone may leave. */
export class RemoveMember extends Command<{ email: string }> {
  constructor(readonly userId: string, readonly officeId: string, readonly email: string) {
    super();
  }
}
