// Test- and script-only surface of libs/billing: imported as '#pie/billing/testing' by test/ and scripts/,
// never by another module (dependency-cruiser refuses it). Billing's events are '#pie/billing/events'.
export { createStripeClient } from './stripe/stripe-gateway.js';
export { platformFeeCents } from './domain/fees.js';
export { promoPoolTopUp } from './domain/promo-pool.js';
