import { Command } from '@nestjs/cqrs';

/** `DELETE artist-invites/:id`: claims deletes an unredeemed invite (its transaction); audited after. */
export class DeleteInvite extends Command<{ id: string; deleted: true }> {
  constructor(readonly adminId: string, readonly inviteId: string) {
    super();
  }
}
