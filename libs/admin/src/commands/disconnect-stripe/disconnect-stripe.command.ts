import { Command } from '@nestjs/cqrs';
import type { StripeConnectionView } from '../../domain/stripe-connection.js';

/** `DELETE offices/:id/stripe-connection`: payouts stops transfers (its transaction, the change names the admin); audited after. */
export class DisconnectStripe extends Command<StripeConnectionView> {
  constructor(readonly adminId: string, readonly officeId: string) {
    super();
  }
}
