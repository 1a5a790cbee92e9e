import type { WalletSummaryView } from '#pie/contracts';
import { accounts, balancesOf, fanEscrowTotal, figureTotals, type MoneyFigure } from '#pie/ledger';
import type { EntityManager } from '#pie/platform';
import { WALLET_TYPE_KINDS } from '../queries/wallet/wallet-kinds.js';
import { JOURNAL_KINDS } from '#pie/ledger';

/**
 * The fans' money, one definition per figure (ledger's `figureTotals`): the fan's wallet summary
 * sums them over the fan's journals, the admin's finances over everyone's in a period, so "paid
 * in" or "card fees" is the same number wherever it appears. Stripe's fees on a fan's payment are
 * the invoice's `processor_fees` leg only: Stripe's Connect fees on offices' payouts (payouts'
 * `OFFICE_MONEY_FIGURES`) and dispute fees are other figures, never card fees.
 */
export const FAN_MONEY_FIGURES = {
  /** What fans' cards paid (the gross of each paid invoice). */
  paidInCents: { journalKinds: [JOURNAL_KINDS.invoicePaid], accountKind: 'stripe_clearing', direction: 'out' },
  /** Stripe's fee on each of those payments (the charge's balance transaction). */
  cardFeesCents: { journalKinds: [JOURNAL_KINDS.invoicePaid], accountKind: 'processor_fees', direction: 'in' },
  /** Pie's fee (`PLATFORM_FEE_BPS`) on each payment. */
  pieFeesCents: { journalKinds: [JOURNAL_KINDS.invoicePaid], accountKind: 'platform_fees', direction: 'in' },
  /** What the payments put in the fans' wallets: paid in less both fees. */
  intoWalletsCents: { journalKinds: [JOURNAL_KINDS.invoicePaid], accountKind: 'fan_wallet', direction: 'in' },
  /** Free promotions granted, less what went back to the pool unspent. */
  promotionsCents: { journalKinds: WALLET_TYPE_KINDS.promotion, accountKind: 'fan_wallet', direction: 'in' },
  /** What the pies' closes gave to artists from the wallets (into the artists' escrow). */
  givenToArtistsCents: { journalKinds: WALLET_TYPE_KINDS.given_to_artists, accountKind: 'fan_wallet', direction: 'out' },
  /** Escrow nobody could receive, back in the fans' wallets. */
  returnedFromEscrowCents: { journalKinds: WALLET_TYPE_KINDS.returned_from_escrow, accountKind: 'fan_wallet', direction: 'in' },
  /** Back to fans' cards through Stripe: refunds and chargebacks, net of those that failed or were won back. */
  refundedCents: { journalKinds: [...WALLET_TYPE_KINDS.refund, ...WALLET_TYPE_KINDS.dispute], accountKind: 'stripe_clearing', direction: 'in' },
  /** Stripe's fees on disputes (the platform bears them). */
  disputeFeesCents: { journalKinds: [JOURNAL_KINDS.disputeFee], accountKind: 'processor_fees', direction: 'in' },
} as const satisfies Record<string, MoneyFigure>;

/** Back to fans' cards, refunds and chargebacks apart (together they are `refundedCents` above): the open books show both. */
export const FAN_REVERSAL_FIGURES = {
  refundsCents: { journalKinds: WALLET_TYPE_KINDS.refund, accountKind: 'stripe_clearing', direction: 'in' },
  disputesCents: { journalKinds: WALLET_TYPE_KINDS.dispute, accountKind: 'stripe_clearing', direction: 'in' },
} as const satisfies Record<string, MoneyFigure>;

export type FanMoneyFigures = Record<keyof typeof FAN_MONEY_FIGURES, number>;

/** What each fan's wallet holds for their next pie close (the wallet balance every screen shows), by fan id. */
export async function fanWalletBalances(em: EntityManager, fanIds: readonly string[]): Promise<Map<string, number>> {
  const balances = await balancesOf(em, fanIds.map((fanId) => accounts.fanWallet(fanId)));
  return new Map(fanIds.map((fanId) => [fanId, balances.get(accounts.fanWallet(fanId)) ?? 0]));
}

export async function fanWalletBalance(em: EntityManager, fanId: string): Promise<number> {
  return (await fanWalletBalances(em, [fanId])).get(fanId)!;
}

/**
 * One fan's money (`GET /api/fan-wallet/summary`, and the admin's fan page): the figures over the
 * journals naming the fan, what of their money waits in escrow now (their own holdings: escrow is
 * held per fan) and the wallet.
 */
export async function fanMoneySummary(em: EntityManager, fanId: string): Promise<WalletSummaryView> {
  const figures = await figureTotals(em, FAN_MONEY_FIGURES, { references: { fanId } });
  return {
    paidInCents: figures.paidInCents,
    feesCents: figures.cardFeesCents + figures.pieFeesCents,
    cardFeesCents: figures.cardFeesCents,
    pieFeesCents: figures.pieFeesCents,
    givenToArtistsCents: figures.givenToArtistsCents,
    waitingInEscrowCents: await fanEscrowTotal(em, fanId),
    returnedFromEscrowCents: figures.returnedFromEscrowCents,
    refundedCents: figures.refundedCents,
    balanceCents: await fanWalletBalance(em, fanId),
  };
}
