import type { SendEmailPayload } from '#pie/notifications';
import type { WalletReturned } from './wallet-return.js';
import { emailHtml, refundSentence, walletReturnedSentences } from './wallet-returned-text.js';

export const PIE_ENDED_SUBJECT = 'Your pie has ended: what happened to your money';

/** The e-mail of a pie that is over: the money left in the wallet, where it went back, what stays with artists. */
export function pieEndedMessage(options: { to: string; firstName: string } & WalletReturned): SendEmailPayload {
  const paragraphs = [
    `Hi ${options.firstName},`,
    'Your pie has ended, so no later period will split the money left in your Pie wallet: it goes back instead of waiting there.',
    refundSentence(options),
    ...walletReturnedSentences(options),
    'Nothing more will be charged. You can start a new pie at any time.',
  ].filter((paragraph): paragraph is string => paragraph !== null);
  return {
    to: options.to,
    subject: PIE_ENDED_SUBJECT,
    text: `${paragraphs.join('\n\n')}\n`,
    html: emailHtml('Your pie has ended', paragraphs),
  };
}
