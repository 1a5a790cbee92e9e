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
  // raw SQL: bench:close — the period close reads every due period's wallet at its cut-off in this one unnest statement
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

export interface LateCredit {
  /** Credits to the account at or after the cut-off by journals whose references contain the item's. */
  lateCents: number;
  /** The account's balance now. */
  nowCents: number;
}

/**
 * For each item (one statement): what journals matching its `references` put into its account at or
 * after its cut-off, and the account's balance now. Pies use it for late money: a period's own
 * payment that Stripe collected after the period ended (a retried renewal) still belongs to that
 * period's split. Items without references get only the balance.
 */
export async function lateCredits(em: EntityManager, items: readonly { account: string; cutOff: Date; references: Record<string, string> | null }[]): Promise<LateCredit[]> {
  if (items.length === 0) return [];
  // raw SQL: bench:close — the period close reads every due period's late money in this one unnest statement
  const rows = await executeBound<{ n: number; late: string | null; now: string | null }>(
    em,
    `select i.n::int as n,
            (select sum(p.amount_cents) from ledger.postings p join ledger.journals j on j.id = p.journal_id
              where i.refs is not null and p.account = i.code and p.amount_cents > 0 and j.occurred_at >= i.cut_off and j."references" @> i.refs::jsonb) as late,
            (select a.balance_cents from ledger.accounts a where a.code = i.code) as now
       from unnest($1::text[], $2::timestamptz[], $3::text[]) with ordinality as i(code, cut_off, refs, n)`,
    [
      pgArray(items.map((item) => parseAccount(item.account).code)),
      pgArray(items.map((item) => item.cutOff.toISOString())),
      pgArray(items.map((item) => (item.references ? JSON.stringify(item.references) : null))),
    ],
  );
  const result = items.map((): LateCredit => ({ lateCents: 0, nowCents: 0 }));
  for (const row of rows) result[row.n - 1] = { lateCents: centsFrom(row.late), nowCents: centsFrom(row.now) };
  return result;
}
