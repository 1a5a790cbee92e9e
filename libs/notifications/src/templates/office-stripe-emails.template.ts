import type { SendEmailPayload } from '../jobs/send-email.job.js';
import { quotedSenderText } from './account-emails.template.js';
import { formatDay, formatUsd } from './format.js';
import { actionMessage } from './layout.js';

/*
 * To each admin of an office, about its Stripe account: disconnected (by a Pie admin, or by the
 * account removing Pie's access), restricted by Stripe until it gets more information, and a payout
 * sent to the bank. The office name is its admins' own words: quoted, never in the subject.
 */

export const STRIPE_DISCONNECTED_SUBJECT = 'Your office’s Stripe account is disconnected from Pie';
export const STRIPE_RESTRICTED_SUBJECT = 'Stripe needs more information before your office is paid';
export const PAYOUT_SENT_SUBJECT = 'A payout is on its way to your bank';

interface OfficeMail {
  to: string;
  firstName: string | null;
  officeName: string;
}

const WHILE_STOPPED = 'Meanwhile Pie sends no transfers to the account and no payout can be made. Nothing is lost: what fans give your artists keeps arriving and waits in your office’s balance at Pie.';

/**
 * `by`: `admin` when Pie's back office disconnected the office, `stripe` when the account itself
 * removed Pie's access (Stripe's `account.application.deauthorized`).
 */
export function stripeDisconnectedMessage(options: OfficeMail & { by: 'admin' | 'stripe'; settingsLink: string }): SendEmailPayload {
  const office = `“${quotedSenderText(options.officeName)}”`;
  return actionMessage({
    to: options.to,
    subject: STRIPE_DISCONNECTED_SUBJECT,
    heading: 'Your Stripe account is disconnected',
    paragraphs: [
      `Hi ${options.firstName ?? 'there'},`,
      options.by === 'admin'
        ? `A Pie admin disconnected the Stripe account of your office ${office} from Pie. If you do not know why, contact Pie support.`
        : `The Stripe account of your office ${office} removed Pie’s access to it, so it is disconnected from Pie.`,
      WHILE_STOPPED,
      'What to do: open Office settings and connect Stripe again. Once Stripe shows the account enabled, your office’s balance is transferred to it.',
    ],
    actionLabel: 'Open Office settings',
    link: options.settingsLink,
  });
}

/** Stripe restricted an account that was enabled (requirements due): what it asks and, when Stripe set one, by when. */
export function stripeRestrictedMessage(options: OfficeMail & { deadline: Date | string | null; settingsLink: string }): SendEmailPayload {
  return actionMessage({
    to: options.to,
    subject: STRIPE_RESTRICTED_SUBJECT,
    heading: 'Stripe needs more information',
    paragraphs: [
      `Hi ${options.firstName ?? 'there'},`,
      `Stripe has paused the account of your office “${quotedSenderText(options.officeName)}” until it gets more information about the business or the people behind it (for example an identity document)${options.deadline ? `. Stripe asks for it by ${formatDay(options.deadline)}` : ''}.`,
      WHILE_STOPPED,
      'What to do: open Office settings and continue the Stripe onboarding to give Stripe what it asks for. Transfers start again as soon as Stripe enables the account.',
    ],
    actionLabel: 'Open Office settings',
    link: options.settingsLink,
  });
}

export function payoutSentMessage(options: OfficeMail & { amountCents: number; arrivalDate: Date | string | null; payoutLink: string }): SendEmailPayload {
  const amount = formatUsd(options.amountCents);
  return actionMessage({
    to: options.to,
    subject: `${PAYOUT_SENT_SUBJECT}: ${amount}`,
    heading: `${amount} is on its way to your bank`,
    paragraphs: [
      `Hi ${options.firstName ?? 'there'},`,
      `Stripe sent ${amount} from the Stripe account of your office “${quotedSenderText(options.officeName)}” to its bank account.`,
      options.arrivalDate
        ? `It should arrive by ${formatDay(options.arrivalDate)}; banks sometimes take a day longer.`
        : 'Stripe has not said yet when it will arrive; the payout page shows it as soon as it does.',
    ],
    actionLabel: 'See the payout',
    link: options.payoutLink,
  });
}
