import type Stripe from 'stripe';
import { STRIPE_MONTHLY_ACTIVE_ACCOUNT_FEE_CENTS } from '#pie/contracts';
import { accounts, balanceOf, canonicalPostings, journalByKey, lockAccounts, postJournal, type PostingInput, JOURNAL_KINDS } from '#pie/ledger';
import type { EntityManager } from '#pie/platform';
import { isReplacementAccount } from './connected-accounts.js';

/** Stripe's monthly active-account fee, booked for a month in which the office's account received a payout. */
/** Stripe's per-payout fee on a connected account's payout. */

/**
 * Stripe's Connect pricing for Express accounts whose fees the platform pays (stripe.com/connect/pricing,
 * US): 0.25% + 25¢ per payout sent, the percentage rounded half up to the cent.
 */
export function payoutFeeCents(amountCents: number): number {
  return Math.floor((amountCents * 25 + 5000) / 10_000) + 25;
}

/**
 * Who bears a Connect fee Pie passes on to an office: its earnings at Pie as far as they go (never
 * below zero: a negative balance after a reversal pays nothing), the rest the platform's loss.
 */
export function passOnFee(feeCents: number, earningsCents: number): { fromEarnings: number; platformLoss: number } {
  const fromEarnings = Math.min(feeCents, Math.max(0, earningsCents));
  return { fromEarnings, platformLoss: feeCents - fromEarnings };
}

/** The UTC month (`2026-11`) Stripe bills a payout's account as active. */
export const billingMonthOf = (payout: Pick<Stripe.Payout, 'created'>): string => new Date(payout.created * 1000).toISOString().slice(0, 7);

export const monthlyFeeKey = (officeId: string, month: string) => `${JOURNAL_KINDS.monthlyAccountFee}:${officeId}:${month}`;
/**
 * Stripe bills each active account: an office that onboarded again after a deauthorization has a
 * second account, which Stripe bills for its months too (the same month as the old one's, possibly),
 * so a replacement account's fee is keyed by the account as well. The first account keeps the
 * office-month key it always had.
 */
export const replacementMonthlyFeeKey = (officeId: string, month: string, stripeAccountId: string) => `${monthlyFeeKey(officeId, month)}:${stripeAccountId}`;
export const payoutFeeKey = (stripePayoutId: string) => `${JOURNAL_KINDS.payoutFee}:${stripePayoutId}`;

/**
 * Books what Stripe charges Pie for a payout of an office's account (whoever started it): its
 * per-payout fee and, on the month's first payout, the $2 active-account fee (Stripe bills an
 * account as active only in months it receives a payout). Pie passes them on to the office: they
 * come out of its earnings at Pie as far as those go, and the rest is the platform's loss
 * (`refunds`). Keys are per payout and per office-month, so repeated news books nothing twice.
 */
export async function bookConnectFees(tx: EntityManager, officeId: string, stripeAccountId: string, payout: Stripe.Payout): Promise<void> {
  const month = billingMonthOf(payout);
  await bookFee(tx, officeId, { kind: JOURNAL_KINDS.payoutFee, key: payoutFeeKey(payout.id), cents: payoutFeeCents(payout.amount), at: payout.created, references: { stripePayoutId: payout.id } });
  const key = (await isReplacementAccount(tx, officeId, stripeAccountId)) ? replacementMonthlyFeeKey(officeId, month, stripeAccountId) : monthlyFeeKey(officeId, month);
  await bookFee(tx, officeId, { kind: JOURNAL_KINDS.monthlyAccountFee, key, cents: STRIPE_MONTHLY_ACTIVE_ACCOUNT_FEE_CENTS, at: payout.created, references: { month, stripePayoutId: payout.id } });
}

async function bookFee(tx: EntityManager, officeId: string, fee: { kind: typeof JOURNAL_KINDS.payoutFee | typeof JOURNAL_KINDS.monthlyAccountFee; key: string; cents: number; at: number; references: Record<string, string> }): Promise<void> {
  if (await journalByKey(tx, fee.key)) return;
  const earnings = accounts.officeEarnings(officeId);
  await lockAccounts(tx, [earnings]);
  const { fromEarnings, platformLoss } = passOnFee(fee.cents, await balanceOf(tx, earnings));
  const postings: PostingInput[] = [{ account: accounts.processorFees, amountCents: fee.cents }];
  if (fromEarnings > 0) postings.push({ account: earnings, amountCents: -fromEarnings });
  if (platformLoss > 0) postings.push({ account: accounts.refunds, amountCents: -platformLoss });
  const input = { kind: fee.kind, idempotencyKey: fee.key, occurredAt: new Date(fee.at * 1000), references: { officeId, ...fee.references }, postings };
  await postJournal(tx, input, canonicalPostings(input));
}
