import { sql } from 'kysely';
import { pgArray, type EntityManager } from '#pie/platform';
import { ledgerDb } from '../db/ledger-db.js';
import { parseAccount, type AccountCode, type AccountKind } from './accounts.js';
import { escrowLinesToWrite, IdempotencyConflictError, InvalidJournalError, samePostings, singleEscrowFan, type JournalInput, type JournalReferences, type Posting } from './journal.js';
import { announceWalletCredits } from './wallet-credits.js';

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
 * so exactly one inserts and the others compare against it. A journal that puts money into a fan's
 * wallet records `ledger.fan-wallet-credited.v1` with it.
 */
export async function postJournal(tx: EntityManager, input: JournalInput, postings: Posting[]): Promise<PostedJournal> {
  const parsed = postings.map((posting) => parseAccount(posting.account));
  // raw SQL: bench:close — the ledger's posting path (postJournal, postJournals): tuned unnest statements
  await tx.execute(
    `insert into ledger.accounts (code, kind, owner_id, allow_negative)
     select * from unnest(?::text[], ?::text[], ?::uuid[], ?::boolean[]) on conflict (code) do nothing`,
    [pgArray(parsed.map((a) => a.code)), pgArray(parsed.map((a) => a.kind)), pgArray(parsed.map((a) => a.ownerId)), pgArray(parsed.map((a) => a.allowNegative))],
  );
  // raw SQL: bench:close — the ledger's posting path: the journal row, idempotent by key
  const inserted = await tx.execute<{ id: string }[]>(
    `insert into ledger.journals (kind, idempotency_key, occurred_at, "references", escrow_fan_id) values (?, ?, ?, ?::jsonb, ?::uuid)
     on conflict (idempotency_key) do nothing returning id`,
    [input.kind, input.idempotencyKey, input.occurredAt, JSON.stringify(input.references ?? {}), singleEscrowFan(postings)],
  );
  if (inserted.length === 0) return existingJournal(tx, input, postings);
  const journalId = inserted[0].id;
  try {
    // Lines (the fans' holdings) before postings (the accounts' balances): README "Locks".
    await insertEscrowLines(tx, escrowLinesToWrite(postings).map((line) => ({ ...line, journalId })));
    // raw SQL: bench:close — the ledger's posting path: every leg in one unnest insert
    await tx.execute(
      `insert into ledger.postings (journal_id, account, amount_cents)
       select ?::uuid, account, amount from unnest(?::text[], ?::bigint[]) with ordinality as p(account, amount, n) order by n`,
      [journalId, pgArray(postings.map((p) => p.account)), pgArray(postings.map((p) => p.amountCents))],
    );
  } catch (error) {
    if (isConstraintViolation(error, 'accounts_balance_not_negative') || isConstraintViolation(error, 'escrow_holdings_not_negative')) {
      throw new InsufficientBalanceError(`journal "${input.idempotencyKey}" (${postings.map((p) => `${p.account} ${p.amountCents}`).join(', ')})`);
    }
    throw error;
  }
  await announceWalletCredits(tx, [{ journalId, input, postings }]);
  return { journalId, created: true };
}

/**
 * Writes escrow lines (each fan's part of an escrow posting of a journal that moves several fans'
 * escrow money) in one statement; the lines' trigger moves the fans' holdings (a holding that would
 * go negative raises `escrow_holdings_not_negative`). A single-fan journal's postings move its
 * fan's holdings themselves.
 */
export async function insertEscrowLines(tx: EntityManager, lines: { journalId: string; account: string; fanId: string; amountCents: bigint }[]): Promise<void> {
  if (lines.length === 0) return;
  // raw SQL: bench:close — the ledger's posting path: one unnest insert for every escrow line of a batch
  await tx.execute(
    `insert into ledger.escrow_lines (journal_id, account, fan_id, amount_cents)
     select * from unnest(?::uuid[], ?::text[], ?::uuid[], ?::bigint[])`,
    [pgArray(lines.map((l) => l.journalId)), pgArray(lines.map((l) => l.account)), pgArray(lines.map((l) => l.fanId)), pgArray(lines.map((l) => l.amountCents))],
  );
}

async function existingJournal(tx: EntityManager, input: JournalInput, postings: Posting[]): Promise<PostedJournal> {
  // raw SQL: bench:close — the ledger's posting path (a replayed key compares against the journal posted)
  const [journal] = await tx.execute<{ id: string; kind: string }[]>(`select id, kind from ledger.journals where idempotency_key = ?`, [input.idempotencyKey]);
  if (!journal) throw new InvalidJournalError(`Journal "${input.idempotencyKey}" vanished while being posted`);
  const existing = await storedPostings(tx, journal.id);
  if (journal.kind !== input.kind || !samePostings(existing, postings)) throw new IdempotencyConflictError(input.idempotencyKey, journal.id);
  return { journalId: journal.id, created: false };
}

/** A journal's postings in canonical form, escrow postings with their fans' parts (README "Whose money an escrow holds"). */
async function storedPostings(em: EntityManager, journalId: string): Promise<Posting[]> {
  // raw SQL: bench:close — the ledger's posting path (postJournal's replay check reads the postings through it)
  const rows = await em.execute<{ account: string; amount_cents: string; fans: { fanId: string; amount: string }[] | null }[]>(
    `select p.account, p.amount_cents,
            (select json_agg(json_build_object('fanId', e.fan_id, 'amount', e.amount_cents::text) order by e.fan_id)
               from ledger.escrow_entries e where e.journal_id = p.journal_id and e.account = p.account) as fans
       from ledger.postings p where p.journal_id = ? order by p.account`,
    [journalId],
  );
  return rows.map((row) => {
    const posting: Posting = { account: row.account as AccountCode, amountCents: BigInt(row.amount_cents) };
    if (row.fans) posting.fans = row.fans.map((part) => ({ fanId: part.fanId, amountCents: BigInt(part.amount) }));
    return posting;
  });
}

