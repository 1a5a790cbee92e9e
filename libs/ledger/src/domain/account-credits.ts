import type { EntityManager } from '#pie/platform';
import { parseAccount } from './accounts.js';
import { centsFrom } from './ledger-store.js';

/** What flowed INTO an account (its positive postings) from journals that occurred at or after `since`. */
export async function creditsSince(em: EntityManager, account: string, since: Date): Promise<number> {
  const code = parseAccount(account).code;
  const [row] = await em.execute<{ credits: string | null }[]>(
    `select sum(p.amount_cents) as credits from ledger.postings p join ledger.journals j on j.id = p.journal_id
      where p.account = ? and p.amount_cents > 0 and j.occurred_at >= ?`,
    [code, since],
  );
  return centsFrom(row?.credits);
}

/** The summed balances of several accounts (accounts never posted to count as zero). */
export async function balancesSum(em: EntityManager, codes: string[]): Promise<number> {
  if (codes.length === 0) return 0;
  const [row] = await em.execute<{ total: string | null }[]>(`select sum(balance_cents) as total from ledger.accounts where code = any(?::text[])`, [
    `{${codes.map((code) => parseAccount(code).code).join(',')}}`,
  ]);
  return centsFrom(row?.total);
}

/** How many postings an account has had: with the account locked, a version no other writer can reuse. */
export async function postingCount(em: EntityManager, account: string): Promise<number> {
  const code = parseAccount(account).code;
  const [row] = await em.execute<{ n: number }[]>(`select count(*)::int as n from ledger.postings where account = ?`, [code]);
  return row?.n ?? 0;
}

/** The accounts of one kind holding more than zero (e.g. every escrow with money in it). */
export async function accountsWithMoney(em: EntityManager, kind: string): Promise<{ code: string; balanceCents: number }[]> {
  const rows = await em.execute<{ code: string; balance_cents: string }[]>(`select code, balance_cents from ledger.accounts where kind = ? and balance_cents > 0 order by code`, [kind]);
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
  const accountList = `{${codes.map((code) => parseAccount(code).code).join(',')}}`;
  const kinds = options.kinds && options.kinds.length > 0 ? `{${options.kinds.join(',')}}` : null;
  const refKey = options.referencesAny?.key ?? null;
  const refValues = options.referencesAny ? `{${options.referencesAny.values.join(',')}}` : null;
  const where = `p.account = any(?::text[]) and (?::text[] is null or j.kind = any(?::text[])) and (?::uuid is null or j.id = ?::uuid)
                 and (?::text is null or j."references"->>?::text = any(?::text[]))`;
  const params = [accountList, kinds, kinds, options.journalId ?? null, options.journalId ?? null, refKey, refKey, refValues];
  const [count] = await em.execute<{ n: number }[]>(`select count(distinct j.id)::int as n from ledger.postings p join ledger.journals j on j.id = p.journal_id where ${where}`, params);
  const rows = await em.execute<{ id: string; kind: string; occurred_at: Date; references: Record<string, unknown>; postings: { account: string; amount: string }[] }[]>(
    `select j.id, j.kind, j.occurred_at, j."references", json_agg(json_build_object('account', p.account, 'amount', p.amount_cents::text) order by p.account) as postings
       from ledger.postings p join ledger.journals j on j.id = p.journal_id
      where ${where}
      group by j.id
      order by j.occurred_at desc, j.recorded_at desc, j.id desc
      limit ? offset ?`,
    [...params, options.limit, (options.page - 1) * options.limit],
  );
  return {
    total: count?.n ?? 0,
    journals: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      occurredAt: new Date(row.occurred_at),
      references: row.references,
      postings: row.postings.map((posting) => ({ account: posting.account, amountCents: centsFrom(posting.amount) })),
    })),
  };
}
