import type Stripe from 'stripe';
import { accounts, journalsOfAccounts } from '#pie/ledger';
import type { EntityManager } from '#pie/platform';
import { PAYOUT_FAILED_JOURNAL, PAYOUT_JOURNAL } from './bank-payouts.js';
import { TRANSFER_FAILED_JOURNAL, TRANSFER_JOURNAL } from './transfers.js';

export interface OfficeAgainstStripe {
  officeId: string;
  stripeAccountId: string;
  ledger: { transfers: number; transferredCents: number; payouts: number; paidOutCents: number };
  stripe: { transfers: number; transferredCents: number; payouts: number; paidOutCents: number };
}

/** The office's transfer and payout journals, netted (a refused transfer or a failed payout cancels its own). */
async function ledgerFigures(em: EntityManager, officeId: string): Promise<OfficeAgainstStripe['ledger']> {
  const connected = accounts.officeConnected(officeId);
  const figures = { transfers: 0, transferredCents: 0, payouts: 0, paidOutCents: 0 };
  for (let page = 1; ; page += 1) {
    const { journals } = await journalsOfAccounts(em, [connected], { page, limit: 500, kinds: [TRANSFER_JOURNAL, TRANSFER_FAILED_JOURNAL, PAYOUT_JOURNAL, PAYOUT_FAILED_JOURNAL] });
    for (const journal of journals) {
      const cents = journal.postings.reduce((sum, posting) => sum + posting.amountCents, 0);
      if (journal.kind === TRANSFER_JOURNAL) [figures.transfers, figures.transferredCents] = [figures.transfers + 1, figures.transferredCents + cents];
      if (journal.kind === TRANSFER_FAILED_JOURNAL) [figures.transfers, figures.transferredCents] = [figures.transfers - 1, figures.transferredCents + cents];
      if (journal.kind === PAYOUT_JOURNAL) [figures.payouts, figures.paidOutCents] = [figures.payouts + 1, figures.paidOutCents - cents];
      if (journal.kind === PAYOUT_FAILED_JOURNAL) [figures.payouts, figures.paidOutCents] = [figures.payouts - 1, figures.paidOutCents - cents];
    }
    if (journals.length < 500) return figures;
  }
}

async function stripeFigures(stripe: Stripe, stripeAccountId: string): Promise<OfficeAgainstStripe['stripe']> {
  const figures = { transfers: 0, transferredCents: 0, payouts: 0, paidOutCents: 0 };
  for await (const transfer of stripe.transfers.list({ destination: stripeAccountId, limit: 100 })) {
    const kept = transfer.amount - transfer.amount_reversed;
    if (kept > 0) [figures.transfers, figures.transferredCents] = [figures.transfers + 1, figures.transferredCents + kept];
  }
  for await (const payout of stripe.payouts.list({ limit: 100 }, { stripeAccount: stripeAccountId })) {
    if (payout.status === 'failed' || payout.status === 'canceled') continue;
    [figures.payouts, figures.paidOutCents] = [figures.payouts + 1, figures.paidOutCents + payout.amount];
  }
  return figures;
}

/**
 * Every connected office's transfers and payouts as the ledger has them next to Stripe's own
 * records, listed through the SDK: the provider check of the reconciliation (and the crash test's
 * "Stripe transfers equal the ledger's transfer journals"). Answers every office; callers keep the
 * ones whose figures differ.
 */
export async function officesAgainstStripe(em: EntityManager, stripe: Stripe): Promise<OfficeAgainstStripe[]> {
  const rows = await em.execute<{ office_id: string; stripe_account_id: string }[]>(`select office_id, stripe_account_id from payouts.connected_accounts order by office_id`);
  const answers: OfficeAgainstStripe[] = [];
  for (const row of rows) {
    answers.push({ officeId: row.office_id, stripeAccountId: row.stripe_account_id, ledger: await ledgerFigures(em, row.office_id), stripe: await stripeFigures(stripe, row.stripe_account_id) });
  }
  return answers;
}

export const agreesWithStripe = (office: OfficeAgainstStripe): boolean => JSON.stringify(office.ledger) === JSON.stringify(office.stripe);
