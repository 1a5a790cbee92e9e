import { executeBound, pgArray, type EntityManager } from '#pie/platform';
import { parseAccount } from './accounts.js';
import { centsFrom } from './ledger-store.js';

export interface BalanceAtCutOff {
  /** The account's balance counting only journals that occurred before the cut-off. */
  before: number;
  /** What journals that occurred at or after the cut-off took out of the account (≤ 0). */
  debitedSince: number;
}

/**
 * For each item, its account's balance at the item's cut-off and what has left the account since,
 * in the order of `items` (one statement).
 * Pies split "the money a fan had when a period ended, less what has been taken back since": a
 * renewal paid at that moment stays for the next period, and a refund of this period's charge
 * after the end cannot be made up for with the next period's money.
 */
export async function balancesAtCutOff(em: EntityManager, items: readonly { account: string; before: Date }[]): Promise<BalanceAtCutOff[]> {
  if (items.length === 0) return [];
  const codes = items.map((item) => parseAccount(item.account).code);
  const rows = await executeBound<{ n: number; before: string | null; debited_since: string | null }>(
    em,
    `select i.n::int as n,
            sum(p.amount_cents) filter (where j.occurred_at < i.before) as before,
            sum(p.amount_cents) filter (where j.occurred_at >= i.before and p.amount_cents < 0) as debited_since
       from unnest($1::text[], $2::timestamptz[]) with ordinality as i(code, before, n)
       left join ledger.postings p on p.account = i.code
       left join ledger.journals j on j.id = p.journal_id
      group by i.n`,
    [pgArray(codes), pgArray(items.map((item) => item.before.toISOString()))],
  );
  const result = items.map((): BalanceAtCutOff => ({ before: 0, debitedSince: 0 }));
  for (const row of rows) result[row.n - 1] = { before: centsFrom(row.before), debitedSince: centsFrom(row.debited_since) };
  return result;
}
