import type { EntityManager } from '#pie/platform';
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
