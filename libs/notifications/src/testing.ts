// Test- and script-only surface of libs/notifications: imported as '#pie/notifications/testing' by test/ and scripts/,
// never by another module (dependency-cruiser refuses it). The subjects are what tests find a mail by.
export { VERIFY_EMAIL_SUBJECT } from './templates/verify-email.template.js';
export { OFFICE_INVITATION_SUBJECT } from './templates/account-emails.template.js';
export { PAYMENT_RECEIPT_SUBJECT, PIE_CANCELLED_SUBJECT, PAYMENT_FAILED_SUBJECT } from './templates/payment-emails.template.js';
export { CLAIM_VERIFIED_SUBJECT, CLAIM_REJECTED_SUBJECT } from './templates/claim-emails.template.js';
export { STRIPE_DISCONNECTED_SUBJECT, STRIPE_RESTRICTED_SUBJECT, PAYOUT_SENT_SUBJECT } from './templates/office-stripe-emails.template.js';
export { formatDay, formatPeriod } from './templates/format.js';
