import type { SendEmailPayload } from '../jobs/send-email.job.js';
import { actionEmailHtml } from './layout.js';

export const RESET_PASSWORD_SUBJECT = 'Reset your Pie password';
export const ACCOUNT_EXISTS_SUBJECT = 'You already have a Pie account';
export const COMPLETE_REGISTRATION_SUBJECT = 'Finish setting up your Pie for Artists account';

function message(options: {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  actionLabel: string;
  link: string;
}): SendEmailPayload {
  return {
    to: options.to,
    subject: options.subject,
    text: `${options.paragraphs.join('\n\n')}\n\n${options.actionLabel}: ${options.link}\n`,
    html: actionEmailHtml({ heading: options.heading, paragraphs: options.paragraphs, actionLabel: options.actionLabel, actionUrl: options.link }),
  };
}

export function resetPasswordMessage(options: { to: string; firstName: string | null; link: string }): SendEmailPayload {
  return message({
    to: options.to,
    subject: RESET_PASSWORD_SUBJECT,
    heading: 'Reset your password',
    paragraphs: [
      `Hi ${options.firstName ?? 'there'},`,
      'Someone asked to reset the password of your Pie account. The link works once and expires in one hour.',
      'If it was not you, ignore this message: your password stays as it is.',
    ],
    actionLabel: 'Choose a new password',
    link: options.link,
  });
}

/** Sent instead of a second account: the sign-up form itself never reveals who has an account. */
export function accountExistsMessage(options: { to: string; firstName: string | null; loginLink: string; resetLink: string }): SendEmailPayload {
  return message({
    to: options.to,
    subject: ACCOUNT_EXISTS_SUBJECT,
    heading: 'You already have an account',
    paragraphs: [
      `Hi ${options.firstName ?? 'there'},`,
      'Someone tried to create a Pie account with this e-mail address, but you already have one.',
      `Log in at ${options.loginLink}. Forgot your password? Reset it with the link below.`,
    ],
    actionLabel: 'Reset my password',
    link: options.resetLink,
  });
}

export function completeRegistrationMessage(options: { to: string; link: string }): SendEmailPayload {
  return message({
    to: options.to,
    subject: COMPLETE_REGISTRATION_SUBJECT,
    heading: 'You have been invited to Pie for Artists',
    paragraphs: ['An office on Pie invited you to join its team.', 'Set your name and password to finish creating your account. The link expires in 7 days.'],
    actionLabel: 'Complete registration',
    link: options.link,
  });
}

export const OFFICE_INVITATION_SUBJECT = 'You have been invited to an office on Pie for Artists';

/** An office admin invited this address; the link opens the invitation (and, for a new person, their registration). */
export function officeInvitationMessage(options: { to: string; officeName: string; role: string; link: string; newAccount: boolean }): SendEmailPayload {
  return message({
    to: options.to,
    subject: OFFICE_INVITATION_SUBJECT,
    heading: `Join ${options.officeName} on Pie`,
    paragraphs: [
      `You have been invited to join the office “${options.officeName}” as ${options.role === 'admin' ? 'an admin' : 'a member'}.`,
      options.newAccount
        ? 'Open the link to choose your name and password, then accept the invitation. The link expires in 7 days.'
        : 'Open the link and sign in to accept the invitation. The link expires in 7 days.',
    ],
    actionLabel: 'Open the invitation',
    link: options.link,
  });
}
