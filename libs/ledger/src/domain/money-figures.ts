import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { ledgerDb } from '../db/ledger-db.js';
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

/** The postings of journals of `kinds` in `scope` (kinds: not empty). */
function journalsInScope(em: EntityManager, kinds: readonly string[], scope: FigureScope) {
  const { from, to, references } = scope;
  return ledgerDb(em)
    .selectFrom('ledger.journals as j')
    .innerJoin('ledger.postings as p', 'p.journal_id', 'j.id')
    .where('j.kind', 'in', kinds)
    .$if(from != null, (qb) => qb.where('j.occurred_at', '>=', from!.toISOString()))
    .$if(to != null, (qb) => qb.where('j.occurred_at', '<', to!.toISOString()))
    .$if(references !== undefined, (qb) => qb.where(sql<boolean>`j."references" @> ${JSON.stringify(references)}::jsonb`));
}

async function netByKind(em: EntityManager, figures: Record<string, MoneyFigure>, scope: FigureScope, byDay: boolean): Promise<NetRow[]> {
  const kinds = [...new Set(Object.values(figures).flatMap((figure) => figure.journalKinds))];
  if (kinds.length === 0) return [];
  return journalsInScope(em, kinds, scope)
    .innerJoin('ledger.accounts as a', 'a.code', 'p.account')
    .select([
      (byDay ? sql<string | null>`to_char(date_trunc('day', j.occurred_at at time zone 'UTC'), 'YYYY-MM-DD')` : sql<string | null>`null`).as('day'),
      'j.kind as journal_kind',
      'a.kind as account_kind',
      sql<string>`sum(p.amount_cents)`.as('net'),
    ])
    .groupBy([sql`1`, sql`2`, sql`3`])
    .execute();
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
  const rows = await ledgerDb(em)
    .selectFrom('ledger.monthly_totals')
    .select([sql<string>`to_char(month, 'YYYY-MM')`.as('day'), 'journal_kind', sql<AccountKind>`account_kind`.as('account_kind'), sql<string>`sum(net_cents)`.as('net')])
    .where('journal_kind', 'in', kinds)
    .groupBy([sql`1`, sql`2`, sql`3`])
    .execute();
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
  const rows = await journalsInScope(em, figure.journalKinds, scope)
    .innerJoin('ledger.accounts as a', 'a.code', 'p.account')
    .select(['p.account', sql<string>`to_char(date_trunc('month', j.occurred_at at time zone 'UTC'), 'YYYY-MM')`.as('month'), sql<string>`sum(p.amount_cents)`.as('net')])
    .where('a.kind', '=', figure.accountKind)
    .groupBy([sql`1`, sql`2`])
    .orderBy(sql`1`)
    .orderBy(sql`2`)
    .execute();
  return rows.map((row) => ({ account: row.account as AccountCode, month: row.month, cents: figure.direction === 'in' ? centsFrom(row.net) : 0 - centsFrom(row.net) }));
}
