import { Inject, Injectable } from '@nestjs/common';
import { StripeGateway } from '#pie/billing';
import { Database } from '#pie/platform';
import { saveAccountState, type ConnectedAccountRow } from './connected-accounts.js';

/** Re-reads a connected account from Stripe and stores its state: the one way the status changes. */
@Injectable()
export class ConnectedAccountSync {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
  ) {}

  /** The stored row after the refresh, or null when the account is not an office's. */
  async refresh(stripeAccountId: string): Promise<ConnectedAccountRow | null> {
    const account = await this.gateway.stripe.accounts.retrieve(stripeAccountId);
    return saveAccountState(this.database.em(), account);
  }
}
