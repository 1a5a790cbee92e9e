import { Inject, Injectable } from '@nestjs/common';
import { chargesAgainstStripe, StripeGateway } from '#pie/billing';
import { agreesWithStripe, PayoutsFacade } from '#pie/payouts';
import { Database } from '#pie/platform';
import type { ProviderRecords } from './reconciliation.js';

/** The provider check's two halves: billing's charges and payouts' transfers and payouts, each against Stripe. */
@Injectable()
export class StripeRecords implements ProviderRecords {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(PayoutsFacade) private readonly payouts: PayoutsFacade,
  ) {}

  charges(): Promise<string[]> {
    return chargesAgainstStripe(this.database.em(), this.gateway.stripe);
  }

  async offices(): Promise<string[]> {
    return (await this.payouts.officesAgainstStripe())
      .filter((office) => !agreesWithStripe(office))
      .map((office) => `office ${office.officeId} (${office.stripeAccountId}): ledger ${JSON.stringify(office.ledger)}, Stripe ${JSON.stringify(office.stripe)}`);
  }
}
