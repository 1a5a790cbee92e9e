import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { noBillingAccount } from '../../domain/billing.errors.js';
import { stripeCustomerOf } from '../../domain/customers.js';
import { StripeGateway } from '../../stripe/stripe-gateway.js';

/** `GET /api/stripe/customerBillingAccount`: a Billing Portal session (card, invoices, cancel) for the fan's own customer. */
export class OpenBillingPortal extends Command<{ url: string }> {
  constructor(readonly fanId: string) {
    super();
  }
}

@CommandHandler(OpenBillingPortal)
export class OpenBillingPortalHandler implements ICommandHandler<OpenBillingPortal> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ fanId }: OpenBillingPortal): Promise<{ url: string }> {
    const customer = await stripeCustomerOf(this.database.em(), fanId);
    if (!customer) throw noBillingAccount();
    const session = await this.gateway.stripe.billingPortal.sessions.create({ customer, return_url: new URL('/settings', this.config.PUBLIC_URL).toString() });
    return { url: session.url };
  }
}
