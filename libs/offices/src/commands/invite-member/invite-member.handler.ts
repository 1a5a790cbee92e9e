import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, Database, RateLimiter, type AppConfig } from '#pie/platform';
import { limitInvitationMail } from '../../domain/invitation-limits.js';
import { requireAdmin } from '../../domain/office-access.js';
import { officeCard, membersOf } from '../../domain/offices.js';
import { alreadyMember, officeNotFound } from '../../domain/offices.errors.js';
import { issueInvitation } from '../../domain/invitations.js';
import { InviteMember } from './invite-member.command.js';

@CommandHandler(InviteMember)
export class InviteMemberHandler implements ICommandHandler<InviteMember> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  execute({ userId, officeId, email, role }: InviteMember) {
    return this.database.transaction(async (em) => {
      await requireAdmin(em, officeId, userId);
      await limitInvitationMail(this.limiter, this.config, officeId, email);
      const office = await officeCard(em, officeId);
      if (!office) throw officeNotFound();
      const existing = await em.execute<{ status: string }[]>(`select status from offices.members where office_id = ? and lower(email) = lower(?)`, [officeId, email]);
      if (existing[0]?.status === 'active') throw alreadyMember();
      if (!existing[0]) {
        // No account is looked up or made for the address (issue 27): the invited row carries an id
        // of its own, which names no account, until the person accepts as themselves.
        await em.execute(
          `insert into offices.members (office_id, user_id, email, role, status, invited_by, invited_at) values (?, ?, lower(?), ?, 'invited', ?, now()) on conflict do nothing`,
          [officeId, randomUUID(), email, role, userId],
        );
      } else {
        await em.execute(`update offices.members set role = ? where office_id = ? and lower(email) = lower(?)`, [role, officeId, email]);
      }
      await issueInvitation(em, this.config, { officeId, officeName: office.name, email, role });
      const members = (await membersOf(em, [officeId])).get(officeId) ?? [];
      return members.find((member) => member.email === email.toLowerCase())!;
    });
  }
}
