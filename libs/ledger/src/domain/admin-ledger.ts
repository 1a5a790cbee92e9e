import { pgArray, type EntityManager } from '#pie/platform';
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

const JOURNAL_SQL = `select j.id, j.kind, j.idempotency_key, j.occurred_at, j.recorded_at, j."references",
                            json_agg(json_build_object('account', p.account, 'amount', p.amount_cents::text) order by p.id) as postings
                       from ledger.journals j join ledger.postings p on p.journal_id = j.id`;

function toView(row: Record<string, any>): LedgerJournalView {
  return {
    id: row.id,
    kind: row.kind,
    idempotencyKey: row.idempotency_key,
    occurredAt: new Date(row.occurred_at).toISOString(),
    recordedAt: new Date(row.recorded_at).toISOString(),
    references: row.references,
    postings: (row.postings as { account: string; amount: string }[]).map((posting) => ({ account: posting.account, amountCents: centsFrom(posting.amount) })),
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
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.kind) {
    // One kind, or several separated by commas (an open-books figure's journals).
    where.push('j.kind = any(?::text[])');
    params.push(pgArray(filter.kind.split(',')));
  }
  if (filter.search) {
    where.push(`(j.id::text = ? or j.idempotency_key = ? or exists (select 1 from jsonb_each_text(j."references") r where r.value = ? or r.value = any(?::text[])))`);
    params.push(filter.search, filter.search, filter.search, `{${(filter.searchReferences ?? []).join(',')}}`);
  }
  if (filter.referenceValue) {
    where.push(`exists (select 1 from jsonb_each_text(j."references") r where r.value = ?)`);
    params.push(filter.referenceValue);
  }
  if (filter.from) {
    where.push('j.occurred_at >= ?');
    params.push(filter.from);
  }
  if (filter.to) {
    where.push('j.occurred_at < ?');
    params.push(filter.to);
  }
  if (filter.accountKind) {
    where.push(`exists (select 1 from ledger.postings q join ledger.accounts a on a.code = q.account where q.journal_id = j.id and a.kind = ?)`);
    params.push(filter.accountKind);
  }
  if (filter.account) {
    where.push(`exists (select 1 from ledger.postings q where q.journal_id = j.id and q.account = ?)`);
    params.push(filter.account);
  }
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from ledger.journals j ${clause}`, params);
  const rows = await em.execute<Record<string, unknown>[]>(`${JOURNAL_SQL} ${clause} group by j.id order by j.occurred_at desc, j.recorded_at desc, j.id limit ? offset ?`, [
    ...params,
    filter.limit,
    (filter.page - 1) * filter.limit,
  ]);
  return { total: count.n, items: rows.map(toView) };
}

export async function journalById(em: EntityManager, journalId: string): Promise<LedgerJournalView | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(`${JOURNAL_SQL} where j.id = ? group by j.id`, [journalId]);
  return row ? toView(row) : null;
}

/**
 * Money moved between `from` and `to`, per journal kind and account kind: what went in (positive
 * postings) and out (negative), for the finances page, the flow chart and the daily series.
 */
export async function flowTotals(em: EntityManager, from: Date | null, to: Date | null, byDay = false): Promise<{ day: string | null; journalKind: string; accountKind: string; inCents: number; outCents: number }[]> {
  const rows = await em.execute<{ day: string | null; journal_kind: string; account_kind: string; in_cents: string; out_cents: string }[]>(
    `select ${byDay ? `to_char(date_trunc('day', j.occurred_at at time zone 'UTC'), 'YYYY-MM-DD')` : 'null'} as day, j.kind as journal_kind, a.kind as account_kind,
            coalesce(sum(p.amount_cents) filter (where p.amount_cents > 0), 0) as in_cents, coalesce(-sum(p.amount_cents) filter (where p.amount_cents < 0), 0) as out_cents
       from ledger.journals j join ledger.postings p on p.journal_id = j.id join ledger.accounts a on a.code = p.account
      where (?::timestamptz is null or j.occurred_at >= ?) and (?::timestamptz is null or j.occurred_at < ?)
      group by 1, 2, 3 order by 1, 2, 3`,
    [from, from, to, to],
  );
  return rows.map((row) => ({ day: row.day, journalKind: row.journal_kind, accountKind: row.account_kind, inCents: centsFrom(row.in_cents), outCents: centsFrom(row.out_cents) }));
}

/** Every artist's escrow with money in it, the oldest money first (when its first still-held credit arrived). */
export async function escrowsOldestFirst(em: EntityManager, page: { page: number; limit: number }): Promise<{ total: number; items: { artistId: string; balanceCents: number; oldestAt: string | null }[] }> {
  const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from ledger.accounts where kind = 'artist_escrow' and balance_cents > 0`);
  const rows = await em.execute<{ owner_id: string; balance_cents: string; oldest: Date | null }[]>(
    `select a.owner_id, a.balance_cents,
            (select min(j.occurred_at) from ledger.postings p join ledger.journals j on j.id = p.journal_id where p.account = a.code and p.amount_cents > 0) as oldest
       from ledger.accounts a where a.kind = 'artist_escrow' and a.balance_cents > 0
      order by oldest asc nulls last, a.code limit ? offset ?`,
    [page.limit, (page.page - 1) * page.limit],
  );
  return { total: count.n, items: rows.map((row) => ({ artistId: row.owner_id, balanceCents: centsFrom(row.balance_cents), oldestAt: row.oldest ? new Date(row.oldest).toISOString() : null })) };
}

