// Test- and script-only surface of libs/payouts: imported as '#pie/payouts/testing' by test/ and scripts/,
// never by another module (dependency-cruiser refuses it). The money paths the tests and the demo drive
// directly (release, transfer, payout, expiry) and the jobs they enqueue by hand.
export { releaseEscrow } from './domain/escrow-release.js';
export { TransferSender, transferIdempotencyKey } from './domain/transfer-sender.js';
export { bookDueTransfer } from './domain/transfers.js';
export { payoutFeeCents } from './domain/connect-fees.js';
export { expireEscrowOf } from './domain/escrow-expiry.js';
export { ExpireEscrow } from './jobs/expire-escrow/expire-escrow.job.js';
export { SweepTransfers } from './jobs/sweep-transfers/sweep-transfers.job.js';
export { TransferOfficeEarnings } from './jobs/transfer-office-earnings/transfer-office-earnings.job.js';
export { PayoutMaker } from './domain/payout-maker.js';
export { officesAgainstStripe } from './domain/provider-reconciliation.js';
