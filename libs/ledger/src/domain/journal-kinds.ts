/**
 * Every kind of journal Pie posts: the one vocabulary that posters and readers of the ledger
 * share. A module posts only its own kinds (the comment says whose each is) and reads the others'
 * by these names, so a renamed or mistyped kind fails the compiler instead of a figure going
 * quietly to zero. `JournalInput.kind` takes only these.
 *
 * The names are stored in `ledger.journals.kind` and cached in `ledger.monthly_totals`: a name is
 * never changed, only added.
 */
export const JOURNAL_KINDS = {
  // billing: money in from fans and back out to them through Stripe.
  /** A paid invoice: the charge into Stripe clearing, Stripe's fee, Pie's fee, the rest to the fan's wallet. */
  invoicePaid: 'invoice_paid',
  /** A free promotional pie funded from the promotion pool into the fan's wallet. */
  promoGrant: 'promo_grant',
  /** What of a promotion no artist was given goes back to the pool when the pie ends. */
  promoReturned: 'promo_returned',
  /** Pie's own money into the promotion pool. */
  platformTopUp: 'platform_top_up',
  /** A refund to the fan's card (the wallet first, then the fan's own escrow holdings). */
  refund: 'refund',
  /** A refund Stripe could not make: the money comes back. */
  refundFailed: 'refund_failed',
  /** Funds Stripe withdrew for a chargeback. */
  dispute: 'dispute',
  /** Funds Stripe reinstated when the dispute was won. */
  disputeWon: 'dispute_won',
  /** Stripe's dispute fee, as Stripe charges it. */
  disputeFee: 'dispute_fee',

  // pies: the close of a period, the split of a fan's wallet among the artists.
  piePeriodClosed: 'pie_period_closed',

  // payouts: the artists' side.
  /** An unclaimed artist's escrow released to the office that claimed the artist. */
  escrowReleased: 'escrow_released',
  /** Escrow nobody claimed in time, back to the fans whose money it was. */
  escrowExpired: 'escrow_expired',
  /** An office giving part of its earnings to the promotion pool (new fans' free pies). */
  giveBack: 'give_back',
  transfer: 'transfer',
  transferFailed: 'transfer_failed',
  transferReversed: 'transfer_reversed',
  payout: 'payout',
  payoutFailed: 'payout_failed',
  /** An office's Stripe account disconnected Pie: what the ledger held for it there leaves Pie's books. */
  connectedAccountDeauthorized: 'connected_account_deauthorized',
  /** Stripe's monthly fee for an active connected account. */
  monthlyAccountFee: 'monthly_account_fee',
  /** Stripe's fee per payout to a bank. */
  payoutFee: 'payout_fee',
} as const;

export type JournalKind = (typeof JOURNAL_KINDS)[keyof typeof JOURNAL_KINDS];

const ALL_KINDS: ReadonlySet<string> = new Set(Object.values(JOURNAL_KINDS));

/** Whether `kind` (read back from the database or a query string) is one of Pie's journal kinds. */
export function isJournalKind(kind: string): kind is JournalKind {
  return ALL_KINDS.has(kind);
}
