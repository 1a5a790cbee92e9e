import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { APP_CONFIG, Database, RateLimiter, type AppConfig } from '#pie/platform';
import { officesDb } from '../../db/offices-db.js';
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
      const db = officesDb(em);
      const sameAddress = sql<boolean>`lower(email) = lower(${email})`;
      const existing = await db.selectFrom('offices.members').select('status').where('office_id', '=', officeId).where(sameAddress).executeTakeFirst();
      if (existing?.status === 'active') throw alreadyMember();
      if (!existing) {
        // No account is looked up or made for the address (issue 27): the invited row carries an id
        // of its own, which names no account, until the person accepts as themselves.
        await db
          .insertInto('offices.members')
          .values({ office_id: officeId, user_id: randomUUID(), email: sql<string>`lower(${email})`, role, status: 'invited', invited_by: userId, invited_at: sql`now()` })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      } else {
        await db.updateTable('offices.members').set({ role }).where('office_id', '=', officeId).where(sameAddress).execute();
      }
      await issueInvitation(em, this.config, { officeId, officeName: office.name, email, role });
      const members = (await membersOf(em, [officeId])).get(officeId) ?? [];
      return members.find((member) => member.email === email.toLowerCase())!;
    });
  }
}
