import { pgArray, type EntityManager } from '#pie/platform';
import { parseAccount, type AccountCode, type AccountKind } from './accounts.js';
import { IdempotencyConflictError, InvalidJournalError, samePostings, type JournalInput, type JournalReferences, type Posting } from './journal.js';

export interface PostedJournal {
  journalId: string;
  /** False when the idempotency key had already been posted with the same postings. */
  created: boolean;
}

/** A posting would take an account that may not go negative below zero. */
export class InsufficientBalanceError extends Error {
  constructor(detail: string) {
    super(`A ledger account would go negative: ${detail}`);
    this.name = 'InsufficientBalanceError';
  }
}

export interface AccountEntry {
  journalId: string;
  kind: string;
  occurredAt: Date;
  references: JournalReferences;
  amountCents: number;
}

export interface HistoryPage {
  entries: AccountEntry[];
  total: number;
}

/** Cents from Postgres (bigint/numeric arrive as strings) as a JS number, refusing anything unsafe. */
export function centsFrom(value: string | number | bigint | null | undefined): number {
  const cents = Number(value ?? 0);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount ${value} is beyond what the ledger hands out as a number`);
  return cents;
}

/**
 * Writes one journal in the caller's transaction (`tx` must be inside one). Postgres checks the
 * balance again at commit; the unique key makes concurrent posts of one key wait for each other,
 * so exactly one inserts and the others compare against it.
 */
export async function postJournal(tx: EntityManager, input: JournalInput, postings: Posting[]): Promise<PostedJournal> {
  const parsed = postings.map((posting) => parseAccount(posting.account));
  await tx.execute(
    `insert into ledger.accounts (code, kind, owner_id, allow_negative)
     select * from unnest(?::text[], ?::text[], ?::uuid[], ?::boolean[]) on conflict (code) do nothing`,
    [pgArray(parsed.map((a) => a.code)), pgArray(parsed.map((a) => a.kind)), pgArray(parsed.map((a) => a.ownerId)), pgArray(parsed.map((a) => a.allowNegative))],
  );
  const inserted = await tx.execute<{ id: string }[]>(
    `insert into ledger.journals (kind, idempotency_key, occurred_at, "references") values (?, ?, ?, ?::jsonb)
     on conflict (idempotency_key) do nothing returning id`,
    [input.kind, input.idempotencyKey, input.occurredAt, JSON.stringify(input.references ?? {})],
  );
  if (inserted.length === 0) return existingJournal(tx, input, postings);
  const journalId = inserted[0].id;
  try {
    await tx.execute(
      `insert into ledger.postings (journal_id, account, amount_cents)
       select ?::uuid, account, amount from unnest(?::text[], ?::bigint[]) with ordinality as p(account, amount, n) order by n`,
      [journalId, pgArray(postings.map((p) => p.account)), pgArray(postings.map((p) => p.amountCents))],
    );
  } catch (error) {
    if (isConstraintViolation(error, 'accounts_balance_not_negative')) {
      throw new InsufficientBalanceError(`journal "${input.idempotencyKey}" (${postings.map((p) => `${p.account} ${p.amountCents}`).join(', ')})`);
    }
    throw error;
  }
  return { journalId, created: true };
}

async function existingJournal(tx: EntityManager, input: JournalInput, postings: Posting[]): Promise<PostedJournal> {
  const [journal] = await tx.execute<{ id: string; kind: string }[]>(`select id, kind from ledger.journals where idempotency_key = ?`, [input.idempotencyKey]);
  if (!journal) throw new InvalidJournalError(`Journal "${input.idempotencyKey}" vanished while being posted`);
  const rows = await tx.execute<{ account: string; amount_cents: string }[]>(
    `select account, amount_cents from ledger.postings where journal_id = ? order by account`,
    [journal.id],
  );
  const existing = rows.map((row) => ({ account: row.account as AccountCode, amountCents: BigInt(row.amount_cents) }));
  if (journal.kind !== input.kind || !samePostings(existing, postings)) throw new IdempotencyConflictError(input.idempotencyKey, journal.id);
  return { journalId: journal.id, created: false };
}

function isConstraintViolation(error: unknown, constraint: string): boolean {
  const e = error as { constraint?: string; message?: string; cause?: { constraint?: string } } | undefined;
  return e?.constraint === constraint || e?.cause?.constraint === constraint || Boolean(e?.message?.includes(constraint));
}

export async function balanceOf(em: EntityManager, account: string): Promise<number> {
  const code = parseAccount(account).code;
  const [row] = await em.execute<{ balance_cents: string }[]>(`select balance_cents from ledger.accounts where code = ?`, [code]);
  return centsFrom(row?.balance_cents);
}

/** An account's postings, newest first, optionally only journals of the given kinds. */
export async function accountHistory(
  em: EntityManager,
  account: string,
  page: { page: number; limit: number; kinds?: string[] },
): Promise<HistoryPage> {
  const code = parseAccount(account).code;
  const kinds = page.kinds && page.kinds.length > 0 ? pgArray(page.kinds) : null;
  const rows = await em.execute<{ id: string; kind: string; occurred_at: Date; references: JournalReferences; amount_cents: string; total: string }[]>(
    `select j.id, j.kind, j.occurred_at, j."references", p.amount_cents, count(*) over () as total
       from ledger.postings p join ledger.journals j on j.id = p.journal_id
      where p.account = ? and (?::text[] is null or j.kind = any(?::text[]))
      order by j.occurred_at desc, j.recorded_at desc, p.id desc
      limit ? offset ?`,
    [code, kinds, kinds, page.limit, (page.page - 1) * page.limit],
  );
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && page.page > 1) {
    const [count] = await em.execute<{ n: string }[]>(
      `select count(*) as n from ledger.postings p join ledger.journals j on j.id = p.journal_id
        where p.account = ? and (?::text[] is null or j.kind = any(?::text[]))`,
      [code, kinds, kinds],
    );
    total = Number(count.n);
  }
  return {
    total,
    entries: rows.map((row) => ({
      journalId: row.id,
      kind: row.kind,
      occurredAt: new Date(row.occurred_at),
      references: row.references,
      amountCents: centsFrom(row.amount_cents),
    })),
  };
}

export interface ReferenceTotal {
  journalKind: string;
  accountKind: AccountKind;
  amountCents: number;
}

/**
 * Net amounts per (journal kind, account kind) over the journals whose references contain all of
 * `references` (e.g. `{ fanId }`): what a fan paid in, what went to fees, to artists, to escrow.
 */
export async function totalsByReference(em: EntityManager, references: JournalReferences): Promise<ReferenceTotal[]> {
  const rows = await em.execute<{ journal_kind: string; account_kind: AccountKind; amount: string }[]>(
    `select j.kind as journal_kind, a.kind as account_kind, sum(p.amount_cents) as amount
       from ledger.journals j
       join ledger.postings p on p.journal_id = j.id
       join ledger.accounts a on a.code = p.account
      where j."references" @> ?::jsonb
      group by j.kind, a.kind`,
    [JSON.stringify(references)],
  );
  return rows.map((row) => ({ journalKind: row.journal_kind, accountKind: row.account_kind, amountCents: centsFrom(row.amount) }));
}

/** Net amount each account received from the journals whose references contain `references`. */
export async function accountTotalsByReference(em: EntityManager, references: JournalReferences, accountKind: AccountKind): Promise<Map<AccountCode, number>> {
  const rows = await em.execute<{ account: AccountCode; amount: string }[]>(
    `select p.account, sum(p.amount_cents) as amount
       from ledger.journals j join ledger.postings p on p.journal_id = j.id join ledger.accounts a on a.code = p.account
      where j."references" @> ?::jsonb and a.kind = ?
      group by p.account order by p.account`,
    [JSON.stringify(references), accountKind],
  );
  return new Map(rows.map((row) => [row.account, centsFrom(row.amount)]));
}

export interface LaterDebit {
  account: AccountCode;
  journalKind: string;
  /** The `fanId` reference of the debiting journal, if it names one (refunds, disputes, returned escrow). */
  fanId: string | null;
  /** What left the account (positive). */
  amountCents: number;
}

/**
 * What was taken out of the accounts of `accountKind` that a journal credited, by journals posted
 * to them after it, by journal kind and fan. Later means a higher posting id on the same account:
 * posting locks the account, so postings to it are numbered in the order they committed.
 */
export async function laterDebits(em: EntityManager, journalId: string, accountKind: AccountKind): Promise<LaterDebit[]> {
  const rows = await em.execute<{ account: AccountCode; journal_kind: string; fan_id: string | null; amount: string }[]>(
    `select p.account, j.kind as journal_kind, j."references"->>'fanId' as fan_id, -sum(p.amount_cents) as amount
       from ledger.postings c
       join ledger.accounts a on a.code = c.account and a.kind = ?
       join ledger.postings p on p.account = c.account and p.id > c.id and p.amount_cents < 0
       join ledger.journals j on j.id = p.journal_id
      where c.journal_id = ? and c.amount_cents > 0
      group by p.account, j.kind, j."references"->>'fanId'`,
    [accountKind, journalId],
  );
  return rows.map((row) => ({ account: row.account, journalKind: row.journal_kind, fanId: row.fan_id, amountCents: centsFrom(row.amount) }));
}

export interface StoredJournal {
  id: string;
  kind: string;
  occurredAt: Date;
  references: JournalReferences;
  postings: { account: AccountCode; amountCents: number }[];
}

/** The journal posted under an idempotency key, with its postings; null if none. */
export async function journalByKey(em: EntityManager, idempotencyKey: string): Promise<StoredJournal | null> {
  const rows = await em.execute<{ id: string; kind: string; occurred_at: Date; references: JournalReferences; account: AccountCode; amount_cents: string }[]>(
    `select j.id, j.kind, j.occurred_at, j."references", p.account, p.amount_cents
       from ledger.journals j join ledger.postings p on p.journal_id = j.id
      where j.idempotency_key = ? order by p.account`,
    [idempotencyKey],
  );
  if (rows.length === 0) return null;
  return {
    id: rows[0].id,
    kind: rows[0].kind,
    occurredAt: new Date(rows[0].occurred_at),
    references: rows[0].references,
    postings: rows.map((row) => ({ account: row.account, amountCents: centsFrom(row.amount_cents) })),
  };
}

/** Locks the account rows (creating missing ones) so balances read next stay true until commit. */
export async function lockAccounts(tx: EntityManager, codes: string[]): Promise<void> {
  const parsed = [...new Set(codes)].sort().map((code) => parseAccount(code));
  if (parsed.length === 0) return;
  await tx.execute(
    `insert into ledger.accounts (code, kind, owner_id, allow_negative)
     select * from unnest(?::text[], ?::text[], ?::uuid[], ?::boolean[]) on conflict (code) do nothing`,
    [pgArray(parsed.map((a) => a.code)), pgArray(parsed.map((a) => a.kind)), pgArray(parsed.map((a) => a.ownerId)), pgArray(parsed.map((a) => a.allowNegative))],
  );
  await tx.execute(`select code from ledger.accounts where code = any(?::text[]) order by code for update`, [pgArray(parsed.map((a) => a.code))]);
}
