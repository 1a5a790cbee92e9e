import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { invitationFor } from '../../domain/invitations.js';
import { officeOf } from '../../domain/offices.js';
import { invitationForSomeoneElse, invitationUsed } from '../../domain/offices.errors.js';
import { AcceptInvitation } from './accept-invitation.command.js';

@CommandHandler(AcceptInvitation)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitation> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ userId, officeId, token }: AcceptInvitation) {
    return this.database.transaction(async (em) => {
      const invitation = await invitationFor(em, this.config, officeId, token, { lock: true });
      if (invitation.user_id !== userId) throw invitationForSomeoneElse();
      if (invitation.status === 'active') throw invitationUsed();
      // The nonce stays, so the same link is recognised as used (409) rather than unknown.
      await em.execute(
        `update offices.members set status = 'active', joined_at = now() where office_id = ? and user_id = ?`,
        [officeId, userId],
      );
      return officeOf(em, userId, officeId);
    });
  }
}
