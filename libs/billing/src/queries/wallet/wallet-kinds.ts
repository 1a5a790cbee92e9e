import type { WalletTransactionType } from '#pie/contracts';

/**
 * The wallet's transaction types and the ledger journal kinds behind each. Pies' and payouts'
 * kinds are theirs to name; those listed here are the ones agreed (DESIGN §5 flows).
 */
export const WALLET_TYPE_KINDS: Record<WalletTransactionType, string[]> = {
  payment: ['invoice_paid'],
  promotion: ['promo_grant'],
  given_to_artists: ['pie_period_closed'],
  returned_from_escrow: ['escrow_expired', 'escrow_returned'],
  refund: ['refund'],
  dispute: ['dispute', 'dispute_won'],
};

const TYPE_OF_KIND = new Map(Object.entries(WALLET_TYPE_KINDS).flatMap(([type, kinds]) => kinds.map((kind) => [kind, type as WalletTransactionType])));

/** A journal kind's wallet type; an unknown kind is shown by direction (into the wallet or out of it). */
export function walletTypeOf(kind: string, amountCents: number): WalletTransactionType {
  return TYPE_OF_KIND.get(kind) ?? (amountCents < 0 ? 'given_to_artists' : 'returned_from_escrow');
}
