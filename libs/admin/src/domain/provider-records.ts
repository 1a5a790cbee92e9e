import { Inject, Injectable } from '@nestjs/common';
import { fansAgainstStripe, StripeGateway } from '#pie/billing';
import { agreesWithStripe, PayoutsFacade } from '#pie/payouts';
import { Database } from '#pie/platform';
import type { ProviderProgress, ProviderRecords } from './reconciliation.js';

/**
 * The provider check's two halves, each against Stripe through the SDK: billing's (the platform's
 * balance transactions: charges, refunds, disputes, fees, the balance) and payouts' (each office's
 * transfers, reversals, payouts, Connect fees and balance).
 */
@Injectable()
export class StripeRecords implements ProviderRecords {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(PayoutsFacade) private readonly payouts: PayoutsFacade,
  ) {}

  charges(progress: ProviderProgress = () => undefined): Promise<string[]> {
    return fansAgainstStripe(this.database.em(), this.gateway.stripe, (step, done) => progress(`${step}: ${done} read`));
  }

  async offices(progress: ProviderProgress = () => undefined): Promise<string[]> {
    return (await this.payouts.officesAgainstStripe((done, total) => progress(`offices: ${done} of ${total} compared`)))
      .filter((office) => !agreesWithStripe(office))
      .map(
        (office) =>
          `office ${office.officeId} (${office.stripeAccountId})${office.deauthorized ? ', an account that removed Pie’s access (its transfers compared; the ledger must hold nothing for it)' : ''}: ledger ${JSON.stringify(office.ledger)}, Stripe ${office.stripe ? JSON.stringify(office.stripe) : office.problem}`,
      );
  }
}