/** When one account first received money (its oldest credit), or null. */
export async function oldestCreditAt(em: EntityManager, account: string): Promise<string | null> {
  const [row] = await em.execute<{ oldest: Date | string | null }[]>(
    `select min(j.occurred_at) as oldest from ledger.postings p join ledger.journals j on j.id = p.journal_id where p.account = ? and p.amount_cents > 0`,
    [account],
  );
  return row?.oldest ? new Date(row.oldest).toISOString() : null;
}

/** Balances of many accounts at once (missing ones are 0). */
export async function balancesOf(em: EntityManager, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await em.execute<{ code: string; balance_cents: string }[]>(`select code, balance_cents from ledger.accounts where code = any(?::text[])`, [`{${codes.join(',')}}`]);
  return new Map(rows.map((row) => [row.code, centsFrom(row.balance_cents)]));
}

/** Totals of every account kind (the platform's position): stripe clearing, fees, wallets, escrow, offices… */
export async function totalsByAccountKind(em: EntityManager): Promise<Record<string, number>> {
  const rows = await em.execute<{ kind: string; total: string }[]>(`select kind, sum(balance_cents) as total from ledger.accounts group by kind`);
  return Object.fromEntries(rows.map((row) => [row.kind, centsFrom(row.total)]));
}

/** What waits in all artists' escrow now and for how many artists (cached balances, through the accounts' kind index). */
export async function escrowWaiting(em: EntityManager): Promise<{ cents: number; artists: number }> {
  const [row] = await em.execute<{ cents: string; artists: number }[]>(
    `select coalesce(sum(balance_cents), 0) as cents, (count(*) filter (where balance_cents > 0))::int as artists from ledger.accounts where kind = 'artist_escrow'`,
  );
  return { cents: centsFrom(row?.cents), artists: row?.artists ?? 0 };
}

/** Each artist escrow's balance and what left it (debits), for the escrow reconciliation. */
export async function escrowMovements(em: EntityManager): Promise<{ artistId: string; balanceCents: number; creditsCents: number; debitsCents: number }[]> {
  const rows = await em.execute<{ owner_id: string; balance_cents: string; credits: string; debits: string }[]>(
    `select a.owner_id, a.balance_cents,
            coalesce((select sum(p.amount_cents) from ledger.postings p where p.account = a.code and p.amount_cents > 0), 0) as credits,
            coalesce((select -sum(p.amount_cents) from ledger.postings p where p.account = a.code and p.amount_cents < 0), 0) as debits
       from ledger.accounts a where a.kind = 'artist_escrow' order by a.code`,
  );
  return rows.map((row) => ({ artistId: row.owner_id, balanceCents: centsFrom(row.balance_cents), creditsCents: centsFrom(row.credits), debitsCents: centsFrom(row.debits) }));
}

/** Accounts of one kind, largest balance first (the fans list's wallet order). */
export async function accountsByBalance(em: EntityManager, kind: string, { positiveOnly = false }: { positiveOnly?: boolean } = {}): Promise<{ ownerId: string; balanceCents: number }[]> {
  const rows = await em.execute<{ owner_id: string; balance_cents: string }[]>(
    `select owner_id, balance_cents from ledger.accounts where kind = ? ${positiveOnly ? 'and balance_cents > 0' : ''} order by balance_cents desc, owner_id`,
    [kind],
  );
  return rows.map((row) => ({ ownerId: row.owner_id, balanceCents: centsFrom(row.balance_cents) }));
}
