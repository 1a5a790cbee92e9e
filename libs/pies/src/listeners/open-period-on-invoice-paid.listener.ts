import { Inject, Injectable } from '@nestjs/common';
import { Database, handleOnce, ListensTo, type EventListener, type OutboxEnvelope } from '#pie/platform';
import { openPeriod } from '../domain/pie-lifecycle.js';
import { InvoicePaid, type InvoicePaidPayload } from '#pie/billing/events';
import { piesDb } from '../db/pies-db.js';

/**
 * An invoice paid → the period it pays for is open and knows what it was funded with (the first
 * invoice's period already exists from the subscription; later ones open the next period). An
 * invoice for a subscription without a pie yet throws, so the event is retried until it has one.
 */
@Injectable()
@ListensTo(InvoicePaid, { consumer: 'pies.open-period', queue: 'pies' })
export class OpenPeriodOnInvoicePaidListener implements EventListener<InvoicePaidPayload> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(event: OutboxEnvelope<InvoicePaidPayload>): Promise<void> {
    const { subscriptionId, invoiceId, periodStart, periodEnd, walletCreditCents } = event.payload;
    await handleOnce(this.database.em(), 'pies.open-period', event.id, async (tx) => {
      const pie = await piesDb(tx).selectFrom('pies.pies').select('id').where('subscription_id', '=', subscriptionId).executeTakeFirst();
      if (!pie) throw new Error(`No pie yet for subscription ${subscriptionId}; retrying until billing's activation is handled`);
      await openPeriod(tx, pie.id, { startsAt: new Date(periodStart), endsAt: new Date(periodEnd) }, { invoiceId, fundedCents: walletCreditCents });
    });
  }
}
