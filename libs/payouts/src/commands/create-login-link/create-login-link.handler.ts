import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { LoginLinkView } from '#pie/contracts';
import { StripeGateway } from '#pie/billing';
import { requireAdmin } from '#pie/offices';
import { Database } from '#pie/platform';
import { connectedAccountOf } from '../../domain/connected-accounts.js';
import { accountDeauthorized, notConnected, onboardingIncomplete } from '../../domain/payouts.errors.js';
import { CreateLoginLink } from './create-login-link.command.js';

@CommandHandler(CreateLoginLink)
export class CreateLoginLinkHandler implements ICommandHandler<CreateLoginLink> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
  ) {}

  async execute({ userId, officeId }: CreateLoginLink): Promise<LoginLinkView> {
    const em = this.database.em();
    await requireAdmin(em, officeId, userId);
    const account = await connectedAccountOf(em, officeId);
    if (!account) throw notConnected();
    // Stripe refuses anything about an account that removed Pie's access; only a new one helps.
    if (account.deauthorizedAt) throw accountDeauthorized();
    // Stripe only makes login links for accounts that finished onboarding.
    if (!account.detailsSubmitted) throw onboardingIncomplete();
    const link = await this.gateway.stripe.accounts.createLoginLink(account.stripeAccountId);
    return { login_url: link.url };
  }
}
