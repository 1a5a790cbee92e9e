import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { ledgerDb } from '../db/ledger-db.js';
import { parseAccount, type AccountKind } from './accounts.js';
import { centsFrom } from './ledger-store.js';

/** What flowed INTO an account (its positive postings) from journals that occurred at or after `since`. */
export async function creditsSince(em: EntityManager, account: string, since: Date): Promise<number> {
  const code = parseAccount(account).code;
  const row = await ledgerDb(em)
    .selectFrom('ledger.postings as p')
    .innerJoin('ledger.journals as j', 'j.id', 'p.journal_id')
    .select(sql<string | null>`sum(p.amount_cents)`.as('credits'))
    .where('p.account', '=', code)
    .where('p.amount_cents', '>', '0')
    .where('j.occurred_at', '>=', since.toISOString())
    .executeTakeFirst();
  return centsFrom(row?.credits);
}

/** The summed balances of several accounts (accounts never posted to count as zero). */
export async function balancesSum(em: EntityManager, codes: string[]): Promise<number> {
  if (codes.length === 0) return 0;
  const row = await ledgerDb(em)
    .selectFrom('ledger.accounts')
    .select(sql<string | null>`sum(balance_cents)`.as('total'))
    .where('code', 'in', codes.map((code) => parseAccount(code).code))
    .executeTakeFirst();
  return centsFrom(row?.total);
}

/** How many postings an account has had: with the account locked, a version no other writer can reuse. */
export async function postingCount(em: EntityManager, account: string): Promise<number> {
  const code = parseAccount(account).code;
  const row = await ledgerDb(em).selectFrom('ledger.postings').select(sql<number>`count(*)::int`.as('n')).where('account', '=', code).executeTakeFirst();
  return row?.n ?? 0;
}

/** The accounts of one kind holding more than zero (e.g. every escrow with money in it). */
export async function accountsWithMoney(em: EntityManager, kind: string): Promise<{ code: string; balanceCents: number }[]> {
  const rows = await ledgerDb(em)
    .selectFrom('ledger.accounts')
    .select(['code', 'balance_cents'])
    .where('kind', '=', kind as AccountKind)
    .where('balance_cents', '>', '0')
    .orderBy('code')
    .execute();
  return rows.map((row) => ({ code: row.code, balanceCents: centsFrom(row.balance_cents) }));
}

export interface JournalOfAccounts {
  id: string;
  kind: string;
  occurredAt: Date;
  references: Record<string, unknown>;
  /** This journal's postings on the accounts asked about (not its other legs). */
  postings: { account: string; amountCents: number }[];
}

/**
 * The journals that touched any of `codes`, newest first, one entry per journal (a transfer from
 * earnings to the connected account is one entry with both legs), optionally of some kinds, or
 * one journal by id. For an office's or an artist's transaction history.
 */
export async function journalsOfAccounts(
  em: EntityManager,
  codes: string[],
  options: { page: number; limit: number; kinds?: string[]; journalId?: string; referencesAny?: { key: string; values: string[] } },
): Promise<{ total: number; journals: JournalOfAccounts[] }> {
  const accountList = codes.map((code) => parseAccount(code).code);
  const kinds = options.kinds && options.kinds.length > 0 ? options.kinds : null;
  const { journalId, referencesAny } = options;
  if (accountList.length === 0 || (referencesAny && referencesAny.values.length === 0)) return { total: 0, journals: [] };
  const journals = () =>
    ledgerDb(em)
      .selectFrom('ledger.postings as p')
      .innerJoin('ledger.journals as j', 'j.id', 'p.journal_id')
      .where('p.account', 'in', accountList)
      .$if(kinds !== null, (qb) => qb.where('j.kind', 'in', kinds!))
      .$if(journalId != null, (qb) => qb.where('j.id', '=', journalId!))
      .$if(referencesAny !== undefined, (qb) => qb.where(sql<string>`j."references"->>${referencesAny!.key}::text`, 'in', referencesAny!.values));
  const count = await journals().select(sql<number>`count(distinct j.id)::int`.as('n')).executeTakeFirst();
  const rows = await journals()
    .select([
      'j.id',
      'j.kind',
      'j.occurred_at',
      'j.references',
      sql<{ account: string; amount: string }[]>`json_agg(json_build_object('account', p.account, 'amount', p.amount_cents::text) order by p.account)`.as('postings'),
    ])
    .groupBy('j.id')
    .orderBy('j.occurred_at', 'desc')
    .orderBy('j.recorded_at', 'desc')
    .orderBy('j.id', 'desc')
    .limit(options.limit)
    .offset((options.page - 1) * options.limit)
    .execute();
  return {
    total: count?.n ?? 0,
    journals: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      occurredAt: new Date(row.occurred_at),
      references: row.references as Record<string, unknown>,
      postings: row.postings.map((posting) => ({ account: posting.account, amountCents: centsFrom(posting.amount) })),
    })),
  };
}
