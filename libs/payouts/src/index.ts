// Public surface of libs/payouts: the offices' Stripe Connect accounts (DESIGN §8).
export { payoutsModule } from './payouts.module-descriptor.js';
export { PayoutsHttpModule } from './payouts-http.module.js';
export { PayoutsWorkerModule } from './payouts-worker.module.js';
export { ONBOARDING_RETURN_PATH } from './commands/complete-onboarding/complete-onboarding.handler.js';
export { releaseEscrow } from './domain/escrow-release.js';
export { TransferSender, transferIdempotencyKey } from './domain/transfer-sender.js';
export { bookDueTransfer } from './domain/transfers.js';
export { payoutFeeCents } from './domain/connect-fees.js';
export { expireEscrowOf } from './domain/escrow-expiry.js';
export { ExpireEscrow } from './jobs/expire-escrow/expire-escrow.job.js';
export { SweepTransfers } from './jobs/sweep-transfers/sweep-transfers.job.js';
export { TransferOfficeEarnings } from './jobs/transfer-office-earnings/transfer-office-earnings.job.js';
export { PayoutMaker } from './domain/payout-maker.js';
export { officesAgainstStripe, agreesWithStripe, type OfficeAgainstStripe } from './domain/provider-reconciliation.js';
export { PayoutsFacade, PayoutsFacadeModule, type ProcessPayoutsOutcome } from './payouts.facade.js';
export { OFFICE_MONEY_FIGURES, officesMoney, officeMoney, type OfficeMoney } from './domain/office-money.js';
