import { Command } from '@nestjs/cqrs';
import type { PayoutsFacade } from '#pie/payouts';

type ProcessPayoutsOutcome = Awaited<ReturnType<PayoutsFacade['processDuePayouts']>>;

/** `POST escrow/process-payouts`: releases what can be released and sends due transfers, each item audited (see the handler). */
export class ProcessEscrowPayouts extends Command<ProcessPayoutsOutcome> {
  constructor(readonly adminId: string) {
    super();
  }
}
