import { Inject, Injectable } from '@nestjs/common';
import { StripeGateway } from '#pie/billing';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { connectedAccountByStripeId, isDeauthorizedAccount, saveAccountState, type ConnectedAccount } from './connected-accounts.js';
import { mailStripeRestricted } from './office-mails.js';

/** Re-reads a connected account from Stripe and stores its state: the one way the status changes. */
@Injectable()
export class ConnectedAccountSync {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The stored row after the refresh, or null when the account is not an office's. An account that
   * was enabled and is not any more (Stripe restricted it until it gets more information) has the
   * office's admins told, in the transaction that records the change: once per restriction.
   */
  async refresh(stripeAccountId: string): Promise<ConnectedAccount | null> {
    // An account that removed Pie's access answers 403 to anything: what Pie stored is all there is.
    if (await isDeauthorizedAccount(this.database.em(), stripeAccountId)) return connectedAccountByStripeId(this.database.em(), stripeAccountId);
    const account = await this.gateway.stripe.accounts.retrieve(stripeAccountId);
    return this.database.transaction(async (tx) => {
      const row = await saveAccountState(tx, account);
      if (row && row.previousStatus === 'enabled' && row.status !== 'enabled' && !row.disconnectedAt) {
        const deadline = account.requirements?.current_deadline;
        await mailStripeRestricted(tx, this.config.PUBLIC_URL, row.officeId, deadline ? new Date(deadline * 1000) : null);
      }
      return row;
    });
  }
}
