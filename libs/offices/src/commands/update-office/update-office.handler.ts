import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { Database } from '#pie/platform';
import { officesDb } from '../../db/offices-db.js';
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
      await officesDb(em)
        .updateTable('offices.offices')
        .set({
          ...(changes.name !== undefined && changes.name !== null ? { name: changes.name } : {}),
          ...(changes.type !== undefined && changes.type !== null ? { type: changes.type } : {}),
          updated_at: sql`now()`,
        })
        .where('id', '=', target)
        .execute();
      return officeOf(em, userId, target);
    });
  }
}
