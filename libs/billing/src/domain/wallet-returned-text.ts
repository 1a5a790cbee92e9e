import { formatCents } from '#pie/contracts';
import type { WalletReturned } from './wallet-return.js';

/*
 * The sentences that tell a fan where the money of their returned wallet went, shared by the
 * e-mail of a deleted account and the e-mail of a pie that is over, so the two never disagree.
 */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export const refundedCents = (money: Pick<WalletReturned, 'refunds'>) => money.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);

/** "$8.41 that had not been given to any artist yet is refunded to your card ending in 4242. …", or null with no refund. */
export function refundSentence(money: Pick<WalletReturned, 'refunds'>): string | null {
  const refunded = refundedCents(money);
  if (refunded === 0) return null;
  const cards = [...new Set(money.refunds.map((refund) => refund.last4).filter((last4): last4 is string => last4 !== null))];
  return `$${formatCents(refunded)} that had not been given to any artist yet is refunded to your card${cards.length > 0 ? ` ending in ${cards.join(', ')}` : ''}. Card refunds usually arrive within 5–10 business days. The card payment fees Stripe already took are not refundable, so the refund is what your wallet held after them.`;
}

/** The other sentences: what stays with artists, the promotion returned, money no card could take. */
export function walletReturnedSentences(money: WalletReturned): (string | null)[] {
  return [
    money.givenToArtistsCents > 0 ? `The $${formatCents(money.givenToArtistsCents)} your pies already gave to artists stays theirs.` : null,
    money.promotionReturnedCents > 0 ? `The unused $${formatCents(money.promotionReturnedCents)} of your free promotional pie goes back to the promotion.` : null,
    money.keptCents > 0 ? `$${formatCents(money.keptCents)} could not be refunded to a card (no payment left to refund it against). Reply to this e-mail and we will return it to you another way.` : null,
  ];
}

/** Pie's e-mail page: a heading and paragraphs (escaped). */
export function emailHtml(heading: string, paragraphs: readonly string[]): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f2ff;padding:24px;color:#1c1230">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="color:#5b2bb5;font-size:22px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`).join('')}
</div></body></html>`;
}
