import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { requireAdmin, softDeleteOffice } from '#pie/offices';
import { Database } from '#pie/platform';
import { officeIsPayee } from '../../domain/claims.errors.js';
import { OPEN_CLAIM_SQL } from '../../domain/claim-status.js';
import { changeStatus, claimsWhere } from '../../domain/claims-store.js';
import { DeleteOffice } from './delete-office.command.js';

/** Lives with claims: whether an office may close depends on its claims (offices knows nothing of them). */
@CommandHandler(DeleteOffice)
export class DeleteOfficeHandler implements ICommandHandler<DeleteOffice> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ userId, officeId }: DeleteOffice) {
    return this.database.transaction(async (em) => {
      await requireAdmin(em, officeId, userId);
      const open = await claimsWhere(em, `office_id = ? and status in ${OPEN_CLAIM_SQL}`, [officeId], { lock: true });
      if (open.some((claim) => claim.status === 'successful')) {
        throw officeIsPayee();
      }
      for (const claim of open) await changeStatus(em, claim, 'cancelled', { kind: 'artist', id: userId }, 'Office deleted');
      await softDeleteOffice(em, officeId);
    });
  }
}
