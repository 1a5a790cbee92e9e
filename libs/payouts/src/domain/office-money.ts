import { accounts, balancesOf, type MoneyFigure, JOURNAL_KINDS } from '#pie/ledger';
import type { EntityManager } from '#pie/platform';

/**
 * The offices' money, one definition per figure (ledger's `figureTotals`), for the admin's finances
 * and anything else that shows them: what reached offices, what went on to Stripe and the banks, and
 * Stripe's Connect fees — which are Pie's costs of paying offices, not card fees on fans' payments.
 */
export const OFFICE_MONEY_FIGURES = {
  /** Escrow released to offices' earnings. */
  releasedCents: { journalKinds: [JOURNAL_KINDS.escrowReleased], accountKind: 'office_earnings', direction: 'in' },
  /** Sent to offices' Stripe accounts, net of transfers Stripe refused or took back. */
  transferredCents: { journalKinds: [JOURNAL_KINDS.transfer, JOURNAL_KINDS.transferFailed, JOURNAL_KINDS.transferReversed], accountKind: 'office_connected', direction: 'in' },
  /** Paid out to offices' banks, net of payouts the bank refused. */
  paidOutCents: { journalKinds: [JOURNAL_KINDS.payout, JOURNAL_KINDS.payoutFailed], accountKind: 'office_connected', direction: 'out' },
  /**
   * Stripe's Connect fees: per payout, the $2 monthly active-account fee, and the fee transfers
   * carried under the earlier rule (returned when such a transfer failed).
   */
  connectFeesCents: { journalKinds: [JOURNAL_KINDS.payoutFee, JOURNAL_KINDS.monthlyAccountFee, JOURNAL_KINDS.transfer, JOURNAL_KINDS.transferFailed], accountKind: 'processor_fees', direction: 'in' },
  /** Given back by offices to the promotion pool. */
  givenBackCents: { journalKinds: [JOURNAL_KINDS.giveBack], accountKind: 'promo_pool', direction: 'in' },
} as const satisfies Record<string, MoneyFigure>;

export interface OfficeMoney {
  /** Earned at Pie, not yet transferred. */
  earningsCents: number;
  /** Transferred to the office's Stripe account, not yet paid out (the ledger's view). */
  connectedCents: number;
}

/** Each office's two accounts: the one read of an office's money for its funds page and the admin's pages. */
export async function officesMoney(em: EntityManager, officeIds: readonly string[]): Promise<Map<string, OfficeMoney>> {
  const balances = await balancesOf(em, officeIds.flatMap((id) => [accounts.officeEarnings(id), accounts.officeConnected(id)]));
  return new Map(
    officeIds.map((id) => [id, { earningsCents: balances.get(accounts.officeEarnings(id)) ?? 0, connectedCents: balances.get(accounts.officeConnected(id)) ?? 0 }]),
  );
}

export async function officeMoney(em: EntityManager, officeId: string): Promise<OfficeMoney> {
  return (await officesMoney(em, [officeId])).get(officeId)!;
}
