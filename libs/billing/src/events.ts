// Billing's published events ('#pie/billing/events'): what other modules listen to. They depend on
// the platform only, so pies can listen to billing while billing listens to pies without a cycle.
export { SubscriptionActivated, type SubscriptionActivatedPayload, type PieSettings } from './events/subscription-activated.event.js';
export { InvoicePaid, type InvoicePaidPayload } from './events/invoice-paid.event.js';
export {
  SubscriptionStatusChanged,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  type SubscriptionStatusChangedPayload,
} from './events/subscription-status-changed.event.js';
export { StripeAccountUpdated, type StripeAccountUpdatedPayload } from './events/stripe-account-updated.event.js';
export { StripePayoutUpdated, type StripePayoutUpdatedPayload } from './events/stripe-payout-updated.event.js';
export { StripeTransferReversed, type StripeTransferReversedPayload } from './events/stripe-transfer-reversed.event.js';
export { StripeAccountDeauthorized, type StripeAccountDeauthorizedPayload } from './events/stripe-account-deauthorized.event.js';
export { StripeCustomerCreated, type StripeCustomerCreatedPayload } from './events/stripe-customer-created.event.js';
