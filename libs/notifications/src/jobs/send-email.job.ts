import { defineJob } from '#pie/platform';

export interface SendEmailPayload {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one e-mail over SMTP. Recorded through the outbox by whichever module needs a mail sent. */
export const SendEmail = defineJob<SendEmailPayload>('email', 'notifications.send-email');
