import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OnboardingLinkView } from '#pie/contracts';
import { StripeGateway } from '#pie/billing';
import { requireAdmin } from '#pie/offices';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { connectedAccountOf, insertConnectedAccount } from '../../domain/connected-accounts.js';
import { CompleteOnboarding } from './complete-onboarding.command.js';

/** Where Stripe's onboarding sends the browser back: the office settings, which re-read the status. */
export const ONBOARDING_RETURN_PATH = '/for-artists/office-settings';

@CommandHandler(CompleteOnboarding)
export class CompleteOnboardingHandler implements ICommandHandler<CompleteOnboarding> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, officeId }: CompleteOnboarding): Promise<OnboardingLinkView> {
    const em = this.database.em();
    await requireAdmin(em, officeId, userId);
    const stripe = this.gateway.stripe;
    let account = await connectedAccountOf(em, officeId);
    if (!account) {
      // The idempotency key makes concurrent or retried first clicks one Stripe account; the
      // office_id primary key makes them one row.
      const created = await stripe.accounts.create(
        { type: 'express', country: 'US', capabilities: { transfers: { requested: true } }, metadata: { officeId } },
        { idempotencyKey: `pie-office-account-${officeId}` },
      );
      account = await insertConnectedAccount(em, officeId, created);
    }
    const back = new URL(ONBOARDING_RETURN_PATH, this.config.PUBLIC_URL);
    back.searchParams.set('officeId', officeId);
    const link = await stripe.accountLinks.create({
      account: account.stripe_account_id,
      type: 'account_onboarding',
      refresh_url: `${back.href}&stripe=refresh`,
      return_url: `${back.href}&stripe=return`,
    });
    return { accountLink: { url: link.url } };
  }
}
