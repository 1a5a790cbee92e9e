// Public surface of libs/billing: the fan's Stripe side (checkout, subscriptions, webhooks) and its events.
export { billingModule } from './billing.module-descriptor.js';
export { STRIPE_WEBHOOK_PATH } from './http/stripe-webhook.route.js';
export { StripeGateway } from './stripe/stripe-gateway.js';
export { fansAgainstStripe } from './domain/charges-reconciliation.js';
export { FAN_MONEY_FIGURES, FAN_REVERSAL_FIGURES, fanMoneySummary } from './domain/fan-money.js';
