// Public surface of libs/billing: the fan's Stripe side (checkout, subscriptions, webhooks) and its events.
export { billingModule } from './billing.module-descriptor.js';
export { SubscriptionActivated, type SubscriptionActivatedPayload, type PieSettings } from './events/subscription-activated.event.js';
export { InvoicePaid, type InvoicePaidPayload } from './events/invoice-paid.event.js';
export {
  SubscriptionStatusChanged,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  type SubscriptionStatusChangedPayload,
} from './events/subscription-status-changed.event.js';
export { StripeAccountUpdated, type StripeAccountUpdatedPayload } from './events/stripe-account-updated.event.js';
export { BillingHttpModule } from './billing-http.module.js';
export { BillingWorkerModule } from './billing-worker.module.js';
export { HandleStripeEvent, type HandleStripeEventPayload } from './jobs/handle-stripe-event/handle-stripe-event.job.js';
export { STRIPE_WEBHOOK_PATH } from './http/stripe-webhook.route.js';
export { BILLING_JOURNAL_KINDS } from './domain/stripe-event-processor.js';
export { PAYMENT_FAILED_SUBJECT } from './domain/payment-failed-email.js';
export { createStripeClient, StripeGateway, WEBHOOK_TOLERANCE_SECONDS } from './stripe/stripe-gateway.js';
export { platformFeeCents, estimatedCardFeeCents, splitPayment } from './domain/fees.js';
export { promoPoolTopUp } from './domain/promo-pool.js';
