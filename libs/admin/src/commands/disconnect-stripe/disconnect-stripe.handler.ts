import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PayoutsFacade } from '#pie/payouts';
import { Database } from '#pie/platform';
import { stripeNotConnected } from '../../domain/admin.errors.js';
import { recordAuditAfter } from '../../domain/audit-log.js';
import { connectionView } from '../../domain/stripe-connection.js';
import { DisconnectStripe } from './disconnect-stripe.command.js';

@CommandHandler(DisconnectStripe)
export class DisconnectStripeHandler implements ICommandHandler<DisconnectStripe> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(PayoutsFacade) private readonly payouts: PayoutsFacade,
  ) {}

  async execute({ adminId, officeId }: DisconnectStripe) {
    const change = await this.payouts.disconnectOffice(officeId, adminId);
    if (!change) throw stripeNotConnected();
    await recordAuditAfter(this.database, { adminId, action: 'office.stripe-disconnected', targetType: 'office', targetId: officeId, before: connectionView(change.before), after: connectionView(change.after) });
    return connectionView(change.after);
  }
}
