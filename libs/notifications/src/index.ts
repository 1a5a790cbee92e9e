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
