import { DomainError } from '#pie/platform';

// Error codes are listed in libs/contracts/src/error-codes.ts.
export const notConnected = () =>
  new DomainError('payouts.not-connected', 'conflict', 'This office has not connected a Stripe account yet. Connect one in the office settings first.');
export const onboardingIncomplete = () =>
  new DomainError('payouts.onboarding-incomplete', 'conflict', 'Finish connecting the Stripe account first: its dashboard opens once Stripe has the details it asked for.');
export const payoutNotFound = () => new DomainError('payouts.payout-not-found', 'not-found', 'No such payout for this office.');
export const transactionNotFound = () => new DomainError('payouts.transaction-not-found', 'not-found', 'No such transaction for this office.');
export const nothingToPayOut = () =>
  new DomainError('payouts.nothing-to-pay-out', 'conflict', 'There is nothing available to pay out yet: transferred money becomes available in the Stripe account first.');
export const payoutInProgress = () => new DomainError('payouts.payout-in-progress', 'conflict', 'A payout for this office is being made right now. Wait a moment and look at the payouts list.');
export const notEnoughEarnings = (available: string) =>
  new DomainError('payouts.not-enough-earnings', 'conflict', `The office's earnings at Pie are $${available}: give back at most that much.`);
export const disconnected = () => new DomainError('payouts.disconnected', 'conflict', 'Pie has disconnected this office\'s Stripe account. Contact support to connect it again.');
export const accountDeauthorized = () =>
  new DomainError(
    'payouts.account-deauthorized',
    'conflict',
    "This office's Stripe account removed Pie's access at Stripe, which Pie cannot undo: the office's admin must connect Stripe again (Office settings → Connect Stripe), which opens a new Stripe account for the office. Money already in the old account stays there, in its own Stripe dashboard.",
  );
export const stripeRefused = (message: string) => new DomainError('payouts.stripe-refused', 'conflict', `Stripe refused: ${message}`);
export const balanceMismatch = (available: string, booked: string) =>
  new DomainError(
    'payouts.balance-mismatch',
    'conflict',
    `Stripe shows $${available} available in this office's account, but Pie's books hold $${booked} for it. Nothing was paid out: an admin must reconcile the account first (Admin → Financial reconciliation → provider check).`,
  );
export const claimNotVerified = () =>
  new DomainError('payouts.claim-not-verified', 'conflict', 'Funding insights open once the claim on this artist is verified.');
