import { sql, type ExpressionBuilder } from 'kysely';
import type { EntityManager, ListSource } from '#pie/platform';
import { ledgerDb } from '../db/ledger-db.js';
import type { LedgerTables } from '../db/tables.generated.js';
import type { AccountKind } from './accounts.js';
import { centsFrom } from './ledger-store.js';

/* The back office's view of the books (the admin module reads this facade, never the tables). */

export interface LedgerJournalView {
  id: string;
  kind: string;
  idempotencyKey: string;
  occurredAt: string;
  recordedAt: string;
  references: Record<string, unknown>;
  postings: { account: string; amountCents: number }[];
}

/** Journals with their postings (in posting order), for `toView`. */
const journalsWithPostings = (em: EntityManager) =>
  ledgerDb(em)
    .selectFrom('ledger.journals as j')
    .innerJoin('ledger.postings as p', 'p.journal_id', 'j.id')
    .select([
      'j.id',
      'j.kind',
      'j.idempotency_key',
      'j.occurred_at',
      'j.recorded_at',
      'j.references',
      sql<{ account: string; amount: string }[]>`json_agg(json_build_object('account', p.account, 'amount', p.amount_cents::text) order by p.id)`.as('postings'),
    ])
    .groupBy('j.id');

function toView(row: { id: string; kind: string; idempotency_key: string; occurred_at: string; recorded_at: string; references: unknown; postings: { account: string; amount: string }[] }): LedgerJournalView {
  return {
    id: row.id,
    kind: row.kind,
    idempotencyKey: row.idempotency_key,
    occurredAt: new Date(row.occurred_at).toISOString(),
    recordedAt: new Date(row.recorded_at).toISOString(),
    references: row.references as Record<string, unknown>,
    postings: row.postings.map((posting) => ({ account: posting.account, amountCents: centsFrom(posting.amount) })),
  };
}

export interface JournalFilter {
  page: number;
  limit: number;
  kind?: string;
  /** A journal id, an idempotency key, or a value in its references (a fan, office, artist or Stripe id). */
  search?: string;
  /** More reference values the search also finds (the ids a searched e-mail or Stripe customer names). */
  searchReferences?: string[];
  from?: Date;
  to?: Date;
  /** Only journals touching accounts of this kind (`fan_wallet` for the wallet transactions). */
  accountKind?: string;
  /** Only journals touching this account. */
  account?: string;
  /** Only journals whose references contain this value under any key. */
  referenceValue?: string;
}

export async function journalsPage(em: EntityManager, filter: JournalFilter): Promise<{ total: number; items: LedgerJournalView[] }> {
  const matches = (eb: ExpressionBuilder<LedgerTables & { j: LedgerTables['ledger.journals'] }, 'j'>) => {
    const where = [];
    // One kind, or several separated by commas (an open-books figure's journals).
    if (filter.kind) where.push(eb('j.kind', 'in', filter.kind.split(',')));
    if (filter.search) {
      where.push(
        sql<boolean>`(j.id::text = ${filter.search} or j.idempotency_key = ${filter.search} or exists (select 1 from jsonb_each_text(j."references") r where r.value = ${filter.search} or r.value = any(${filter.searchReferences ?? []}::text[])))`,
      );
    }
    if (filter.referenceValue) where.push(sql<boolean>`exists (select 1 from jsonb_each_text(j."references") r where r.value = ${filter.referenceValue})`);
    if (filter.from) where.push(eb('j.occurred_at', '>=', filter.from.toISOString()));
    if (filter.to) where.push(eb('j.occurred_at', '<', filter.to.toISOString()));
    if (filter.accountKind) {
      const accountKind = filter.accountKind;
      where.push(
        eb.exists(
          eb
            .selectFrom('ledger.postings as q')
            .innerJoin('ledger.accounts as a', 'a.code', 'q.account')
            .select(sql.lit(1).as('one'))
            .whereRef('q.journal_id', '=', 'j.id')
            .where(sql<boolean>`a.kind = ${accountKind}`),
        ),
      );
    }
    if (filter.account) {
      where.push(eb.exists(eb.selectFrom('ledger.postings as q').select(sql.lit(1).as('one')).whereRef('q.journal_id', '=', 'j.id').where('q.account', '=', filter.account)));
    }
    return eb.and(where);
  };
  const count = await ledgerDb(em).selectFrom('ledger.journals as j').select(sql<number>`count(*)::int`.as('n')).where(matches).executeTakeFirstOrThrow();
  const rows = await journalsWithPostings(em)
    .where(matches)
    .orderBy('j.occurred_at', 'desc')
    .orderBy('j.recorded_at', 'desc')
    .orderBy('j.id')
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .execute();
  return { total: count.n, items: rows.map(toView) };
}

