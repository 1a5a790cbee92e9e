import type { SendEmailPayload } from '../jobs/send-email.job.js';
import { quotedSenderText } from './account-emails.template.js';
import { oneLine } from './format.js';
import { actionMessage } from './layout.js';

/*
 * The result of an office's claim on an artist, to each of the office's admins: verified (the
 * office is the artist's payee now) or rejected, with the reason the admin or the system gave.
 */

export const CLAIM_VERIFIED_SUBJECT = 'Your claim is verified';
export const CLAIM_REJECTED_SUBJECT = 'Your claim was rejected';

interface ClaimResult {
  to: string;
  firstName: string | null;
  artistName: string;
  /** The office's own name (its admins' words): quoted, never in the subject. */
  officeName: string;
  claimLink: string;
}

export function claimVerifiedMessage(options: ClaimResult): SendEmailPayload {
  const artist = oneLine(options.artistName);
  return actionMessage({
    to: options.to,
    subject: `${CLAIM_VERIFIED_SUBJECT}: ${artist}`,
    heading: `${artist} is yours on Pie`,
    paragraphs: [
      `Hi ${options.firstName ?? 'there'},`,
      `Your office “${quotedSenderText(options.officeName)}” is now verified as the office of ${artist} on Pie. What fans’ pies give ${artist} from now on goes to your office.`,
      `Money that waited in escrow for ${artist} is released to your office as soon as its Stripe account can receive transfers (Office settings, Stripe).`,
    ],
    actionLabel: 'See the claim',
    link: options.claimLink,
  });
}

export function claimRejectedMessage(options: ClaimResult & { reason: string | null }): SendEmailPayload {
  const artist = oneLine(options.artistName);
  const reason = options.reason ? oneLine(options.reason, 500) : '';
  return actionMessage({
    to: options.to,
    subject: `${CLAIM_REJECTED_SUBJECT}: ${artist}`,
    heading: `Your claim on ${artist} was rejected`,
    paragraphs: [
      `Hi ${options.firstName ?? 'there'},`,
      `The claim of your office “${quotedSenderText(options.officeName)}” on ${artist} was rejected.`,
      reason ? `Reason: ${reason}` : 'No reason was given.',
      'If you believe the artist is yours, start a new claim with another proof, or contact Pie support.',
    ],
    actionLabel: 'See the claim',
    link: options.claimLink,
  });
}
