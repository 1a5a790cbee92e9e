import type { EntityManager } from '#pie/platform';
import type { AccountCode, AccountKind } from './accounts.js';
import type { JournalReferences } from './journal.js';
import type { JournalKind } from './journal-kinds.js';
import { centsFrom } from './ledger-store.js';

/*
 * Money figures: one definition per concept ("paid in", "card fees", "released to offices"…),
 * summed by one read whichever screen shows it (a fan's wallet, the admin's finances, a day of the
 * dashboard's chart), so the same concept never has two values. The ledger knows nothing of pies or
 * Stripe: the modules that post the journals define their figures (billing's `FAN_MONEY_FIGURES`,
 * payouts' `OFFICE_MONEY_FIGURES`) and pass them here.
 */

/** What journals of some kinds moved on accounts of one kind, net (a kind that takes money back counts against it). */
export interface MoneyFigure {
  journalKinds: readonly JournalKind[];
  accountKind: AccountKind;
  /** `in`: net money into those accounts; `out`: net money out of them. */
  direction: 'in' | 'out';
}

export interface FigureScope {
  /** Journals that occurred at or after `from` and before `to` (either may be open). */
  from?: Date | null;
  to?: Date | null;
  /** Only journals whose references contain these (a fan's money: `{ fanId }`; one invoice's: `{ stripeInvoiceId }`). */
  references?: JournalReferences;
}

type NetRow = { day: string | null; journal_kind: string; account_kind: AccountKind; net: string };

async function netByKind(em: EntityManager, figures: Record<string, MoneyFigure>, scope: FigureScope, byDay: boolean): Promise<NetRow[]> {
  const kinds = [...new Set(Object.values(figures).flatMap((figure) => figure.journalKinds))];
  if (kinds.length === 0) return [];
  return em.execute<NetRow[]>(
    `select ${byDay ? `to_char(date_trunc('day', j.occurred_at at time zone 'UTC'), 'YYYY-MM-DD')` : 'null'} as day, j.kind as journal_kind, a.kind as account_kind, sum(p.amount_cents) as net
       from ledger.journals j join ledger.postings p on p.journal_id = j.id join ledger.accounts a on a.code = p.account
      where j.kind = any(?::text[])
        and (?::timestamptz is null or j.occurred_at >= ?) and (?::timestamptz is null or j.occurred_at < ?)
        and (?::jsonb is null or j."references" @> ?::jsonb)
      group by 1, 2, 3`,
    [`{${kinds.join(',')}}`, scope.from ?? null, scope.from ?? null, scope.to ?? null, scope.to ?? null, scope.references ? JSON.stringify(scope.references) : null, scope.references ? JSON.stringify(scope.references) : null],
  );
}

function sumFigures<K extends string>(figures: Record<K, MoneyFigure>, rows: NetRow[]): Record<K, number> {
  const totals = {} as Record<K, number>;
  for (const [name, figure] of Object.entries(figures) as [K, MoneyFigure][]) {
    const net = rows.filter((row) => row.account_kind === figure.accountKind && (figure.journalKinds as readonly string[]).includes(row.journal_kind)).reduce((sum, row) => sum + centsFrom(row.net), 0);
    totals[name] = figure.direction === 'in' ? net : 0 - net; // never -0
  }
  return totals;
}

/** Each figure's total over the journals in scope, in one statement. */
export async function figureTotals<K extends string>(em: EntityManager, figures: Record<K, MoneyFigure>, scope: FigureScope = {}): Promise<Record<K, number>> {
  return sumFigures(figures, await netByKind(em, figures, scope, false));
}

/** The same figures per UTC day (days without any of their journals are absent), oldest first. */
export async function figureTotalsByDay<K extends string>(em: EntityManager, figures: Record<K, MoneyFigure>, scope: FigureScope = {}): Promise<({ day: string } & Record<K, number>)[]> {
  const rows = await netByKind(em, figures, scope, true);
  const days = [...new Set(rows.map((row) => row.day!))].sort();
  return days.map((day) => ({ day, ...sumFigures(figures, rows.filter((row) => row.day === day)) }));
}

/**
 * The same figures per UTC month of the journals' `occurred_at` ('YYYY-MM', oldest first; months
 * without any of their journals are absent), over the whole ledger. Read from
 * `ledger.monthly_totals`, the postings' per-month cache kept by their trigger in their own
 * transaction: a few rows a month whatever the number of fans, equal to `figureTotals` over the month.
 */
export async function figureTotalsByMonth<K extends string>(em: EntityManager, figures: Record<K, MoneyFigure>): Promise<({ month: string } & Record<K, number>)[]> {
  const kinds = [...new Set(Object.values<MoneyFigure>(figures).flatMap((figure) => figure.journalKinds))];
  if (kinds.length === 0) return [];
  const rows = await em.execute<NetRow[]>(
    `select to_char(month, 'YYYY-MM') as day, journal_kind, account_kind, sum(net_cents) as net
       from ledger.monthly_totals where journal_kind = any(?::text[]) group by 1, 2, 3`,
    [`{${kinds.join(',')}}`],
  );
  const months = [...new Set(rows.map((row) => row.day!))].sort();
  return months.map((month) => ({ month, ...sumFigures(figures, rows.filter((row) => row.day === month)) }));
}

/**
 * One figure split by account and by UTC month of the journals in scope (accounts without any of its
 * journals are absent): e.g. what one fan's pie closes put into each artist's escrow, month by month.
 * Its sum over accounts and months equals `figureTotals` of the same figure and scope.
 */
export async function figureByAccountAndMonth(em: EntityManager, figure: MoneyFigure, scope: FigureScope = {}): Promise<{ account: AccountCode; month: string; cents: number }[]> {
  if (figure.journalKinds.length === 0) return [];
  const references = scope.references ? JSON.stringify(scope.references) : null;
  const rows = await em.execute<{ account: AccountCode; month: string; net: string }[]>(
    `select p.account, to_char(date_trunc('month', j.occurred_at at time zone 'UTC'), 'YYYY-MM') as month, sum(p.amount_cents) as net
       from ledger.journals j join ledger.postings p on p.journal_id = j.id join ledger.accounts a on a.code = p.account
      where j.kind = any(?::text[]) and a.kind = ?
        and (?::timestamptz is null or j.occurred_at >= ?) and (?::timestamptz is null or j.occurred_at < ?)
        and (?::jsonb is null or j."references" @> ?::jsonb)
      group by 1, 2 order by 1, 2`,
    [`{${figure.journalKinds.join(',')}}`, figure.accountKind, scope.from ?? null, scope.from ?? null, scope.to ?? null, scope.to ?? null, references, references],
  );
  return rows.map((row) => ({ account: row.account, month: row.month, cents: figure.direction === 'in' ? centsFrom(row.net) : 0 - centsFrom(row.net) }));
}
