import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type Stripe from 'stripe';
import type { OnboardingLinkView } from '#pie/contracts';
import { StripeGateway } from '#pie/billing';
import { requireAdmin } from '#pie/offices';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { ConnectedAccountSync } from '../../domain/connected-account-sync.js';
import { connectedAccountOf, insertConnectedAccount, reconnectAccount, replaceDeauthorizedAccount } from '../../domain/connected-accounts.js';
import { DeauthorizedAccounts } from '../../domain/deauthorized-accounts.js';
import { isAccessRevoked } from '../../domain/stripe-errors.js';
import { resumeOffice } from '../../domain/escrow-release.js';
import { CompleteOnboarding } from './complete-onboarding.command.js';

/** Where Stripe's onboarding sends the browser back: the office settings, which re-read the status. */
export const ONBOARDING_RETURN_PATH = '/for-artists/office-settings';

@CommandHandler(CompleteOnboarding)
export class CompleteOnboardingHandler implements ICommandHandler<CompleteOnboarding> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ConnectedAccountSync) private readonly sync: ConnectedAccountSync,
    @Inject(DeauthorizedAccounts) private readonly deauthorized: DeauthorizedAccounts,
  ) {}

  async execute({ userId, officeId }: CompleteOnboarding): Promise<OnboardingLinkView> {
    await requireAdmin(this.database.em(), officeId, userId);
    try {
      return await this.onboard(userId, officeId);
    } catch (error) {
      // Stripe says the account no longer lets Pie in before its webhook has: the same way back.
      const account = isAccessRevoked(error) ? await connectedAccountOf(this.database.em(), officeId) : null;
      if (!account || account.deauthorizedAt) throw error;
      await this.deauthorized.deauthorized(account.stripeAccountId);
      return this.onboard(userId, officeId);
    }
  }

  private async onboard(userId: string, officeId: string): Promise<OnboardingLinkView> {
    const em = this.database.em();
    let account = await connectedAccountOf(em, officeId);
    if (!account) {
      // The idempotency key makes concurrent or retried first clicks one Stripe account; the
      // office_id primary key makes them one row.
      account = await insertConnectedAccount(em, officeId, await this.createExpressAccount(officeId, `pie-office-account-${officeId}`));
    }
    if (account.deauthorizedAt) {
      // The account removed Pie's access at Stripe: nothing can reach it again, so the way back is a
      // new Express account, made like the first. Its deauthorization is settled first (what the
      // old account held leaves the books with it), so the office's `office_connected` is the new
      // account's alone. The key is per old account: concurrent clicks make one new account, and a
      // later deauthorization of that one gets another.
      const old = account.stripeAccountId;
      await this.deauthorized.settle(old);
      const created = await this.createExpressAccount(officeId, `pie-office-account-${officeId}-after-${old}`);
      account = (await this.database.transaction((tx) => replaceDeauthorizedAccount(tx, officeId, old, created, { kind: 'office', userId }))) ?? (await connectedAccountOf(em, officeId))!;
    } else if (account.disconnectedAt) {
      // The way back after a disconnect: the office's admin reconnects through onboarding (recorded
      // with who did it); transfers resume once Stripe has the account enabled.
      await this.database.transaction((tx) => reconnectAccount(tx, officeId, { kind: 'office', userId }));
      account = (await resumeOffice(this.database, this.sync, officeId)) ?? account;
    }
    const back = new URL(ONBOARDING_RETURN_PATH, this.config.PUBLIC_URL);
    back.searchParams.set('officeId', officeId);
    const link = await this.gateway.stripe.accountLinks.create({
      account: account.stripeAccountId,
      type: 'account_onboarding',
      refresh_url: `${back.href}&stripe=refresh`,
      return_url: `${back.href}&stripe=return`,
    });
    return { accountLink: { url: link.url } };
  }

  /**
   * An Express account for the office. Payouts are manual: Stripe's default (daily, automatic)
   * would empty the account behind Pie's back; Pie pays out when asked, and still books any payout
   * Stripe reports.
   */
  private createExpressAccount(officeId: string, idempotencyKey: string): Promise<Stripe.Account> {
    return this.gateway.stripe.accounts.create(
      { type: 'express', country: 'US', capabilities: { transfers: { requested: true } }, settings: { payouts: { schedule: { interval: 'manual' } } }, metadata: { officeId } },
      { idempotencyKey },
    );
  }
}
