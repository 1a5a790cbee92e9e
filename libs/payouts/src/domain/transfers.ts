import { randomUUID } from 'node:crypto';
import { accounts, balanceOf, canonicalPostings, journalByKey, lockAccounts, postJournal, type JournalInput, JOURNAL_KINDS } from '#pie/ledger';
import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { payoutsDb } from '../db/payouts-db.js';
import { canReceiveTransfers, connectedAccountOf } from './connected-accounts.js';
import { cents, type TransferRow } from './payout-rows.js';
import { transferIsDue } from './transfer-rules.js';

export async function pendingTransferOf(em: EntityManager, officeId: string): Promise<TransferRow | null> {
  const row = await payoutsDb(em).selectFrom('payouts.transfers').selectAll().where('office_id', '=', officeId).where('status', '=', 'pending').executeTakeFirst();
  return row ?? null;
}

/**
 * Decides, under the lock on the office's earnings, whether a transfer is due and books it: the
 * ledger moves the money to `office_connected` and a `pending` row remembers what Stripe must be
 * asked for. A transfer already in flight is returned instead, so a crashed sender is resumed.
 *
 * Due: `transferIsDue` (transfer-rules.ts).
 * Stripe's Connect fees are not taken here: Stripe bills them for payouts (connect-fees.ts), and
 * they are booked when a payout is. (Rows booked before that rule carry their fee in `fee_cents`.)
 */
export async function bookDueTransfer(tx: EntityManager, officeId: string, options: { thresholdCents: number; monthEnd: boolean; now: Date }): Promise<TransferRow | null> {
  const earnings = accounts.officeEarnings(officeId);
  await lockAccounts(tx, [earnings]);
  const inFlight = await pendingTransferOf(tx, officeId);
  if (inFlight) return inFlight;
  const connection = await connectedAccountOf(tx, officeId);
  if (!canReceiveTransfers(connection)) return null;
  const held = await balanceOf(tx, earnings);
  if (!transferIsDue(held, options)) return null;
  const id = randomUUID();
  const amountCents = held;
  const feeCents = 0;
  const references = { officeId, transferId: id };
  await post(tx, {
    kind: JOURNAL_KINDS.transfer,
    idempotencyKey: `${JOURNAL_KINDS.transfer}:${id}`,
    occurredAt: options.now,
    references,
    postings: [
      { account: earnings, amountCents: -amountCents },
      { account: accounts.officeConnected(officeId), amountCents },
    ],
  });
  return payoutsDb(tx)
    .insertInto('payouts.transfers')
    .values({ id, office_id: officeId, stripe_account_id: connection.stripeAccountId, amount_cents: amountCents, fee_cents: feeCents, status: 'pending', created_at: options.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Stripe made the transfer: remember its id. */
export async function markTransferMade(tx: EntityManager, transferId: string, stripeTransferId: string): Promise<void> {
  await payoutsDb(tx)
    .updateTable('payouts.transfers')
    .set({ status: 'made', stripe_transfer_id: stripeTransferId, made_at: sql<string>`now()` })
    .where('id', '=', transferId)
    .where('status', '=', 'pending')
    .execute();
}

export async function countAttempt(em: EntityManager, transferId: string): Promise<void> {
  await payoutsDb(em)
    .updateTable('payouts.transfers')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', transferId)
    .execute();
}

/**
 * Stripe refused the transfer for good (the account lost its transfers capability, say): the money
 * and the month's fee go back to the office's earnings in one journal, and the row says why.
 */
export async function failTransfer(tx: EntityManager, transfer: TransferRow, reason: string): Promise<void> {
  const updated = await payoutsDb(tx)
    .updateTable('payouts.transfers')
    .set({ status: 'failed', failure_message: reason.slice(0, 500) })
    .where('id', '=', transfer.id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  if (!updated) return;
  const amountCents = cents(transfer.amount_cents);
  const feeCents = cents(transfer.fee_cents);
  const postings: { account: string; amountCents: number }[] = [
    { account: accounts.officeConnected(transfer.office_id), amountCents: -amountCents },
    { account: accounts.officeEarnings(transfer.office_id), amountCents: amountCents + feeCents },
  ];
  if (feeCents > 0) postings.push({ account: accounts.processorFees, amountCents: -feeCents });
  await post(tx, {
    kind: JOURNAL_KINDS.transferFailed,
    idempotencyKey: `${JOURNAL_KINDS.transferFailed}:${transfer.id}`,
    occurredAt: new Date(),
    references: { officeId: transfer.office_id, transferId: transfer.id },
    postings,
  });
}

export async function transfersOf(em: EntityManager, officeId: string, page: { page: number; limit: number; since?: Date | null }): Promise<{ total: number; rows: TransferRow[] }> {
  const since = page.since ?? null;
  const made = () =>
    payoutsDb(em)
      .selectFrom('payouts.transfers')
      .where('office_id', '=', officeId)
      .where('status', '=', 'made')
      .$if(since !== null, (qb) => qb.where('made_at', '>', since!.toISOString()));
  const count = await made().select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  const rows = await made()
    .selectAll()
    .orderBy('made_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  return { total: count?.n ?? 0, rows };
}

async function post(tx: EntityManager, input: JournalInput): Promise<void> {
  await postJournal(tx, input, canonicalPostings(input));
}

/**
 * Stripe took (part of) a transfer back from the office's account (`transfer.reversed`): the money
 * is back in Pie's balance, so it goes back from `office_connected` to the office's earnings, to be
 * sent again with its next transfer. One journal per reversal (`transfer_reversed:<trr id>`).
 */
export async function bookTransferReversal(tx: EntityManager, officeId: string, reversal: { id: string; amount: number; created: number; transferId: string }): Promise<boolean> {
  const key = `${JOURNAL_KINDS.transferReversed}:${reversal.id}`;
  if (await journalByKey(tx, key)) return false;
  await post(tx, {
    kind: JOURNAL_KINDS.transferReversed,
    idempotencyKey: key,
    occurredAt: new Date(reversal.created * 1000),
    references: { officeId, stripeTransferId: reversal.transferId, stripeTransferReversalId: reversal.id },
    postings: [
      { account: accounts.officeConnected(officeId), amountCents: -reversal.amount },
      { account: accounts.officeEarnings(officeId), amountCents: reversal.amount },
    ],
  });
  return true;
}
