import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OfficeRole } from '#pie/contracts';
import { Database } from '#pie/platform';
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
      const rows = await em.execute<{ user_id: string; role: OfficeRole; status: string }[]>(
        `select user_id, role, status from offices.members where office_id = ? and lower(email) = ?`,
        [officeId, email],
      );
      const target = rows[0];
      if (!target) throw memberNotFound();
      if (target.user_id !== userId && me.role !== 'admin') throw adminOnly();
      if (leavesOfficeWithoutAdmin(target, null, await activeAdminCount(em, officeId))) throw lastAdmin();
      await em.execute(`delete from offices.members where office_id = ? and user_id = ?`, [officeId, target.user_id]);
      return { email };
    });
  }
}