function isConstraintViolation(error: unknown, constraint: string): boolean {
  const e = error as { constraint?: string; message?: string; cause?: { constraint?: string } } | undefined;
  return e?.constraint === constraint || e?.cause?.constraint === constraint || Boolean(e?.message?.includes(constraint));
}

export async function balanceOf(em: EntityManager, account: string): Promise<number> {
  const code = parseAccount(account).code;
  const row = await ledgerDb(em).selectFrom('ledger.accounts').select('balance_cents').where('code', '=', code).executeTakeFirst();
  return centsFrom(row?.balance_cents);
}

/** An account's postings, newest first, optionally only journals of the given kinds. */
export async function accountHistory(
  em: EntityManager,
  account: string,
  page: { page: number; limit: number; kinds?: string[] },
): Promise<HistoryPage> {
  const code = parseAccount(account).code;
  const kinds = page.kinds && page.kinds.length > 0 ? page.kinds : null;
  const postingsOf = () =>
    ledgerDb(em)
      .selectFrom('ledger.postings as p')
      .innerJoin('ledger.journals as j', 'j.id', 'p.journal_id')
      .where('p.account', '=', code)
      .$if(kinds !== null, (qb) => qb.where('j.kind', 'in', kinds!));
  const rows = await postingsOf()
    .select(['j.id', 'j.kind', 'j.occurred_at', 'j.references', 'p.amount_cents', sql<string>`count(*) over ()`.as('total')])
    .orderBy('j.occurred_at', 'desc')
    .orderBy('j.recorded_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && page.page > 1) {
    const count = await postingsOf().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    total = Number(count.n);
  }
  return {
    total,
    entries: rows.map((row) => ({
      journalId: row.id,
      kind: row.kind,
      occurredAt: new Date(row.occurred_at),
      references: row.references as JournalReferences,
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
  const rows = await ledgerDb(em)
    .selectFrom('ledger.journals as j')
    .innerJoin('ledger.postings as p', 'p.journal_id', 'j.id')
    .innerJoin('ledger.accounts as a', 'a.code', 'p.account')
    .select(['j.kind as journal_kind', 'a.kind as account_kind', sql<string>`sum(p.amount_cents)`.as('amount')])
    .where(sql<boolean>`j."references" @> ${JSON.stringify(references)}::jsonb`)
    .groupBy(['j.kind', 'a.kind'])
    .execute();
  return rows.map((row) => ({ journalKind: row.journal_kind, accountKind: row.account_kind, amountCents: centsFrom(row.amount) }));
}

/** Net amount each account received from the journals whose references contain `references`. */
export async function accountTotalsByReference(em: EntityManager, references: JournalReferences, accountKind: AccountKind): Promise<Map<AccountCode, number>> {
  const rows = await ledgerDb(em)
    .selectFrom('ledger.journals as j')
    .innerJoin('ledger.postings as p', 'p.journal_id', 'j.id')
    .innerJoin('ledger.accounts as a', 'a.code', 'p.account')
    .select(['p.account', sql<string>`sum(p.amount_cents)`.as('amount')])
    .where(sql<boolean>`j."references" @> ${JSON.stringify(references)}::jsonb`)
    .where('a.kind', '=', accountKind)
    .groupBy('p.account')
    .orderBy('p.account')
    .execute();
  return new Map(rows.map((row) => [row.account as AccountCode, centsFrom(row.amount)]));
}

export interface StoredJournal {
  id: string;
  kind: string;
  occurredAt: Date;
  references: JournalReferences;
  /** Its legs; an escrow posting is one leg per fan (with `fanId`), so the legs can be posted back as they are. */
  postings: { account: AccountCode; amountCents: number; fanId?: string }[];
}

/** The journal posted under an idempotency key, with its postings; null if none. */
export async function journalByKey(em: EntityManager, idempotencyKey: string): Promise<StoredJournal | null> {
  const journal = await ledgerDb(em).selectFrom('ledger.journals').select(['id', 'kind', 'occurred_at', 'references']).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  if (!journal) return null;
  const postings = await storedPostings(em, journal.id);
  return {
    id: journal.id,
    kind: journal.kind,
    occurredAt: new Date(journal.occurred_at),
    references: journal.references as JournalReferences,
    postings: postings.flatMap((posting) =>
      posting.fans
        ? posting.fans.map((part) => ({ account: posting.account, amountCents: centsFrom(part.amountCents), fanId: part.fanId }))
        : [{ account: posting.account, amountCents: centsFrom(posting.amountCents) }],
    ),
  };
}

/** Locks the account rows (creating missing ones) so balances read next stay true until commit. */
export async function lockAccounts(tx: EntityManager, codes: string[]): Promise<void> {
  const parsed = [...new Set(codes)].sort().map((code) => parseAccount(code));
  if (parsed.length === 0) return;
  await ledgerDb(tx)
    .insertInto('ledger.accounts')
    .values(parsed.map((a) => ({ code: a.code, kind: a.kind, owner_id: a.ownerId, allow_negative: a.allowNegative })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  await ledgerDb(tx)
    .selectFrom('ledger.accounts')
    .select('code')
    .where('code', 'in', parsed.map((a) => a.code))
    .orderBy('code')
    .forUpdate()
    .execute();
}
