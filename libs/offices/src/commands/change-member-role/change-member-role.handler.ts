import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OfficeRole } from '#pie/contracts';
import { Database } from '#pie/platform';
import { activeAdminCount, lockOffice, requireAdmin } from '../../domain/office-access.js';
import { leavesOfficeWithoutAdmin } from '../../domain/last-admin.js';
import { membersOf } from '../../domain/offices.js';
import { lastAdmin, memberNotFound } from '../../domain/offices.errors.js';
import { ChangeMemberRole } from './change-member-role.command.js';

@CommandHandler(ChangeMemberRole)
export class ChangeMemberRoleHandler implements ICommandHandler<ChangeMemberRole> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ userId, officeId, memberId, role }: ChangeMemberRole) {
    return this.database.transaction(async (em) => {
      // Lock first: the caller's own role is read after any concurrent change to it.
      await lockOffice(em, officeId);
      await requireAdmin(em, officeId, userId);
      const rows = await em.execute<{ role: OfficeRole; status: string }[]>(`select role, status from offices.members where office_id = ? and user_id = ?`, [officeId, memberId]);
      const target = rows[0];
      if (!target) throw memberNotFound();
      if (leavesOfficeWithoutAdmin(target, role, await activeAdminCount(em, officeId))) throw lastAdmin();
      await em.execute(`update offices.members set role = ? where office_id = ? and user_id = ?`, [role, officeId, memberId]);
      const members = (await membersOf(em, [officeId])).get(officeId) ?? [];
      return members.find((member) => member.user_id === memberId)!;
    });
  }
}
