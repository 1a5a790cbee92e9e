import { DomainError } from '#pie/platform';

// Error codes are listed in libs/contracts/src/error-codes.ts.
export const notConnected = () =>
  new DomainError('payouts.not-connected', 'conflict', 'This office has not connected a Stripe account yet. Connect one in the office settings first.');
export const onboardingIncomplete = () =>
  new DomainError('payouts.onboarding-incomplete', 'conflict', 'Finish connecting the Stripe account first: its dashboard opens once Stripe has the details it asked for.');
