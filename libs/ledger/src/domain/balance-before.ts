import { executeBound, pgArray, type EntityManager } from '#pie/platform';
import { parseAccount } from './accounts.js';
import { centsFrom } from './ledger-store.js';

/**
 * An account's balance counting only journals that occurred before `before` (pies: the money a fan
 * had when a period ended, so a renewal paid at that moment stays for the next period).
 */
export async function balanceBefore(em: EntityManager, account: string, before: Date): Promise<number> {
  const code = parseAccount(account).code;
  const [row] = await em.execute<{ balance: string | null }[]>(
    `select sum(p.amount_cents) as balance from ledger.postings p join ledger.journals j on j.id = p.journal_id
      where p.account = ? and j.occurred_at < ?::timestamptz`,
    [code, before.toISOString()],
  );
  return centsFrom(row?.balance);
}

/** For each account: its balance now and counting only journals before its own cut-off (one statement). */
export async function balancesNowAndBefore(em: EntityManager, items: readonly { account: string; before: Date }[]): Promise<Map<string, { now: number; before: number }>> {
  const result = new Map<string, { now: number; before: number }>();
  if (items.length === 0) return result;
  const codes = items.map((item) => parseAccount(item.account).code);
  const rows = await executeBound<{ code: string; now: string | null; before: string | null }>(
    em,
    `select i.code, a.balance_cents as now,
            (select sum(p.amount_cents) from ledger.postings p join ledger.journals j on j.id = p.journal_id
              where p.account = i.code and j.occurred_at < i.before) as before
       from unnest($1::text[], $2::timestamptz[]) as i(code, before) left join ledger.accounts a on a.code = i.code`,
    [pgArray(codes), pgArray(items.map((item) => item.before.toISOString()))],
  );
  for (const row of rows) result.set(row.code, { now: centsFrom(row.now), before: centsFrom(row.before) });
  return result;
}
