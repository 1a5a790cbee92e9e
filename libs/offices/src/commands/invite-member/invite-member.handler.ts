import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { requireAdmin } from '../../domain/office-access.js';
import { officeCard, membersOf } from '../../domain/offices.js';
import { alreadyMember, officeNotFound } from '../../domain/offices.errors.js';
import { issueInvitation } from '../../domain/invitations.js';
import { prepareInvitedArtistUser } from '#pie/identity';
import { InviteMember } from './invite-member.command.js';

@CommandHandler(InviteMember)
export class InviteMemberHandler implements ICommandHandler<InviteMember> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ userId, officeId, email, role }: InviteMember) {
    return this.database.transaction(async (em) => {
      await requireAdmin(em, officeId, userId);
      const office = await officeCard(em, officeId);
      if (!office) throw officeNotFound();
      const existing = await em.execute<{ status: string }[]>(`select status from offices.members where office_id = ? and lower(email) = ?`, [officeId, email]);
      if (existing[0]?.status === 'active') throw alreadyMember();
      if (!existing[0]) {
        // The account (existing, or created for the invitation) decides the member's id.
        const { artistUserId } = await prepareInvitedArtistUser(em, email);
        const taken = await em.execute<{ status: string }[]>(`select status from offices.members where office_id = ? and user_id = ?`, [officeId, artistUserId]);
        if (taken[0]?.status === 'active') throw alreadyMember();
        if (!taken[0]) {
          await em.execute(
            `insert into offices.members (office_id, user_id, email, role, status, invited_by, invited_at) values (?, ?, ?, ?, 'invited', ?, now())`,
            [officeId, artistUserId, email, role, userId],
          );
        }
      } else {
        await em.execute(`update offices.members set role = ? where office_id = ? and lower(email) = ?`, [role, officeId, email]);
      }
      const { userId: invitedId } = await issueInvitation(em, this.config, { officeId, officeName: office.name, email, role });
      const members = (await membersOf(em, [officeId])).get(officeId) ?? [];
      return members.find((member) => member.user_id === invitedId)!;
    });
  }
}
