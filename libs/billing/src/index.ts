// Public surface of libs/billing: the fan's Stripe side (checkout, subscriptions, webhooks) and its events.
export { billingModule } from './billing.module-descriptor.js';
export * from './events.js';
export { BillingHttpModule } from './billing-http.module.js';
export { BillingWorkerModule } from './billing-worker.module.js';
export { HandleStripeEvent, type HandleStripeEventPayload } from './jobs/handle-stripe-event/handle-stripe-event.job.js';
export { STRIPE_WEBHOOK_PATH } from './http/stripe-webhook.route.js';
export { PAYMENT_FAILED_SUBJECT } from '#pie/notifications';
export { createStripeClient, StripeGateway, WEBHOOK_TOLERANCE_SECONDS } from './stripe/stripe-gateway.js';
export { platformFeeCents, estimatedCardFeeCents, splitPayment } from './domain/fees.js';
export { promoPoolTopUp } from './domain/promo-pool.js';
export { fansAgainstStripe, STRIPE_BACKED_KINDS, type ProgressReport } from './domain/charges-reconciliation.js';
export { FAN_MONEY_FIGURES, FAN_REVERSAL_FIGURES, fanMoneySummary, fanWalletBalances, type FanMoneyFigures } from './domain/fan-money.js';
