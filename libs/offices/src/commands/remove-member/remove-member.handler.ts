import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { Database } from '#pie/platform';
import { officesDb } from '../../db/offices-db.js';
import { activeAdminCount, lockOffice, requireMember } from '../../domain/office-access.js';
import { leavesOfficeWithoutAdmin } from '../../domain/last-admin.js';
import { adminOnly, lastAdmin, memberNotFound } from '../../domain/offices.errors.js';
import { RemoveMember } from './remove-member.command.js';

@CommandHandler(RemoveMember)
export class RemoveMemberHandler implements ICommandHandler<RemoveMember> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ userId, officeId, email }: RemoveMember) {
    return this.database.transaction(async (em) => {
      // Lock first: the caller's own role is read after any concurrent change to it.
      await lockOffice(em, officeId);
      const me = await requireMember(em, officeId, userId);
      const db = officesDb(em);
      const target = await db
        .selectFrom('offices.members')
        .select(['user_id', 'role', 'status'])
        .where('office_id', '=', officeId)
        .where(sql`lower(email)`, '=', email)
        .executeTakeFirst();
      if (!target) throw memberNotFound();
      if (target.user_id !== userId && me.role !== 'admin') throw adminOnly();
      if (leavesOfficeWithoutAdmin(target, null, await activeAdminCount(em, officeId))) throw lastAdmin();
      await db.deleteFrom('offices.members').where('office_id', '=', officeId).where('user_id', '=', target.user_id).execute();
      return { email };
    });
  }
}
