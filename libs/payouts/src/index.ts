// Public surface of libs/payouts: the offices' Stripe Connect accounts (DESIGN §8).
export { payoutsModule } from './payouts.module-descriptor.js';
export { PayoutsHttpModule } from './payouts-http.module.js';
export { PayoutsWorkerModule } from './payouts-worker.module.js';
export { ONBOARDING_RETURN_PATH } from './commands/complete-onboarding/complete-onboarding.handler.js';
export { releaseEscrow, ESCROW_RELEASED_JOURNAL } from './domain/escrow-release.js';
