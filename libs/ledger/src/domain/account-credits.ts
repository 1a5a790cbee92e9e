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
