// Public surface of libs/notifications: the send-email job and the messages other modules mail.
export { SendEmail, type SendEmailPayload } from './jobs/send-email.job.js';
export { verifyEmailMessage } from './templates/verify-email.template.js';
export { resetPasswordMessage, accountExistsMessage, officeInvitationMessage } from './templates/account-emails.template.js';
export { notificationsModule } from './notifications.module-descriptor.js';
export { paymentReceiptMessage, pieCancelledMessage, paymentFailedMessage } from './templates/payment-emails.template.js';
export { claimVerifiedMessage, claimRejectedMessage } from './templates/claim-emails.template.js';
export { stripeDisconnectedMessage, stripeRestrictedMessage, payoutSentMessage } from './templates/office-stripe-emails.template.js';
