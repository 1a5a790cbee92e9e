import type Stripe from 'stripe';
import { accountNetByReferenceKey, accounts, balanceOf, journalsOfAccounts, JOURNAL_KINDS } from '#pie/ledger';
import type { EntityManager } from '#pie/platform';
import { payoutsDb } from '../db/payouts-db.js';
import { payoutFeeCents, billingMonthOf } from './connect-fees.js';
import { deauthorizedAccountsOf } from './connected-accounts.js';

export interface OfficeFigures {
  /** Transfers made (a refused one cancels its own) and what they still carry after reversals. */
  transfers: number;
  transferredCents: number;
  reversedCents: number;
  /** Payouts that did not fail, and their money. */
  payouts: number;
  paidOutCents: number;
  /** Stripe's Connect fees for the office: 0.25% + 25¢ per payout, $2 per month with a payout. */
  feesCents: number;
  /** What the office's Stripe account holds (available + pending) / the ledger's `office_connected`. */
  balanceCents: number;
}

/** What Pie can still read at Stripe about an account that removed its access: its own transfers to it. */
export type TransferFigures = Pick<OfficeFigures, 'transfers' | 'transferredCents' | 'reversedCents'>;
const TRANSFER_FIELDS = ['transfers', 'transferredCents', 'reversedCents'] as const;

export interface OfficeAgainstStripe {
  officeId: string;
  stripeAccountId: string;
  /**
   * The account removed Pie's access (`account.application.deauthorized`): Stripe shows Pie only its
   * own transfers to it (`stripe` is those), and the ledger must hold nothing for it any more (what
   * it held left with it). Its payouts and fees before that stay in `ledger`, unverifiable.
   */
  deauthorized: boolean;
  ledger: OfficeFigures;
  /** Null when Stripe could not be read for the account (it disconnected Pie, say): `problem` says why. */
  stripe: OfficeFigures | TransferFigures | null;
  problem?: string;
}

