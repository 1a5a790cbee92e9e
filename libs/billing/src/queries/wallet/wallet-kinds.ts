import type { WalletTransactionType } from '#pie/contracts';

/**
 * The wallet's transaction types and the ledger journal kinds behind each: every kind that posts
 * to a fan's wallet is listed (billing's, pies' `pie_period_closed`, payouts' `escrow_expired`).
 * Pies' and payouts' kinds are theirs to name; those listed here are the ones agreed (DESIGN §5 flows).
 */
export const WALLET_TYPE_KINDS: Record<WalletTransactionType, string[]> = {
  // `demo_funding`: `npm start`'s demo pie without a Stripe to pay through (scripts/demo-pies.ts), standing in for invoices.
  payment: ['invoice_paid', 'demo_funding'],
  promotion: ['promo_grant', 'promo_returned'],
  given_to_artists: ['pie_period_closed'],
  returned_from_escrow: ['escrow_expired', 'escrow_returned'],
  refund: ['refund', 'refund_failed'],
  dispute: ['dispute', 'dispute_won'],
};

const TYPE_OF_KIND = new Map(Object.entries(WALLET_TYPE_KINDS).flatMap(([type, kinds]) => kinds.map((kind) => [kind, type as WalletTransactionType])));

/**
 * A journal kind's wallet type. A kind not listed is shown by direction: money into the wallet as
 * a payment, out of it as given to artists (never as returned from escrow, which only escrow's own
 * kinds are).
 */
export function walletTypeOf(kind: string, amountCents: number): WalletTransactionType {
  return TYPE_OF_KIND.get(kind) ?? (amountCents < 0 ? 'given_to_artists' : 'payment');
}
