import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { membershipsOf, requireAdmin } from '../../domain/office-access.js';
import { officeOf } from '../../domain/offices.js';
import { noOfficeToRename, officeNotFound } from '../../domain/offices.errors.js';
import { UpdateOffice } from './update-office.command.js';

@CommandHandler(UpdateOffice)
export class UpdateOfficeHandler implements ICommandHandler<UpdateOffice> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ userId, officeId, changes }: UpdateOffice) {
    return this.database.transaction(async (em) => {
      let target = officeId;
      if (!target) {
        // `PATCH office/name` without an id: the one office the caller administers.
        const admin = (await membershipsOf(em, userId)).filter((m) => m.role === 'admin');
        if (admin.length === 0) throw officeNotFound();
        if (admin.length > 1) throw noOfficeToRename();
        target = admin[0].officeId;
      }
      await requireAdmin(em, target, userId);
      await em.execute(
        `update offices.offices set name = coalesce(?, name), type = coalesce(?, type), updated_at = now() where id = ?`,
        [changes.name ?? null, changes.type ?? null, target],
      );
      return officeOf(em, userId, target);
    });
  }
}
