import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { artistUserCards } from '#pie/identity';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { invitationFor } from '../../domain/invitations.js';
import { officeOf } from '../../domain/offices.js';
import { alreadyMember, invitationForSomeoneElse, invitationUsed } from '../../domain/offices.errors.js';
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
      if (invitation.status === 'active') throw invitationUsed();
      // The invitation names an address, not an account: whoever accepts signs in with that address.
      const me = (await artistUserCards(em, [userId])).get(userId);
      if (!me || me.email.toLowerCase() !== invitation.email.toLowerCase()) throw invitationForSomeoneElse();
      const mine = await em.execute<{ email: string }[]>(`select email from offices.members where office_id = ? and user_id = ?`, [officeId, userId]);
      if (mine[0] && mine[0].email.toLowerCase() !== invitation.email.toLowerCase()) throw alreadyMember();
      // The invited row's own id becomes the account's (assigned artists follow, on update cascade).
      // The nonce stays, so the same link is recognised as used (409) rather than unknown.
      await em.execute(
        `update offices.members set user_id = ?, status = 'active', joined_at = now() where office_id = ? and user_id = ?`,
        [userId, officeId, invitation.user_id],
      );
      return officeOf(em, userId, officeId);
    });
  }
}
