import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { StripeGateway } from '#pie/billing';
import { CompleteOnboardingHandler } from './commands/complete-onboarding/complete-onboarding.handler.js';
import { CreateLoginLinkHandler } from './commands/create-login-link/create-login-link.handler.js';
import { ConnectedAccountSync } from './domain/connected-account-sync.js';
import { StripeConnectController } from './http/stripe-connect.controller.js';
import { CheckMonthlyFeeHandler } from './queries/check-monthly-fee/check-monthly-fee.handler.js';
import { GetConnectedAccountBalanceHandler, GetTotalPayoutHandler } from './queries/get-connected-account-figures/get-connected-account-figures.handlers.js';
import { GetOfficeBalanceHandler } from './queries/get-office-balance/get-office-balance.handler.js';

/** HTTP side of payouts, imported by apps/api: the offices' Stripe Connect accounts. */
@Module({
  imports: [CqrsModule],
  controllers: [StripeConnectController],
  providers: [StripeGateway, ConnectedAccountSync, CompleteOnboardingHandler, CreateLoginLinkHandler, CheckMonthlyFeeHandler, GetOfficeBalanceHandler, GetConnectedAccountBalanceHandler, GetTotalPayoutHandler],
})
export class PayoutsHttpModule {}
