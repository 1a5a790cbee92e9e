import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PayoutsFacade } from '#pie/payouts';
import { Database } from '#pie/platform';
import { stripeNotConnected } from '../../domain/admin.errors.js';
import { recordAuditAfter } from '../../domain/audit-log.js';
import { connectionView } from '../../domain/stripe-connection.js';
import { ReconnectStripe } from './reconnect-stripe.command.js';

@CommandHandler(ReconnectStripe)
export class ReconnectStripeHandler implements ICommandHandler<ReconnectStripe> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(PayoutsFacade) private readonly payouts: PayoutsFacade,
  ) {}

  async execute({ adminId, officeId }: ReconnectStripe) {
    const change = await this.payouts.reconnectOffice(officeId, adminId);
    if (!change) throw stripeNotConnected();
    await recordAuditAfter(this.database, { adminId, action: 'office.stripe-reconnected', targetType: 'office', targetId: officeId, before: connectionView(change.before), after: connectionView(change.after) });
    const view = connectionView(change.after);
    const account = await this.payouts.resumeOffice(officeId);
    return { ...view, status: account?.status ?? view.status };
  }
}
