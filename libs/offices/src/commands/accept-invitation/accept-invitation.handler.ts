import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { artistUserCards } from '#pie/identity';
import { sql } from 'kysely';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { officesDb } from '../../db/offices-db.js';
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
      const db = officesDb(em);
      const mine = await db.selectFrom('offices.members').select('email').where('office_id', '=', officeId).where('user_id', '=', userId).executeTakeFirst();
      if (mine && mine.email.toLowerCase() !== invitation.email.toLowerCase()) throw alreadyMember();
      // The invited row's own id becomes the account's (assigned artists follow, on update cascade).
      // The nonce stays, so the same link is recognised as used (409) rather than unknown.
      await db
        .updateTable('offices.members')
        .set({ user_id: userId, status: 'active', joined_at: sql`now()` })
        .where('office_id', '=', officeId)
        .where('user_id', '=', invitation.userId)
        .execute();
      return officeOf(em, userId, officeId);
    });
  }
}
