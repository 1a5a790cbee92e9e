export { SendEmail, type SendEmailPayload } from './jobs/send-email.job.js';
export { verifyEmailMessage, VERIFY_EMAIL_SUBJECT } from './templates/verify-email.template.js';
export {
  resetPasswordMessage,
  accountExistsMessage,
  completeRegistrationMessage,
  officeInvitationMessage,
  OFFICE_INVITATION_SUBJECT,
  RESET_PASSWORD_SUBJECT,
  ACCOUNT_EXISTS_SUBJECT,
  COMPLETE_REGISTRATION_SUBJECT,
} from './templates/account-emails.template.js';
export { notificationsModule } from './notifications.module-descriptor.js';
export {
  paymentReceiptMessage,
  pieCancelledMessage,
  paymentFailedMessage,
  PAYMENT_RECEIPT_SUBJECT,
  PIE_CANCELLED_SUBJECT,
  PAYMENT_FAILED_SUBJECT,
  type PaymentReceipt,
} from './templates/payment-emails.template.js';
export { claimVerifiedMessage, claimRejectedMessage, CLAIM_VERIFIED_SUBJECT, CLAIM_REJECTED_SUBJECT } from './templates/claim-emails.template.js';
export {
  stripeDisconnectedMessage,
  stripeRestrictedMessage,
  payoutSentMessage,
  STRIPE_DISCONNECTED_SUBJECT,
  STRIPE_RESTRICTED_SUBJECT,
  PAYOUT_SENT_SUBJECT,
} from './templates/office-stripe-emails.template.js';
export { formatUsd, formatDay, formatPeriod } from './templates/format.js';