export async function journalById(em: EntityManager, journalId: string): Promise<LedgerJournalView | null> {
  const row = await journalsWithPostings(em).where('j.id', '=', journalId).executeTakeFirst();
  return row ? toView(row) : null;
}

/**
 * Money moved between `from` and `to`, per journal kind and account kind: what went in (positive
 * postings) and out (negative), for the finances page, the flow chart and the daily series.
 */
export async function flowTotals(em: EntityManager, from: Date | null, to: Date | null, byDay = false): Promise<{ day: string | null; journalKind: string; accountKind: string; inCents: number; outCents: number }[]> {
  const rows = await ledgerDb(em)
    .selectFrom('ledger.journals as j')
    .innerJoin('ledger.postings as p', 'p.journal_id', 'j.id')
    .innerJoin('ledger.accounts as a', 'a.code', 'p.account')
    .select([
      (byDay ? sql<string | null>`to_char(date_trunc('day', j.occurred_at at time zone 'UTC'), 'YYYY-MM-DD')` : sql<string | null>`null`).as('day'),
      'j.kind as journal_kind',
      'a.kind as account_kind',
      sql<string>`coalesce(sum(p.amount_cents) filter (where p.amount_cents > 0), 0)`.as('in_cents'),
      sql<string>`coalesce(-sum(p.amount_cents) filter (where p.amount_cents < 0), 0)`.as('out_cents'),
    ])
    .$if(from !== null, (qb) => qb.where('j.occurred_at', '>=', from!.toISOString()))
    .$if(to !== null, (qb) => qb.where('j.occurred_at', '<', to!.toISOString()))
    .groupBy([sql`1`, sql`2`, sql`3`])
    .orderBy(sql`1`)
    .orderBy(sql`2`)
    .orderBy(sql`3`)
    .execute();
  return rows.map((row) => ({ day: row.day, journalKind: row.journal_kind, accountKind: row.account_kind, inCents: centsFrom(row.in_cents), outCents: centsFrom(row.out_cents) }));
}

/** Every artist's escrow with money in it, the oldest money first (when its first still-held credit arrived). */
export async function escrowsOldestFirst(em: EntityManager, page: { page: number; limit: number }): Promise<{ total: number; items: { artistId: string; balanceCents: number; oldestAt: string | null }[] }> {
  const heldEscrows = () => ledgerDb(em).selectFrom('ledger.accounts as a').where('a.kind', '=', 'artist_escrow').where('a.balance_cents', '>', '0');
  const count = await heldEscrows().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await heldEscrows()
    .select((eb) => [
      'a.owner_id',
      'a.balance_cents',
      eb
        .selectFrom('ledger.postings as p')
        .innerJoin('ledger.journals as j', 'j.id', 'p.journal_id')
        .select(sql<string | null>`min(j.occurred_at)`.as('oldest'))
        .whereRef('p.account', '=', 'a.code')
        .where('p.amount_cents', '>', '0')
        .as('oldest'),
    ])
    .orderBy(sql`oldest asc nulls last`)
    .orderBy('a.code')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  return { total: count.n, items: rows.map((row) => ({ artistId: row.owner_id!, balanceCents: centsFrom(row.balance_cents), oldestAt: row.oldest ? new Date(row.oldest).toISOString() : null })) };
}

