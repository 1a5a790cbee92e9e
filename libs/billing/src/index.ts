// Public surface of libs/billing: the fan's Stripe side (checkout, subscriptions, webhooks) and its events.
export { SubscriptionActivated, type SubscriptionActivatedPayload, type PieSettings } from './events/subscription-activated.event.js';
export { InvoicePaid, type InvoicePaidPayload } from './events/invoice-paid.event.js';
export {
  SubscriptionStatusChanged,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  type SubscriptionStatusChangedPayload,
} from './events/subscription-status-changed.event.js';
