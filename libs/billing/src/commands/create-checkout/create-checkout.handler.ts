import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CheckoutView, CreateCheckoutRequest } from '#pie/contracts';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { alreadyHasLivePie } from '../../domain/billing.errors.js';
import { CustomerAccounts } from '../../domain/customer-accounts.js';
import { estimatedCardFeeCents, platformFeeCents } from '../../domain/fees.js';
import { pieSettingsMetadata } from '../../domain/pie-settings.js';
import { claimTheOnlyPie } from '../../domain/one-live-pie.js';
import { blocksAnotherPie } from '../../domain/subscription-statuses.js';
import { currentSubscription, lockFan } from '../../domain/subscription-store.js';
import { StripeGateway } from '../../stripe/stripe-gateway.js';

/** `POST /api/stripe/createCheckout`: a Checkout Session for a recurring pie (one every `pieDays` days). */
export class CreateCheckout extends Command<CheckoutView> {
  constructor(
    readonly fanId: string,
    readonly request: CreateCheckoutRequest,
  ) {
    super();
  }
}

@CommandHandler(CreateCheckout)
export class CreateCheckoutHandler implements ICommandHandler<CreateCheckout> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(CustomerAccounts) private readonly customers: CustomerAccounts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ fanId, request }: CreateCheckout): Promise<CheckoutView> {
    const customer = await this.customers.ensure(fanId);
    // Under the fan's lock, so two racing clicks leave one payable session (the other expired).
    const session = await this.database.transaction(async (tx) => {
      await lockFan(tx, fanId);
      const current = await currentSubscription(tx, fanId);
      if (current && blocksAnotherPie(current, new Date())) throw alreadyHasLivePie();
      const stripe = this.gateway.stripe;
      await claimTheOnlyPie(stripe, customer);
      const metadata = pieSettingsMetadata(fanId, request);
      return stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: fanId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: request.amountCents,
              recurring: { interval: 'day', interval_count: request.pieDays },
              product_data: { name: `Pie every ${request.pieDays} days` },
            },
          },
        ],
        metadata,
        subscription_data: { metadata },
        success_url: `${this.config.PUBLIC_URL.replace(/\/$/, '')}/pie/successCheckout?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: new URL('/pie', this.config.PUBLIC_URL).toString(),
      });
    });
    const processorFeeCents = estimatedCardFeeCents(request.amountCents);
    const platformFee = platformFeeCents(request.amountCents, this.config.PLATFORM_FEE_BPS);
    return {
      sessionId: session.id,
      url: session.url!,
      fees: {
        amountCents: request.amountCents,
        processorFeeCents,
        platformFeeCents: platformFee,
        toArtistsCents: Math.max(0, request.amountCents - processorFeeCents - platformFee),
      },
    };
  }
}
