import type { SendEmailPayload } from '../jobs/send-email.job.js';
import { formatDay, formatPeriod, formatUsd } from './format.js';
import { actionMessage } from './layout.js';

/*
 * The fan's mails about paying for a pie: the receipt of each payment, the cancellation with the
 * day the pie ends, and a renewal that failed with where to fix the card.
 */

export const PAYMENT_RECEIPT_SUBJECT = 'Your Pie receipt';
export const PIE_CANCELLED_SUBJECT = 'Your pie is cancelled';
export const PAYMENT_FAILED_SUBJECT = 'Your Pie payment did not go through';

export interface PaymentReceipt {
  to: string;
  firstName: string;
  /** Stripe's invoice id: the receipt's number, the one Stripe's own records show. */
  invoiceId: string;
  grossCents: number;
  processorFeeCents: number;
  platformFeeCents: number;
  /** What goes into the fan's wallet for the period's split. */
  toArtistsCents: number;
  periodStart: Date | string;
  periodEnd: Date | string;
  paidAt: Date | string;
  pieLink: string;
}

/** One per payment Stripe collected: what was charged, each fee, what goes to artists, the period it pays for. */
export function paymentReceiptMessage(receipt: PaymentReceipt): SendEmailPayload {
  const gross = formatUsd(receipt.grossCents);
  const period = formatPeriod(receipt.periodStart, receipt.periodEnd);
  const toArtists = formatUsd(receipt.toArtistsCents);
  return actionMessage({
    to: receipt.to,
    subject: `${PAYMENT_RECEIPT_SUBJECT}: ${gross} for ${period}`,
    heading: `Thank you: ${gross} for your pie`,
    paragraphs: [`Hi ${receipt.firstName},`, `We charged your card ${gross} for your pie period ${period}. Here is where it goes:`],
    details: [
      ['Paid', gross],
      ['Card processing fee (Stripe)', formatUsd(-receipt.processorFeeCents)],
      ['Pie’s fee', formatUsd(-receipt.platformFeeCents)],
      ['For your artists', toArtists],
      ['Period', period],
      ['Paid on', formatDay(receipt.paidAt)],
      ['Receipt number', receipt.invoiceId],
    ],
    after: [`When the period ends, the ${toArtists} is split among the artists you listened to in it. Your pie shows the split as it grows.`],
    actionLabel: 'See your pie',
    link: receipt.pieLink,
  });
}

/** The fan cancelled a paid pie: it runs to the end of the period already paid for, and nothing more is charged. */
export function pieCancelledMessage(options: { to: string; firstName: string; endsAt: Date | string; pieLink: string; billingLink: string }): SendEmailPayload {
  const ends = formatDay(options.endsAt);
  return actionMessage({
    to: options.to,
    subject: `${PIE_CANCELLED_SUBJECT}: it ends on ${ends}`,
    heading: `Your pie ends on ${ends}`,
    paragraphs: [
      `Hi ${options.firstName},`,
      `You cancelled your pie. It stays active until ${ends}, the end of the period you already paid for: your listening until then decides where that money goes.`,
      'You will not be charged again.',
      `Changed your mind? Keep your pie in the billing portal before ${ends}: ${options.billingLink}`,
    ],
    actionLabel: 'See your pie',
    link: options.pieLink,
  });
}

/** A renewal failed: the pie is past due until it is paid, and the link opens the billing portal to fix the card. */
export function paymentFailedMessage(options: { to: string; firstName: string; amountCents: number; reason: string | null; fixCardLink: string }): SendEmailPayload {
  return actionMessage({
    to: options.to,
    subject: PAYMENT_FAILED_SUBJECT,
    heading: 'Your payment did not go through',
    paragraphs: [
      `Hi ${options.firstName},`,
      `We could not charge your card ${formatUsd(options.amountCents)} for your next pie period${options.reason ? ` (${options.reason})` : ''}. Your pie is past due until the payment goes through.`,
      'Update your card in the billing portal and we will try again right away.',
    ],
    actionLabel: 'Fix your card',
    link: options.fixCardLink,
  });
}
