import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { ledgerDb } from '../db/ledger-db.js';
import type { AccountCode } from './accounts.js';
import type { JournalReferences } from './journal.js';
import type { JournalKind } from './journal-kinds.js';

/**
 * Reads for the Stripe reconciliations (billing's fans against Stripe, payouts' offices against
 * Stripe), so no other module reads the ledger's tables: plain figures, never rows.
 */

/** A journal that moved money across the platform's Stripe balance, with its legs on the accounts Stripe sees. */
export interface StripeBoundaryJournal {
  kind: string;
  /** The journal's references `fanId`, `stripeChargeId`, `stripeRefundId`, `stripeDisputeId`, `stripeBalanceTransactionId` (as text). */
  fanId: string | null;
  stripeChargeId: string | null;
  stripeRefundId: string | null;
  stripeDisputeId: string | null;
  stripeBalanceTransactionId: string | null;
  /** Net cents the journal posted on `stripe_clearing`, on `processor_fees` and on every `office_connected:*`. */
  clearingCents: number;
  processorFeesCents: number;
  officeConnectedCents: number;
}

/** Every journal of `kinds` with its legs on Stripe's side of the books (one statement, one entry per journal). */
export async function stripeBoundaryJournals(em: EntityManager, kinds: readonly JournalKind[]): Promise<StripeBoundaryJournal[]> {
  if (kinds.length === 0) return [];
  const rows = await ledgerDb(em)
    .selectFrom('ledger.journals as j')
    .innerJoin('ledger.postings as p', 'p.journal_id', 'j.id')
    .select([
      'j.kind',
      sql<string | null>`j."references"->>'fanId'`.as('fan_id'),
      sql<string | null>`j."references"->>'stripeChargeId'`.as('charge_id'),
      sql<string | null>`j."references"->>'stripeRefundId'`.as('refund_id'),
      sql<string | null>`j."references"->>'stripeDisputeId'`.as('dispute_id'),
      sql<string | null>`j."references"->>'stripeBalanceTransactionId'`.as('txn_id'),
      sql<string>`coalesce(sum(p.amount_cents) filter (where p.account = 'stripe_clearing'), 0)`.as('clearing'),
      sql<string>`coalesce(sum(p.amount_cents) filter (where p.account = 'processor_fees'), 0)`.as('fees'),
      sql<string>`coalesce(sum(p.amount_cents) filter (where p.account like ${'office\\_connected:%'}), 0)`.as('connected'),
    ])
    .where('j.kind', 'in', kinds)
    .groupBy('j.id')
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    fanId: row.fan_id,
    stripeChargeId: row.charge_id,
    stripeRefundId: row.refund_id,
    stripeDisputeId: row.dispute_id,
    stripeBalanceTransactionId: row.txn_id,
    clearingCents: Number(row.clearing ?? 0),
    processorFeesCents: Number(row.fees ?? 0),
    officeConnectedCents: Number(row.connected ?? 0),
  }));
}

/**
 * What journals of `kinds` whose references contain `references` posted on `account`, net, per
 * journal kind and per value of the references' `key` (as text; null where a journal has none).
 */
export async function accountNetByReferenceKey(
  em: EntityManager,
  query: { account: AccountCode; kinds: readonly JournalKind[]; references: JournalReferences; key: string },
): Promise<{ kind: string; value: string | null; cents: number }[]> {
  if (query.kinds.length === 0) return [];
  const rows = await ledgerDb(em)
    .selectFrom('ledger.journals as j')
    .innerJoin('ledger.postings as p', 'p.journal_id', 'j.id')
    .select(['j.kind', sql<string | null>`j."references"->>${query.key}::text`.as('value'), sql<string>`coalesce(sum(p.amount_cents), 0)`.as('cents')])
    .where('j.kind', 'in', query.kinds)
    .where(sql<boolean>`j."references" @> ${JSON.stringify(query.references)}::jsonb`)
    .where('p.account', '=', query.account)
    .groupBy([sql`1`, sql`2`])
    .execute();
  return rows.map((row) => ({ kind: row.kind, value: row.value, cents: Number(row.cents) }));
}
