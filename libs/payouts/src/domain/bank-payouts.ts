import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { PayoutStatus, PayoutView } from '#pie/contracts';
import { accounts, canonicalPostings, journalByKey, postJournal, type JournalInput } from '#pie/ledger';
import type { EntityManager } from '#pie/platform';

export const PAYOUT_JOURNAL = 'payout';
export const PAYOUT_FAILED_JOURNAL = 'payout_failed';

export interface PayoutRow {
  id: string;
  office_id: string;
  amount_cents: number;
  status: 'creating' | PayoutStatus;
  stripe_payout_id: string | null;
  arrival_date: Date | null;
  failure_code: string | null;
  failure_message: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

const PAYOUT_COLUMNS = `id, office_id, amount_cents::float8 as amount_cents, status, stripe_payout_id, arrival_date, failure_code, failure_message, created_by, created_at, updated_at`;

/** Stripe's idempotency key for one payout row: a retried request cannot pay out twice. */
export const payoutIdempotencyKey = (payoutId: string) => `pie-payout-${payoutId}`;

/** A payout stuck in `creating` this long lost its answer (a crash, a timeout): the next request resumes it. */
export const STALE_CREATING_MS = 30_000;

export function payoutView(row: PayoutRow): PayoutView {
  return {
    id: row.id,
    amountCents: row.amount_cents,
    // `creating` is Pie's own step before Stripe answers: to the office it is pending.
    status: row.status === 'creating' ? 'pending' : row.status,
    createdAt: new Date(row.created_at).toISOString(),
    arrivalDate: row.arrival_date ? new Date(row.arrival_date).toISOString() : null,
    failureMessage: row.failure_message,
    failureCode: row.failure_code,
  };
}

/**
 * Claims the office's one "creating" slot for a payout of `amountCents` (the partial unique index
 * lets one request in at a time): null when another request holds it.
 */
export async function startPayout(em: EntityManager, officeId: string, amountCents: number, userId: string): Promise<PayoutRow | null> {
  const rows = await em.execute<PayoutRow[]>(
    `insert into payouts.payouts (id, office_id, amount_cents, status, created_by) values (?, ?, ?, 'creating', ?)
     on conflict (office_id) where status = 'creating' do nothing returning ${PAYOUT_COLUMNS}`,
    [randomUUID(), officeId, amountCents, userId],
  );
  return rows[0] ?? null;
}

export async function creatingPayoutOf(em: EntityManager, officeId: string): Promise<PayoutRow | null> {
  const [row] = await em.execute<PayoutRow[]>(`select ${PAYOUT_COLUMNS} from payouts.payouts where office_id = ? and status = 'creating'`, [officeId]);
  return row ?? null;
}

/** Stripe refused the payout: the slot is freed and nothing is recorded (no money moved). */
export async function abandonPayout(em: EntityManager, payoutId: string): Promise<void> {
  await em.execute(`delete from payouts.payouts where id = ? and status = 'creating'`, [payoutId]);
}

function statusOf(payout: Stripe.Payout): PayoutStatus {
  return (['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const).includes(payout.status as PayoutStatus) ? (payout.status as PayoutStatus) : 'pending';
}

/**
 * Records what Stripe says about a payout now, in the caller's transaction, and posts its money:
 * the payout journal (out of `office_connected`) once Stripe has it, and, if the bank refused it,
 * the journal that puts the money back (Stripe returns it to the account's balance). Both are keyed
 * by the payout, so repeated or out-of-order news changes nothing twice.
 */
export async function applyStripePayout(tx: EntityManager, row: PayoutRow, payout: Stripe.Payout): Promise<PayoutRow> {
  const status = statusOf(payout);
  const [updated] = await tx.execute<PayoutRow[]>(
    `update payouts.payouts
        set stripe_payout_id = ?, status = ?, amount_cents = ?, arrival_date = to_timestamp(?), failure_code = ?, failure_message = ?, updated_at = now()
      where id = ? returning ${PAYOUT_COLUMNS}`,
    [payout.id, status, payout.amount, payout.arrival_date, payout.failure_code ?? null, payout.failure_message ?? null, row.id],
  );
  const references = { officeId: row.office_id, payoutId: row.id };
  await postOnce(tx, {
    kind: PAYOUT_JOURNAL,
    idempotencyKey: `${PAYOUT_JOURNAL}:${row.id}`,
    occurredAt: new Date(),
    references,
    postings: [
      { account: accounts.officeConnected(row.office_id), amountCents: -payout.amount },
      { account: accounts.stripeClearing, amountCents: payout.amount },
    ],
  });
  if (status === 'failed' || status === 'canceled') {
    await postOnce(tx, {
      kind: PAYOUT_FAILED_JOURNAL,
      idempotencyKey: `${PAYOUT_FAILED_JOURNAL}:${row.id}`,
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

async function postOnce(tx: EntityManager, input: JournalInput): Promise<void> {
  if (await journalByKey(tx, input.idempotencyKey)) return;
  await postJournal(tx, input, canonicalPostings(input));
}

export async function lockPayout(tx: EntityManager, payoutId: string): Promise<PayoutRow | null> {
  const [row] = await tx.execute<PayoutRow[]>(`select ${PAYOUT_COLUMNS} from payouts.payouts where id = ? for update`, [payoutId]);
  return row ?? null;
}

export async function payoutByStripeId(em: EntityManager, stripePayoutId: string): Promise<PayoutRow | null> {
  const [row] = await em.execute<PayoutRow[]>(`select ${PAYOUT_COLUMNS} from payouts.payouts where stripe_payout_id = ?`, [stripePayoutId]);
  return row ?? null;
}

export async function payoutOf(em: EntityManager, officeId: string, payoutId: string): Promise<PayoutRow | null> {
  const [row] = await em.execute<PayoutRow[]>(`select ${PAYOUT_COLUMNS} from payouts.payouts where id = ? and office_id = ?`, [payoutId, officeId]);
  return row ?? null;
}

export async function payoutsOf(em: EntityManager, officeId: string, page: { page: number; limit: number }): Promise<{ total: number; rows: PayoutRow[] }> {
  const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from payouts.payouts where office_id = ?`, [officeId]);
  const rows = await em.execute<PayoutRow[]>(`select ${PAYOUT_COLUMNS} from payouts.payouts where office_id = ? order by created_at desc, id desc limit ? offset ?`, [
    officeId,
    page.limit,
    (page.page - 1) * page.limit,
  ]);
  return { total: count?.n ?? 0, rows };
}

/** What reached the office's bank: the payouts Stripe marked paid. */
export async function paidOutTotal(em: EntityManager, officeId: string): Promise<number> {
  const [row] = await em.execute<{ total: number }[]>(`select coalesce(sum(amount_cents), 0)::float8 as total from payouts.payouts where office_id = ? and status = 'paid'`, [officeId]);
  return row?.total ?? 0;
}

/** When the office's latest payout that did not fail was made (transfers after it are not paid out yet). */
export async function lastPayoutAt(em: EntityManager, officeId: string): Promise<Date | null> {
  const [row] = await em.execute<{ at: Date | null }[]>(`select max(created_at) as at from payouts.payouts where office_id = ? and status not in ('failed', 'canceled', 'creating')`, [officeId]);
  return row?.at ? new Date(row.at) : null;
}
