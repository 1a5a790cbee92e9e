export { SendEmail, type SendEmailPayload } from './jobs/send-email.job.js';
export { verifyEmailMessage, VERIFY_EMAIL_SUBJECT } from './templates/verify-email.template.js';
export { NotificationsWorkerModule } from './notifications-worker.module.js';
