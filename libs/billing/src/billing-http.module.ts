import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityFacadeModule } from '#pie/identity';
import { LedgerModule } from '#pie/ledger';
import { CancelSubscriptionHandler } from './commands/cancel-subscription/cancel-subscription.handler.js';
import { CreateCheckoutHandler } from './commands/create-checkout/create-checkout.handler.js';
import { CreatePromoSubscriptionHandler } from './commands/create-promo-subscription/create-promo-subscription.handler.js';
import { OpenBillingPortalHandler } from './commands/open-billing-portal/open-billing-portal.handler.js';
import { RefreshSubscriptionHandler } from './commands/refresh-subscription/refresh-subscription.handler.js';
import { CustomerAccounts } from './domain/customer-accounts.js';
import { StripeEventProcessor } from './domain/stripe-event-processor.js';
import { PaymentsController } from './http/payments.controller.js';
import { StripeWebhookRoute } from './http/stripe-webhook.route.js';
import { WalletController } from './http/wallet.controller.js';
import { GetActiveSubscriptionHandler } from './queries/get-active-subscription/get-active-subscription.handler.js';
import { GetWalletBalanceHandler, GetWalletSummaryHandler, ListWalletTransactionsHandler } from './queries/wallet/wallet.handlers.js';
import { StripeGateway } from './stripe/stripe-gateway.js';

/** HTTP side of billing, imported by apps/api: fan payments, the wallet, and the Stripe webhook intake. */
@Module({
  imports: [CqrsModule, IdentityFacadeModule, LedgerModule],
  controllers: [PaymentsController, WalletController],
  providers: [
    StripeGateway,
    StripeWebhookRoute,
    StripeEventProcessor,
    CustomerAccounts,
    CreateCheckoutHandler,
    CreatePromoSubscriptionHandler,
    CancelSubscriptionHandler,
    RefreshSubscriptionHandler,
    OpenBillingPortalHandler,
    GetActiveSubscriptionHandler,
    GetWalletBalanceHandler,
    ListWalletTransactionsHandler,
    GetWalletSummaryHandler,
  ],
})
export class BillingHttpModule {}
