import type { WalletTransactionType } from '#pie/contracts';
import { JOURNAL_KINDS, type JournalKind } from '#pie/ledger';

/**
 * The wallet's transaction types and the ledger journal kinds behind each: every kind that posts
 * to a fan's wallet is listed (billing's, pies' `pie_period_closed`, payouts' `escrow_expired`).
 * A kind outside these (the demo's or a test's own funding) is shown by its direction.
 */
export const WALLET_TYPE_KINDS: Record<WalletTransactionType, JournalKind[]> = {
  payment: [JOURNAL_KINDS.invoicePaid],
  promotion: [JOURNAL_KINDS.promoGrant, JOURNAL_KINDS.promoReturned],
  given_to_artists: [JOURNAL_KINDS.piePeriodClosed],
  returned_from_escrow: [JOURNAL_KINDS.escrowExpired],
  refund: [JOURNAL_KINDS.refund, JOURNAL_KINDS.refundFailed],
  dispute: [JOURNAL_KINDS.dispute, JOURNAL_KINDS.disputeWon],
};

const TYPE_OF_KIND = new Map<string, WalletTransactionType>(Object.entries(WALLET_TYPE_KINDS).flatMap(([type, kinds]) => kinds.map((kind) => [kind, type as WalletTransactionType])));

/**
 * A journal kind's wallet type. A kind not listed is shown by direction: money into the wallet as
 * a payment, out of it as given to artists (never as returned from escrow, which only escrow's own
 * kinds are).
 */
export function walletTypeOf(kind: string, amountCents: number): WalletTransactionType {
  return TYPE_OF_KIND.get(kind) ?? (amountCents < 0 ? 'given_to_artists' : 'payment');
}
