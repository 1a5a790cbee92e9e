import type { SendEmailPayload } from '../jobs/send-email.job.js';
import { actionEmailHtml } from './layout.js';

export const VERIFY_EMAIL_SUBJECT = 'Verify your e-mail address for Pie';

export function verifyEmailMessage(options: { to: string; firstName: string; link: string }): SendEmailPayload {
  const greeting = `Hi ${options.firstName},`;
  const body = 'Welcome to Pie! Confirm this is your e-mail address to finish creating your account. The link works once and expires in 24 hours.';
  return {
    to: options.to,
    subject: VERIFY_EMAIL_SUBJECT,
    text: `${greeting}\n\n${body}\n\nVerify your e-mail: ${options.link}\n\nIf you did not sign up for Pie, ignore this message.`,
    html: actionEmailHtml({
      heading: 'Verify your e-mail address',
      paragraphs: [greeting, body, 'If you did not sign up for Pie, ignore this message.'],
      actionLabel: 'Verify e-mail',
      actionUrl: options.link,
    }),
  };
}
