import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PayoutView } from '#pie/contracts';
import { requireAdmin } from '#pie/offices';
import { Database } from '#pie/platform';
import { payoutView } from '../../domain/payout-rows.js';
import { PayoutMaker } from '../../domain/payout-maker.js';
import { CreatePayout } from './create-payout.command.js';

@CommandHandler(CreatePayout)
export class CreatePayoutHandler implements ICommandHandler<CreatePayout> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(PayoutMaker) private readonly payouts: PayoutMaker,
  ) {}

  async execute({ userId, officeId }: CreatePayout): Promise<PayoutView> {
    await requireAdmin(this.database.em(), officeId, userId);
    return payoutView(await this.payouts.payOutAvailable(officeId, userId));
  }
}
