import { Inject, Injectable } from '@nestjs/common';
import { StripeGateway } from '#pie/billing';
import { StripeTransferReversed, type StripeTransferReversedPayload } from '#pie/billing/events';
import { Database, ListensTo, type EventListener, type OutboxEnvelope } from '#pie/platform';
import { payoutsDb } from '../db/payouts-db.js';
import { isDeauthorizedAccount } from '../domain/connected-accounts.js';
import { bookTransferReversal } from '../domain/transfers.js';

/**
 * Stripe took (part of) a transfer back from an office's account: each of the transfer's reversals
 * is booked once (its own key), whatever order or number of times the news arrives.
 */
@Injectable()
@ListensTo(StripeTransferReversed, { consumer: 'payouts.book-transfer-reversal', queue: 'payments' })
export class BookReversalOnStripeTransferReversedListener implements EventListener<StripeTransferReversedPayload> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
  ) {}

  async handle(event: OutboxEnvelope<StripeTransferReversedPayload>): Promise<void> {
    const transfer = await this.gateway.stripe.transfers.retrieve(event.payload.transferId);
    // Only a transfer Pie booked can be taken back from its books (any other shows in the provider
    // check), and only from an account Pie still reaches: what an account held when it removed
    // Pie's access already left the books with it (Stripe lets no reversal touch it anyway).
    const booked = await payoutsDb(this.database.em())
      .selectFrom('payouts.transfers')
      .select(['office_id', 'stripe_account_id'])
      .where('stripe_transfer_id', '=', transfer.id)
      .where('status', '=', 'made')
      .executeTakeFirst();
    if (!booked || (await isDeauthorizedAccount(this.database.em(), booked.stripe_account_id))) return;
    for await (const reversal of this.gateway.stripe.transfers.listReversals(transfer.id, { limit: 100 })) {
      await this.database.transaction((tx) => bookTransferReversal(tx, booked.office_id, { id: reversal.id, amount: reversal.amount, created: reversal.created, transferId: transfer.id }));
    }
  }
}
