import type { SendEmailPayload } from '#pie/notifications';
import type { WalletReturned } from './wallet-return.js';
import { emailHtml, refundSentence, walletReturnedSentences } from './wallet-returned-text.js';

export const ACCOUNT_DELETED_SUBJECT = 'Your Pie account is deleted: what happened to your money';

export interface DeletedFanMoney extends WalletReturned {
  subscriptionCanceled: boolean;
}

/** The last e-mail to a deleted fan: no more charges, what went back to their card, what stays with artists. */
export function accountDeletedMessage(options: { to: string; firstName: string } & DeletedFanMoney): SendEmailPayload {
  const paragraphs = [
    `Hi ${options.firstName},`,
    options.subscriptionCanceled
      ? 'Your Pie account is deleted and your pie subscription is canceled: you will not be charged again.'
      : 'Your Pie account is deleted. You had no running pie subscription, so nothing more will be charged.',
    refundSentence(options) ?? 'None of the money you paid was still waiting for artists, so there is nothing to refund.',
    ...walletReturnedSentences(options),
  ].filter((paragraph): paragraph is string => paragraph !== null);
  return {
    to: options.to,
    subject: ACCOUNT_DELETED_SUBJECT,
    text: `${paragraphs.join('\n\n')}\n`,
    html: emailHtml('Your account is deleted', paragraphs),
  };
}
