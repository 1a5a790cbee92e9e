import { Command } from '@nestjs/cqrs';
import type { StripeConnectionView } from '../../domain/stripe-connection.js';

/** `POST offices/:id/stripe-connection`: payouts undoes a disconnect (its transaction); audited after; transfers resume once Stripe has the account enabled. */
export class ReconnectStripe extends Command<StripeConnectionView> {
  constructor(readonly adminId: string, readonly officeId: string) {
    super();
  }
}