const emptyFigures = (): OfficeFigures => ({ transfers: 0, transferredCents: 0, reversedCents: 0, payouts: 0, paidOutCents: 0, feesCents: 0, balanceCents: 0 });
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The ledger's side per Stripe account of the office (an office that onboarded again after a
 * deauthorization has had several): its transfer, reversal, payout, fee and deauthorization
 * journals, netted (a refused transfer or a failed payout cancels its own). A journal belongs to the
 * account its transfer or payout row was made for (a deauthorization's to the account it names);
 * anything else — a journal a bug posted, naming no row — counts against the current account, so
 * a real difference is never hidden on an account Pie can no longer read. The current account's
 * balance is `office_connected` less what the others still hold.
 */
async function ledgerFigures(em: EntityManager, officeId: string, accountIds: readonly string[], current: string): Promise<Map<string, OfficeFigures>> {
  const connected = accounts.officeConnected(officeId);
  const figures = new Map(accountIds.map((id) => [id, emptyFigures()]));
  const transfers = await payoutsDb(em).selectFrom('payouts.transfers').select(['id', 'stripe_transfer_id', 'stripe_account_id']).where('office_id', '=', officeId).execute();
  const payouts = await payoutsDb(em).selectFrom('payouts.payouts').select(['id', 'stripe_payout_id', 'stripe_account_id']).where('office_id', '=', officeId).execute();
  const byRow = new Map<string, string>([...transfers, ...payouts].map((row) => [row.id, row.stripe_account_id]));
  const byStripeId = new Map<string, string>(
    [...transfers.map((row) => [row.stripe_transfer_id, row.stripe_account_id] as const), ...payouts.map((row) => [row.stripe_payout_id, row.stripe_account_id] as const)].filter((entry): entry is [string, string] => entry[0] !== null),
  );
  const figuresOf = (account: string | null | undefined): OfficeFigures => figures.get(account ?? current) ?? figures.get(current)!;
  const accountOf = (kind: string, references: Record<string, unknown>): string | undefined => {
    if (kind === JOURNAL_KINDS.connectedAccountDeauthorized) return str(references.stripeAccountId) ?? undefined;
    const row = str(references.transferId) ?? str(references.payoutId);
    const stripeId = str(references.stripeTransferId) ?? str(references.stripePayoutId);
    return (row ? byRow.get(row) : undefined) ?? (stripeId ? byStripeId.get(stripeId) : undefined);
  };
  const kinds = [JOURNAL_KINDS.transfer, JOURNAL_KINDS.transferFailed, JOURNAL_KINDS.transferReversed, JOURNAL_KINDS.payout, JOURNAL_KINDS.payoutFailed, JOURNAL_KINDS.connectedAccountDeauthorized];
  for (let page = 1; ; page += 1) {
    const { journals } = await journalsOfAccounts(em, [connected], { page, limit: 500, kinds });
    for (const journal of journals) {
      const cents = journal.postings.filter((posting) => posting.account === connected).reduce((sum, posting) => sum + posting.amountCents, 0);
      const account = accountOf(journal.kind, journal.references);
      const f = figuresOf(account);
      // What each earlier account still holds by its own journals (a settled deauthorization: nothing).
      if (account && account !== current && figures.has(account)) f.balanceCents += cents;
      if (journal.kind === JOURNAL_KINDS.transfer) [f.transfers, f.transferredCents] = [f.transfers + 1, f.transferredCents + cents];
      if (journal.kind === JOURNAL_KINDS.transferFailed) [f.transfers, f.transferredCents] = [f.transfers - 1, f.transferredCents + cents];
      if (journal.kind === JOURNAL_KINDS.transferReversed) [f.transferredCents, f.reversedCents] = [f.transferredCents + cents, f.reversedCents - cents];
      if (journal.kind === JOURNAL_KINDS.payout) [f.payouts, f.paidOutCents] = [f.payouts + 1, f.paidOutCents - cents];
      if (journal.kind === JOURNAL_KINDS.payoutFailed) [f.payouts, f.paidOutCents] = [f.payouts - 1, f.paidOutCents - cents];
    }
    if (journals.length < 500) break;
  }
  const fees = await accountNetByReferenceKey(em, { account: accounts.processorFees, kinds: [JOURNAL_KINDS.payoutFee, JOURNAL_KINDS.monthlyAccountFee], references: { officeId }, key: 'stripePayoutId' });
  // A monthly account fee counts here only when it names the payout that made the month active.
  for (const fee of fees) if (fee.kind !== JOURNAL_KINDS.monthlyAccountFee || fee.value !== null) figuresOf(fee.value ? byStripeId.get(fee.value) : undefined).feesCents += fee.cents;
  const elsewhere = accountIds.filter((id) => id !== current).reduce((sum, id) => sum + figures.get(id)!.balanceCents, 0);
  figures.get(current)!.balanceCents = (await balanceOf(em, connected)) - elsewhere;
  return figures;
}

/** Pie's own transfers to an account, as Stripe lists them to the platform (readable whatever the account did). */
async function stripeTransferFigures(stripe: Stripe, stripeAccountId: string): Promise<TransferFigures> {
  const figures: TransferFigures = { transfers: 0, transferredCents: 0, reversedCents: 0 };
  for await (const transfer of stripe.transfers.list({ destination: stripeAccountId, limit: 100 })) {
    const kept = transfer.amount - transfer.amount_reversed;
    if (transfer.metadata?.pie_transfer_id) {
      // Pie's own: booked with its reversals, however much of it was taken back.
      [figures.transfers, figures.transferredCents, figures.reversedCents] = [figures.transfers + 1, figures.transferredCents + kept, figures.reversedCents + transfer.amount_reversed];
    } else if (kept > 0) {
      // Money Pie never sent: it shows as a difference until it is gone.
      [figures.transfers, figures.transferredCents] = [figures.transfers + 1, figures.transferredCents + kept];
    }
  }
  return figures;
}

/** Stripe's own records for the account, every list auto-paginated. */
async function stripeFigures(stripe: Stripe, stripeAccountId: string): Promise<OfficeFigures> {
  const figures: OfficeFigures = { ...(await stripeTransferFigures(stripe, stripeAccountId)), payouts: 0, paidOutCents: 0, feesCents: 0, balanceCents: 0 };
  const activeMonths = new Set<string>();
  for await (const payout of stripe.payouts.list({ limit: 100 }, { stripeAccount: stripeAccountId })) {
    // Stripe bills every payout sent and the month it was sent in, whatever became of it at the bank.
    figures.feesCents += payoutFeeCents(payout.amount);
    activeMonths.add(billingMonthOf(payout));
    if (payout.status === 'failed' || payout.status === 'canceled') continue;
    [figures.payouts, figures.paidOutCents] = [figures.payouts + 1, figures.paidOutCents + payout.amount];
  }
  figures.feesCents += activeMonths.size * 200;
  const balance = await stripe.balance.retrieve({}, { stripeAccount: stripeAccountId });
  figures.balanceCents = [...balance.available, ...balance.pending].filter((entry) => entry.currency === 'usd').reduce((sum, entry) => sum + entry.amount, 0);
  return figures;
}

/**
 * Every connected office's transfers, reversals, payouts, Connect fees and balance as the ledger
 * has them next to Stripe's own records, listed through the SDK, one entry per Stripe account the
 * office has had: the per-office half of the provider check (and the crash test's "Stripe
 * transfers equal the ledger's transfer journals"). An account that removed Pie's access is
 * compared on what Pie can still read (its transfers), and must hold nothing in the ledger.
 * Answers every account; callers keep the ones that differ. `progress` hears each account done.
 */
export async function officesAgainstStripe(em: EntityManager, stripe: Stripe, progress: (done: number, total: number) => Promise<void> | void = () => undefined): Promise<OfficeAgainstStripe[]> {
  const rows = await payoutsDb(em).selectFrom('payouts.connected_accounts').select(['office_id', 'stripe_account_id', 'deauthorized_at']).orderBy('office_id').execute();
  const work: { officeId: string; stripeAccountId: string; deauthorized: boolean; figures: () => Promise<Map<string, OfficeFigures>> }[] = [];
  for (const row of rows) {
    const earlier = (await deauthorizedAccountsOf(em, row.office_id)).map((account) => account.stripeAccountId).filter((id) => id !== row.stripe_account_id);
    const ids = [...earlier, row.stripe_account_id];
    let computed: Promise<Map<string, OfficeFigures>> | undefined;
    const figures = () => (computed ??= ledgerFigures(em, row.office_id, ids, row.stripe_account_id));
    for (const id of earlier) work.push({ officeId: row.office_id, stripeAccountId: id, deauthorized: true, figures });
    work.push({ officeId: row.office_id, stripeAccountId: row.stripe_account_id, deauthorized: row.deauthorized_at !== null, figures });
  }
  const answers: OfficeAgainstStripe[] = [];
  for (const [index, item] of work.entries()) {
    const ledger = (await item.figures()).get(item.stripeAccountId)!;
    const base = { officeId: item.officeId, stripeAccountId: item.stripeAccountId, deauthorized: item.deauthorized, ledger };
    try {
      answers.push({ ...base, stripe: item.deauthorized ? await stripeTransferFigures(stripe, item.stripeAccountId) : await stripeFigures(stripe, item.stripeAccountId) });
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === undefined || status >= 500) throw error; // Stripe unreachable: the job is retried
      answers.push({ ...base, stripe: null, problem: `Stripe refused to show the account: ${(error as Error).message}` });
    }
    await progress(index + 1, work.length);
  }
  return answers;
}

/**
 * Whether the account's books agree with Stripe. An account that removed Pie's access agrees when
 * Pie's transfers to it match and the ledger holds nothing for it; one Stripe would not show at all
 * agrees only while the ledger holds nothing for it.
 */
export const agreesWithStripe = (office: OfficeAgainstStripe): boolean => {
  if (!office.stripe) return office.ledger.balanceCents === 0;
  if (office.deauthorized) return office.ledger.balanceCents === 0 && TRANSFER_FIELDS.every((field) => office.ledger[field] === office.stripe![field]);
  return JSON.stringify(office.ledger) === JSON.stringify(office.stripe);
};
