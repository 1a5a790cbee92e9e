import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PayoutsFacade } from '#pie/payouts';
import { Database } from '#pie/platform';
import { recordAudit } from '../../domain/audit-log.js';
import { ProcessEscrowPayouts } from './process-escrow-payouts.command.js';

/**
 * Acts on many items: each release is audited in its own transaction, each transfer before it is
 * asked of Stripe and with its result, so a failure part-way leaves nothing done unaudited.
 * The exception to "admin audits after the owning module's command": a release's audit row is
 * written (by admin's own SQL, `recordAudit`) inside payouts' release transaction, because that
 * atomicity is the point (issue 27, finding 6: no release without its row, none for a release that
 * did not happen; test/integration/admin/admin-audit.test.ts). Payouts' rows stay written by payouts.
 */
@CommandHandler(ProcessEscrowPayouts)
export class ProcessEscrowPayoutsHandler implements ICommandHandler<ProcessEscrowPayouts> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(PayoutsFacade) private readonly payouts: PayoutsFacade,
  ) {}

  async execute({ adminId }: ProcessEscrowPayouts) {
    const outcome = await this.payouts.processDuePayouts({
      released: (tx, release) =>
        recordAudit(tx, { adminId, action: 'escrow.released', targetType: 'artist', targetId: release.artistId, before: null, after: { officeId: release.officeId, cents: release.cents } }),
      transferring: (tx, officeId) => recordAudit(tx, { adminId, action: 'escrow.transfer-requested', targetType: 'office', targetId: officeId, before: null, after: null }),
      transferred: (tx, officeId, result) => recordAudit(tx, { adminId, action: 'escrow.transfer-finished', targetType: 'office', targetId: officeId, before: null, after: result }),
    });
    await this.database.transaction((tx) => recordAudit(tx, { adminId, action: 'escrow.payouts-processed', targetType: 'escrow', targetId: '*', before: null, after: outcome }));
    return outcome;
  }
}
