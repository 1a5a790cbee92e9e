import type { SendEmailPayload } from '../jobs/send-email.job.js';
import { actionMessage } from './layout.js';

export const RESET_PASSWORD_SUBJECT = 'Reset your Pie password';
export const ACCOUNT_EXISTS_SUBJECT = 'You already have a Pie account';
export const COMPLETE_REGISTRATION_SUBJECT = 'Finish setting up your Pie for Artists account';

const message = actionMessage;

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

/**
 * Words a sender chose, made safe to quote in Pie's own mail: one line, no control or
 * direction-changing characters, and nothing a mail client would turn into a link (dots and
 * colons of anything that looks like an address or URL are bracketed, "example[.]com").
 */
export function quotedSenderText(text: string, maxLength = 100): string {
  const oneLine = text
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength);
  return oneLine
    .replace(/:\/\//g, '[:]//')
    .replace(/@/g, '[at]')
    .replace(/(\p{L}|\p{N})\.(?=\p{L}|\p{N})/gu, '$1[.]');
}

/**
 * An office admin invited this address; the link opens the invitation, where the person signs in
 * or registers. The office name is the admin's own words: quoted, marked as such, defanged, and
 * never in the subject or the heading, so the mail cannot be dressed up as Pie's.
 */
export function officeInvitationMessage(options: { to: string; officeName: string; role: string; link: string }): SendEmailPayload {
  return message({
    to: options.to,
    subject: OFFICE_INVITATION_SUBJECT,
    heading: 'You are invited to join a team on Pie',
    paragraphs: [
      `An office admin on Pie invited you to join their office as ${options.role === 'admin' ? 'an admin' : 'a member'}.`,
      `The office calls itself (its admin's words, not Pie's): “${quotedSenderText(options.officeName)}”`,
      'Open the link and sign in to accept, or create a Pie for Artists account with this e-mail address first. The link expires in 7 days.',
      'If you do not know this office, ignore this message: nothing happens unless you accept. Pie never asks for your password or payment details by e-mail.',
    ],
    actionLabel: 'Open the invitation',
    link: options.link,
  });
}
