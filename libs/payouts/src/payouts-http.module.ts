import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { StripeGateway } from '#pie/billing';
import { CompleteOnboardingHandler } from './commands/complete-onboarding/complete-onboarding.handler.js';
import { CreateLoginLinkHandler } from './commands/create-login-link/create-login-link.handler.js';
import { CreatePayoutHandler } from './commands/create-payout/create-payout.handler.js';
import { GiveBackHandler, ListGiveBacksHandler } from './commands/give-back/give-back.handler.js';
import { ConnectedAccountSync } from './domain/connected-account-sync.js';
import { DeauthorizedAccounts } from './domain/deauthorized-accounts.js';
import { TransferSender } from './domain/transfer-sender.js';
import { PayoutMaker } from './domain/payout-maker.js';
import { ClaimFundsController, GiveBackController } from './http/funds.controller.js';
import { StripeConnectController } from './http/stripe-connect.controller.js';
import { CheckMonthlyFeeHandler } from './queries/check-monthly-fee/check-monthly-fee.handler.js';
import { GetClaimInsightsHandler, ListClaimPayoutsHandler, ListClaimTransactionsHandler } from './queries/claim-funds/claim-funds.handlers.js';
import { GetConnectedAccountBalanceHandler, GetTotalPayoutHandler } from './queries/get-connected-account-figures/get-connected-account-figures.handlers.js';
import { GetOfficeBalanceHandler } from './queries/get-office-balance/get-office-balance.handler.js';
import {
  GetOfficeTransactionHandler,
  GetPayoutDetailsHandler,
  GetWalletBalanceHandler,
  ListOfficeTransactionsHandler,
  ListPayoutsHandler,
  ListTransfersWithoutPayoutsHandler,
} from './queries/office-funds/office-funds.handlers.js';

/** HTTP side of payouts, imported by apps/api: the offices' Stripe Connect accounts, their money and payouts. */
@Module({
  imports: [CqrsModule],
  controllers: [StripeConnectController, ClaimFundsController, GiveBackController],
  providers: [
    StripeGateway,
    ConnectedAccountSync,
    TransferSender,
    DeauthorizedAccounts,
    PayoutMaker,
    CompleteOnboardingHandler,
    CreateLoginLinkHandler,
    CreatePayoutHandler,
    GiveBackHandler,
    ListGiveBacksHandler,
    CheckMonthlyFeeHandler,
    GetOfficeBalanceHandler,
    GetConnectedAccountBalanceHandler,
    GetTotalPayoutHandler,
    GetWalletBalanceHandler,
    ListPayoutsHandler,
    GetPayoutDetailsHandler,
    ListTransfersWithoutPayoutsHandler,
    ListOfficeTransactionsHandler,
    GetOfficeTransactionHandler,
    ListClaimTransactionsHandler,
    GetClaimInsightsHandler,
    ListClaimPayoutsHandler,
  ],
})
export class PayoutsHttpModule {}
