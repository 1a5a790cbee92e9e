import { Inject, Injectable } from '@nestjs/common';
import { StripeAccountDeauthorized, type StripeAccountDeauthorizedPayload } from '#pie/billing/events';
import { ListensTo, type EventListener, type OutboxEnvelope } from '#pie/platform';
import { DeauthorizedAccounts } from '../domain/deauthorized-accounts.js';

/**
 * The office's Stripe account removed Pie's access: no transfer, payout or read can reach it any
 * more, so the office is disconnected for good (its earnings stay at Pie until it connects a new
 * account) and what the account held leaves the books with it. Both happen once, however often the
 * news comes.
 */
@Injectable()
@ListensTo(StripeAccountDeauthorized, { consumer: 'payouts.disconnect-deauthorized-account', queue: 'payments' })
export class DisconnectOnStripeAccountDeauthorizedListener implements EventListener<StripeAccountDeauthorizedPayload> {
  constructor(@Inject(DeauthorizedAccounts) private readonly deauthorized: DeauthorizedAccounts) {}

  async handle(event: OutboxEnvelope<StripeAccountDeauthorizedPayload>): Promise<void> {
    await this.deauthorized.deauthorized(event.payload.accountId);
  }
}
