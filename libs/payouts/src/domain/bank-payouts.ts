import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { PayoutStatus } from '#pie/contracts';
import { accounts, balanceOf, canonicalPostings, journalByKey, lockAccounts, postJournal, type JournalInput, JOURNAL_KINDS } from '#pie/ledger';
import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { payoutsDb } from '../db/payouts-db.js';
import { bookConnectFees } from './connect-fees.js';
import type { PayoutRow } from './payout-rows.js';

const payouts = (em: EntityManager) => payoutsDb(em).selectFrom('payouts.payouts').selectAll();

/** Stripe's idempotency key for one payout row: a retried request cannot pay out twice. */
export const payoutIdempotencyKey = (payoutId: string) => `pie-payout-${payoutId}`;

/** A payout stuck in `creating` this long lost its answer (a crash, a timeout): the next request resumes it. */
export const STALE_CREATING_MS = 30_000;

/**
 * Claims the office's one "creating" slot for a payout of `amountCents` (the partial unique index
 * lets one request in at a time): null when another request holds it.
 */
export async function startPayout(em: EntityManager, officeId: string, stripeAccountId: string, amountCents: number, userId: string): Promise<PayoutRow | null> {
  const row = await payoutsDb(em)
    .insertInto('payouts.payouts')
    .values({ id: randomUUID(), office_id: officeId, stripe_account_id: stripeAccountId, amount_cents: amountCents, status: 'creating', created_by: userId })
    .onConflict((oc) => oc.column('office_id').where(sql<boolean>`status = 'creating'`).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function creatingPayoutOf(em: EntityManager, officeId: string): Promise<PayoutRow | null> {
  return (await payouts(em).where('office_id', '=', officeId).where('status', '=', 'creating').executeTakeFirst()) ?? null;
}

/** Stripe refused the payout: the slot is freed and nothing is recorded (no money moved). */
export async function abandonPayout(em: EntityManager, payoutId: string): Promise<void> {
  await payoutsDb(em).deleteFrom('payouts.payouts').where('id', '=', payoutId).where('status', '=', 'creating').execute();
}

function statusOf(payout: Stripe.Payout): PayoutStatus {
  return (['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const).includes(payout.status as PayoutStatus) ? (payout.status as PayoutStatus) : 'pending';
}

/**
 * Records what Stripe says about a payout now, in the caller's transaction, and posts its money:
 * the payout journal (out of `office_connected`) once Stripe has it, and, if the bank refused it,
 * the journal that puts the money back (Stripe returns it to the account's balance). Both are keyed
 * by the payout, so repeated or out-of-order news changes nothing twice. `onSent` runs, in `tx`,
 * once per payout: when its payout journal is first posted and Stripe has not refused it already.
 */
export async function applyStripePayout(tx: EntityManager, row: PayoutRow, payout: Stripe.Payout, onSent?: (tx: EntityManager, payout: PayoutRow) => Promise<void>): Promise<PayoutRow> {
  const status = statusOf(payout);
  const updated = await payoutsDb(tx)
    .updateTable('payouts.payouts')
    .set({
      stripe_payout_id: payout.id,
      status,
      amount_cents: payout.amount,
      arrival_date: sql<string>`to_timestamp(${payout.arrival_date})`,
      failure_code: payout.failure_code ?? null,
      failure_message: payout.failure_message ?? null,
      updated_at: sql<string>`now()`,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const references = { officeId: row.office_id, payoutId: row.id, stripePayoutId: payout.id };
  const posted = await postPayoutOnce(tx, row, payout, references);
  const paidOut = posted !== 'unbooked';
  await bookConnectFees(tx, row.office_id, row.stripe_account_id, payout);
  if (posted === 'posted' && status !== 'failed' && status !== 'canceled') await onSent?.(tx, updated);
  if (paidOut && (status === 'failed' || status === 'canceled')) {
    await postOnce(tx, {
      kind: JOURNAL_KINDS.payoutFailed,
      idempotencyKey: `${JOURNAL_KINDS.payoutFailed}:${row.id}`,
      occurredAt: new Date(),
      references,
      postings: [
        { account: accounts.stripeClearing, amountCents: -payout.amount },
        { account: accounts.officeConnected(row.office_id), amountCents: payout.amount },
      ],
    });
  }
  return updated;
}

/**
 * The payout journal (out of `office_connected`), once. A payout larger than what the ledger holds
 * for the office (Stripe paid out money Pie never booked as transferred: the books and Stripe
 * disagree) is recorded without a journal rather than failing for ever: the provider check shows
 * the office's difference. Answers whether this call posted the journal, it existed, or it is not booked.
 */
async function postPayoutOnce(tx: EntityManager, row: PayoutRow, payout: Stripe.Payout, references: Record<string, string>): Promise<'posted' | 'existed' | 'unbooked'> {
  const key = `${JOURNAL_KINDS.payout}:${row.id}`;
  if (await journalByKey(tx, key)) return 'existed';
  const connected = accounts.officeConnected(row.office_id);
  await lockAccounts(tx, [connected]);
  if ((await balanceOf(tx, connected)) < payout.amount) return 'unbooked';
  await postOnce(tx, {
    kind: JOURNAL_KINDS.payout,
    idempotencyKey: key,
    occurredAt: new Date(),
    references,
    postings: [
      { account: connected, amountCents: -payout.amount },
      { account: accounts.stripeClearing, amountCents: payout.amount },
    ],
  });
  return 'posted';
}

async function postOnce(tx: EntityManager, input: JournalInput): Promise<void> {
  if (await journalByKey(tx, input.idempotencyKey)) return;
  await postJournal(tx, input, canonicalPostings(input));
}

/**
 * A payout Pie did not ask for (Stripe's own schedule, the Express dashboard): a row is made for it
 * from what Stripe says, so it is shown and booked like Pie's own. The unique Stripe id keeps it one row.
 */
export async function insertReportedPayout(em: EntityManager, officeId: string, stripeAccountId: string, payout: Stripe.Payout): Promise<PayoutRow> {
  await payoutsDb(em)
    .insertInto('payouts.payouts')
    .values({
      id: randomUUID(),
      office_id: officeId,
      stripe_account_id: stripeAccountId,
      amount_cents: payout.amount,
      status: statusOf(payout),
      stripe_payout_id: payout.id,
      created_by: null,
      created_at: sql<string>`to_timestamp(${payout.created})`,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await payoutByStripeId(em, payout.id))!;
}

export async function lockPayout(tx: EntityManager, payoutId: string): Promise<PayoutRow | null> {
  return (await payouts(tx).where('id', '=', payoutId).forUpdate().executeTakeFirst()) ?? null;
}

export async function payoutByStripeId(em: EntityManager, stripePayoutId: string): Promise<PayoutRow | null> {
  return (await payouts(em).where('stripe_payout_id', '=', stripePayoutId).executeTakeFirst()) ?? null;
}

export async function payoutOf(em: EntityManager, officeId: string, payoutId: string): Promise<PayoutRow | null> {
  return (await payouts(em).where('id', '=', payoutId).where('office_id', '=', officeId).executeTakeFirst()) ?? null;
}

export async function payoutsOf(em: EntityManager, officeId: string, page: { page: number; limit: number }): Promise<{ total: number; rows: PayoutRow[] }> {
  const count = await payoutsDb(em).selectFrom('payouts.payouts').select(sql<number>`count(*)::int`.as('n')).where('office_id', '=', officeId).executeTakeFirst();
  const rows = await payouts(em)
    .where('office_id', '=', officeId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  return { total: count?.n ?? 0, rows };
}

/** What reached the office's bank: the payouts Stripe marked paid (from one of its accounts, when given). */
export async function paidOutTotal(em: EntityManager, officeId: string, stripeAccountId: string | null = null): Promise<number> {
  const row = await payoutsDb(em)
    .selectFrom('payouts.payouts')
    .select(sql<number>`coalesce(sum(amount_cents), 0)::float8`.as('total'))
    .where('office_id', '=', officeId)
    .where('status', '=', 'paid')
    .$if(stripeAccountId !== null, (qb) => qb.where('stripe_account_id', '=', stripeAccountId!))
    .executeTakeFirst();
  return row?.total ?? 0;
}

/** When the office's latest payout that did not fail was made (transfers after it are not paid out yet). */
export async function lastPayoutAt(em: EntityManager, officeId: string): Promise<Date | null> {
  const row = await payoutsDb(em)
    .selectFrom('payouts.payouts')
    .select(sql<string | null>`max(created_at)`.as('at'))
    .where('office_id', '=', officeId)
    .where('status', 'not in', ['failed', 'canceled', 'creating'])
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}
