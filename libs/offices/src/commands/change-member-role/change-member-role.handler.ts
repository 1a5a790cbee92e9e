import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { officesDb } from '../../db/offices-db.js';
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
      const db = officesDb(em);
      const target = await db.selectFrom('offices.members').select(['role', 'status']).where('office_id', '=', officeId).where('user_id', '=', memberId).executeTakeFirst();
      if (!target) throw memberNotFound();
      if (leavesOfficeWithoutAdmin(target, role, await activeAdminCount(em, officeId))) throw lastAdmin();
      await db.updateTable('offices.members').set({ role }).where('office_id', '=', officeId).where('user_id', '=', memberId).execute();
      const members = (await membersOf(em, [officeId])).get(officeId) ?? [];
      return members.find((member) => member.user_id === memberId)!;
    });
  }
}
