import { Inject, Injectable } from '@nestjs/common';
import { StripePayoutUpdated, type StripePayoutUpdatedPayload } from '#pie/billing/events';
import { ListensTo, type EventListener, type OutboxEnvelope } from '#pie/platform';
import { PayoutMaker } from '../domain/payout-maker.js';

/**
 * Stripe said an office's payout changed (paid, failed…): re-read it and record it. No inbox row
 * needed: re-reading the current payout and its journals' keys make repeats and reorders harmless.
 */
@Injectable()
@ListensTo(StripePayoutUpdated, { consumer: 'payouts.sync-payout', queue: 'payments' })
export class SyncPayoutOnStripePayoutUpdatedListener implements EventListener<StripePayoutUpdatedPayload> {
  constructor(@Inject(PayoutMaker) private readonly payouts: PayoutMaker) {}

  async handle(event: OutboxEnvelope<StripePayoutUpdatedPayload>): Promise<void> {
    await this.payouts.sync(event.payload.accountId, event.payload.payoutId);
  }
}
