import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { requireAdmin } from '../../domain/office-access.js';
import { OfficeClosing } from '../../domain/office-closing.js';
import { softDeleteOffice } from '../../domain/offices.js';
import { DeleteOffice } from './delete-office.command.js';

/**
 * Offices owns its closing; whether an office may close depends on its claims, which claims answers
 * through `OfficeClosing` in this transaction (refused while the office is an artist's payee; its
 * open claims are cancelled with it).
 */
@CommandHandler(DeleteOffice)
export class DeleteOfficeHandler implements ICommandHandler<DeleteOffice> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(OfficeClosing) private readonly closing: OfficeClosing,
  ) {}

  execute({ userId, officeId }: DeleteOffice) {
    return this.database.transaction(async (tx) => {
      await requireAdmin(tx, officeId, userId);
      await this.closing.beforeClose(tx, officeId, { userId });
      await softDeleteOffice(tx, officeId);
    });
  }
}
