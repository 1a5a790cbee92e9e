/*
 * The Stripe stand-in (billing and Connect): see README.md. Exported for tests and scripts.
 */
export { startStripeSandbox, DEFAULT_WEBHOOK_SECRET, type StripeSandbox, type StripeSandboxOptions } from './server.js';
export { StripeSandboxControl, StripeSandboxControlError, type SandboxClock } from './control-client.js';
export { stripeCardFee, testCard, DISPUTE_FEE_CENTS, SUCCEEDING_CARD } from './cards.js';
export { signatureHeader, DEFAULT_KNOBS, type DeliveryKnobs, type DeliveryRecord, type RetryPolicy } from './webhooks.js';
export { FAILING_BANK_ACCOUNTS } from './connect.js';
export { startStripeHarness, sdkFor, WebhookReceiver, TEST_WEBHOOK_SECRET, type StripeHarness, type ReceivedWebhook } from './testing/harness.js';
