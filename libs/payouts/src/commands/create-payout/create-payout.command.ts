import { Command } from '@nestjs/cqrs';
import type { PayoutView } from '#pie/contracts';

/** `POST stripe/create-payout` (officeId): an office admin pays out the Stripe account's available balance. */
export class CreatePayout extends Command<PayoutView> {
  constructor(readonly userId: string, readonly officeId: string) {
    super();
  }
}