/** When one account first received money (its oldest credit), or null. */
export async function oldestCreditAt(em: EntityManager, account: string): Promise<string | null> {
  const row = await ledgerDb(em)
    .selectFrom('ledger.postings as p')
    .innerJoin('ledger.journals as j', 'j.id', 'p.journal_id')
    .select(sql<string | null>`min(j.occurred_at)`.as('oldest'))
    .where('p.account', '=', account)
    .where('p.amount_cents', '>', '0')
    .executeTakeFirst();
  return row?.oldest ? new Date(row.oldest).toISOString() : null;
}

/** Balances of many accounts at once (missing ones are 0). */
export async function balancesOf(em: EntityManager, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await ledgerDb(em).selectFrom('ledger.accounts').select(['code', 'balance_cents']).where('code', 'in', codes).execute();
  return new Map(rows.map((row) => [row.code, centsFrom(row.balance_cents)]));
}

/** Totals of every account kind (the platform's position): stripe clearing, fees, wallets, escrow, offices… */
export async function totalsByAccountKind(em: EntityManager): Promise<Record<string, number>> {
  const rows = await ledgerDb(em).selectFrom('ledger.accounts').select(['kind', sql<string>`sum(balance_cents)`.as('total')]).groupBy('kind').execute();
  return Object.fromEntries(rows.map((row) => [row.kind, centsFrom(row.total)]));
}

/** What waits in all artists' escrow now and for how many artists (cached balances, through the accounts' kind index). */
export async function escrowWaiting(em: EntityManager): Promise<{ cents: number; artists: number }> {
  const row = await ledgerDb(em)
    .selectFrom('ledger.accounts')
    .select([sql<string>`coalesce(sum(balance_cents), 0)`.as('cents'), sql<number>`(count(*) filter (where balance_cents > 0))::int`.as('artists')])
    .where('kind', '=', 'artist_escrow')
    .executeTakeFirst();
  return { cents: centsFrom(row?.cents), artists: row?.artists ?? 0 };
}

/** Each artist escrow's balance and what left it (debits), for the escrow reconciliation. */
export async function escrowMovements(em: EntityManager): Promise<{ artistId: string; balanceCents: number; creditsCents: number; debitsCents: number }[]> {
  const rows = await ledgerDb(em)
    .selectFrom('ledger.accounts as a')
    .select([
      'a.owner_id',
      'a.balance_cents',
      sql<string>`coalesce((select sum(p.amount_cents) from ledger.postings p where p.account = a.code and p.amount_cents > 0), 0)`.as('credits'),
      sql<string>`coalesce((select -sum(p.amount_cents) from ledger.postings p where p.account = a.code and p.amount_cents < 0), 0)`.as('debits'),
    ])
    .where('a.kind', '=', 'artist_escrow')
    .orderBy('a.code')
    .execute();
  return rows.map((row) => ({ artistId: row.owner_id!, balanceCents: centsFrom(row.balance_cents), creditsCents: centsFrom(row.credits), debitsCents: centsFrom(row.debits) }));
}

/** One owner's account of a kind (`balanceListing`); the balance is bigint text. */
export interface BalanceListingRow {
  ownerId: string;
  balanceCents: string;
}

/**
 * Every owner's account of one kind and its cached balance: a list source (the admin's fans by
 * wallet, artists by escrow). One row per owner: an owned account's code is its kind and owner.
 */
export function balanceListing(em: EntityManager, kind: AccountKind): ListSource<BalanceListingRow> {
  return ledgerDb(em)
    .selectFrom('ledger.accounts')
    .select([sql<string>`owner_id`.as('ownerId'), sql<string>`balance_cents`.as('balanceCents')])
    .where('kind', '=', kind)
    .where('owner_id', 'is not', null);
}
