import { PROMO_ALREADY_USED_MESSAGE, PROMO_UNAVAILABLE_MESSAGE, PROMO_VERIFY_FIRST_MESSAGE } from '#pie/contracts';
import { DomainError } from '#pie/platform';

export const subscriptionNotFound = () => new DomainError('billing.subscription-not-found', 'not-found', 'Subscription not found');
export const alreadyHasLivePie = () =>
  new DomainError('billing.pie-already-running', 'conflict', 'You already have a pie running: cancel it (or let it end) before starting another');
export const promoAlreadyUsed = () =>
  new DomainError('billing.promo-already-used', 'conflict', `${PROMO_ALREADY_USED_MESSAGE}. Each user can only use this offer once.`);
export const promoNotEligible = () =>
  new DomainError('billing.promo-not-eligible', 'conflict', 'The free PIE promotion is only for fans who signed up through the promotion');
export const promoCodesGone = () => new DomainError('billing.promo-codes-gone', 'conflict', PROMO_UNAVAILABLE_MESSAGE);
export const promoNeedsVerifiedAccount = () => new DomainError('billing.promo-needs-verified-account', 'conflict', PROMO_VERIFY_FIRST_MESSAGE);
export const promoFundsExhausted = () => new DomainError('billing.promo-funds-exhausted', 'conflict', 'The free PIE promotion has run out for now');
export const noBillingAccount = () => new DomainError('billing.no-billing-account', 'not-found', 'No billing account yet: start a pie first');
export const paymentsNotConfigured = () =>
  new DomainError('billing.payments-not-configured', 'unavailable', 'Payments are not configured on this server (STRIPE_SECRET_KEY is unset)');
