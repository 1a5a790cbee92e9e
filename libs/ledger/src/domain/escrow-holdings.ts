import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { ledgerDb } from '../db/ledger-db.js';
import { accounts, parseAccount, type AccountCode } from './accounts.js';
import { centsFrom } from './ledger-store.js';

/**
 * Whose money an escrow holds (README "Whose money an escrow holds"). Every escrow posting is some
 * fans' money: `ledger.escrow_entries` has each fan's part (a single-fan journal's escrow postings
 * with the fan it names, and the escrow lines of journals that move several fans' money);
 * `ledger.escrow_holdings` is what each fan holds in each escrow now (moved by triggers, never
 * negative). These are its reads.
 */

/**
 * Each entry's place in posting order: the id of its (journal, account) posting. Lines and
 * postings are numbered by different sequences, so FIFO orders both by the posting's id.
 */
const POSTING_ORDER = sql<string>`(select min(p.id) from ledger.postings p where p.journal_id = e.journal_id and p.account = e.account)`;

/** What each fan holds in an artist's escrow now (fans holding nothing are absent), by fan id. */
export async function escrowHoldingsByFan(em: EntityManager, artistId: string): Promise<Map<string, number>> {
  const rows = await ledgerDb(em)
    .selectFrom('ledger.escrow_holdings')
    .select(['fan_id', 'balance_cents'])
    .where('account', '=', accounts.artistEscrow(artistId))
    .where('balance_cents', '>', '0')
    .orderBy('fan_id')
    .execute();
  return new Map(rows.map((row) => [row.fan_id, centsFrom(row.balance_cents)]));
}

/** The escrows where a fan's money is now and how much of it, by escrow account (in account order). */
export async function fanEscrowHoldings(em: EntityManager, fanId: string): Promise<Map<AccountCode, number>> {
  const rows = await ledgerDb(em).selectFrom('ledger.escrow_holdings').select(['account', 'balance_cents']).where('fan_id', '=', fanId).where('balance_cents', '>', '0').orderBy('account').execute();
  return new Map(rows.map((row) => [row.account as AccountCode, centsFrom(row.balance_cents)]));
}

/**
 * What each fan holds in an escrow from money that came in before `cutoff`. A fan's money leaves an
 * escrow oldest first (by when it came in), so what is left of it is the newest: the part older
 * than the cutoff is the holding less what came in since, never below zero.
 */
export async function fanHoldingsBefore(em: EntityManager, account: string, cutoff: Date): Promise<Map<string, number>> {
  const code = parseAccount(account).code;
  const rows = await ledgerDb(em)
    .with('recent', (db) =>
      db
        .selectFrom('ledger.escrow_entries as e')
        .innerJoin('ledger.journals as j', 'j.id', 'e.journal_id')
        .select(['e.fan_id', sql<string>`sum(e.amount_cents)`.as('cents')])
        .where('e.account', '=', code)
        .where('e.amount_cents', '>', '0')
        .where('j.occurred_at', '>=', cutoff.toISOString())
        .groupBy('e.fan_id'),
    )
    .selectFrom('ledger.escrow_holdings as h')
    .leftJoin('recent as r', 'r.fan_id', 'h.fan_id')
    .select(['h.fan_id', sql<string>`h.balance_cents - coalesce(r.cents, 0)`.as('aged')])
    .where('h.account', '=', code)
    .where('h.balance_cents', '>', '0')
    .orderBy('h.fan_id')
    .execute();
  return new Map(rows.map((row) => [row.fan_id, centsFrom(row.aged)] as const).filter(([, aged]) => aged > 0));
}

/** Where a fan's money paid into an escrow by one journal is now (the fan's money leaves oldest first). */
export interface CreditWhereabouts {
  account: AccountCode;
  /** What the journal put into the escrow for the fan. */
  creditedCents: number;
  /** What of it is still there. */
  heldCents: number;
  /** What of it left, by the kind of journal that took it (`escrow_released`, `refund`, `escrow_expired`…). */
  takenBy: Map<string, number>;
}

/**
 * For each escrow a journal paid a fan's money into: how much of that credit is still there and
 * which journals took the rest. The fan's credits in an escrow are lots, consumed oldest first
 * (by when they came in, then in posting order) by the fan's debits in the order they were posted.
 */
export async function creditWhereabouts(em: EntityManager, fanId: string, journalId: string): Promise<CreditWhereabouts[]> {
  const rows: (EscrowLine & { account: AccountCode })[] = (
    await ledgerDb(em)
      .selectFrom('ledger.escrow_entries as e')
      .innerJoin('ledger.journals as j', 'j.id', 'e.journal_id')
      .select([POSTING_ORDER.as('id'), 'e.journal_id', 'e.account', 'e.amount_cents', 'j.kind', 'j.occurred_at'])
      .where('e.fan_id', '=', fanId)
      .where('e.account', 'in', (db) =>
        db.selectFrom('ledger.escrow_entries').select('account').where('journal_id', '=', journalId).where('fan_id', '=', fanId).where('amount_cents', '>', '0'),
      )
      .orderBy('e.account')
      .orderBy(sql`1`)
      .execute()
  ).map((row) => ({ ...toEscrowLine(row), account: row.account as AccountCode }));
  const byAccount = new Map<AccountCode, typeof rows>();
  for (const row of rows) byAccount.set(row.account, [...(byAccount.get(row.account) ?? []), row]);
  const result: CreditWhereabouts[] = [];
  for (const [account, lines] of byAccount) {
    const takenBy = new Map<string, number>();
    const left = consumeOldestFirst(lines, (debit, credit, cents) => {
      if (credit.journal_id === journalId) takenBy.set(debit.kind, (takenBy.get(debit.kind) ?? 0) + cents);
    });
    const lot = lines.find((line) => line.journal_id === journalId && centsFrom(line.amount_cents) > 0);
    if (lot) result.push({ account, creditedCents: centsFrom(lot.amount_cents), heldCents: left.get(lot)!, takenBy });
  }
  return result;
}

interface EscrowLine {
  id: string;
  journal_id: string;
  amount_cents: string;
  kind: string;
  occurred_at: string;
}

/** An entry of the escrow_entries view (whose columns Postgres reports nullable: every entry has them). */
const toEscrowLine = (row: { id: string; journal_id: string | null; amount_cents: string | null; kind: string; occurred_at: string }): EscrowLine => ({
  id: row.id,
  journal_id: row.journal_id!,
  amount_cents: row.amount_cents!,
  kind: row.kind,
  occurred_at: row.occurred_at,
});

/**
 * One fan's lines in one escrow, played in order: each credit is a lot, and the debits (in posting
 * order) consume the lots oldest first (by when they came in, then posting order). `took` hears
 * every part a debit takes from a lot; the answer is what is left of each lot.
 */
function consumeOldestFirst<L extends EscrowLine>(lines: L[], took: (debit: L, credit: L, cents: number) => void): Map<L, number> {
  const lots = lines
    .filter((line) => centsFrom(line.amount_cents) > 0)
    .sort((a, b) => new Date(a.occurred_at).getTime() - new Date(b.occurred_at).getTime() || Number(BigInt(a.id) - BigInt(b.id)));
  const left = new Map(lots.map((lot) => [lot, centsFrom(lot.amount_cents)]));
  for (const debit of lines.filter((line) => centsFrom(line.amount_cents) < 0).sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)))) {
    let remaining = -centsFrom(debit.amount_cents);
    for (const lot of lots) {
      if (remaining === 0) break;
      const take = Math.min(left.get(lot)!, remaining);
      if (take === 0) continue;
      left.set(lot, left.get(lot)! - take);
      remaining -= take;
      took(debit, lot, take);
    }
  }
  return left;
}

/** Per artist and fan: what came in, what went out (by journal kind) and what the fan holds by the cache. */
export interface EscrowFanMovement {
  artistId: string;
  fanId: string;
  /** Net per journal kind (positive = into the escrow). */
  byKind: Map<string, number>;
  /** The sum of the fan's entries (lines and single-fan postings): what they hold by the books. */
  linesCents: number;
  /** What `escrow_holdings` says they hold. */
  heldCents: number;
}

/** Every (escrow, fan) pair's movements, for the reconciliation check. */
export async function escrowFanMovements(em: EntityManager): Promise<EscrowFanMovement[]> {
  const rows = await ledgerDb(em)
    .with('lines', (db) =>
      db
        .selectFrom('ledger.escrow_entries as e')
        .innerJoin('ledger.journals as j', 'j.id', 'e.journal_id')
        .select(['e.account', 'e.fan_id', 'j.kind', sql<string>`sum(e.amount_cents)`.as('net')])
        .groupBy([sql`1`, sql`2`, sql`3`]),
    )
    .selectFrom('lines as l')
    .fullJoin('ledger.escrow_holdings as h', (join) => join.onRef('h.account', '=', 'l.account').onRef('h.fan_id', '=', 'l.fan_id'))
    .select([sql<string>`coalesce(l.account, h.account)`.as('account'), sql<string>`coalesce(l.fan_id, h.fan_id)`.as('fan_id'), 'l.kind', 'l.net', 'h.balance_cents as held'])
    .orderBy(sql`1`)
    .orderBy(sql`2`)
    .orderBy(sql`3`)
    .execute();
  const movements = new Map<string, EscrowFanMovement>();
  for (const row of rows) {
    const key = `${row.account}|${row.fan_id}`;
    let movement = movements.get(key);
    if (!movement) {
      movement = { artistId: parseAccount(row.account).ownerId!, fanId: row.fan_id, byKind: new Map(), linesCents: 0, heldCents: centsFrom(row.held) };
      movements.set(key, movement);
    }
    if (row.kind !== null) {
      movement.byKind.set(row.kind, centsFrom(row.net));
      movement.linesCents += centsFrom(row.net);
    }
  }
  return [...movements.values()];
}

/**
 * The ledger's own proof that escrow is per fan: each (journal, escrow) posting equals its fans'
 * parts (a single-fan journal's by construction, unless lines were written for it too); a journal
 * that names a fan (`references.fanId`: a close, a refund, a dispute, an expiry) moves only that
 * fan's money. Violations as readable rows.
 */
export async function escrowAttributionViolations(em: EntityManager, limit = 50): Promise<string[]> {
  const db = ledgerDb(em);
  const unmatched = await db
    .selectFrom(
      db
        .selectFrom('ledger.postings')
        .select(['journal_id', 'account', sql<string>`sum(amount_cents)`.as('total')])
        .where('account', 'like', 'artist_escrow:%')
        .groupBy(['journal_id', 'account'])
        .as('p'),
    )
    .fullJoin(
      db.selectFrom('ledger.escrow_entries').select(['journal_id', 'account', sql<string>`sum(amount_cents)`.as('total')]).groupBy(['journal_id', 'account']).as('l'),
      (join) => join.onRef('l.journal_id', '=', 'p.journal_id').onRef('l.account', '=', 'p.account'),
    )
    .select([
      sql<string>`coalesce(p.journal_id, l.journal_id)`.as('journal_id'),
      sql<string>`coalesce(p.account, l.account)`.as('account'),
      sql<string>`coalesce(p.total, 0)`.as('posted'),
      sql<string>`coalesce(l.total, 0)`.as('lined'),
    ])
    .where(sql<boolean>`coalesce(p.total, 0) <> coalesce(l.total, 0)`)
    .limit(limit)
    .execute();
  const foreign = await db
    .selectFrom('ledger.escrow_entries as l')
    .innerJoin('ledger.journals as j', 'j.id', 'l.journal_id')
    .select(['j.id as journal_id', 'j.kind', sql<string>`j."references"->>'fanId'`.as('named'), 'l.fan_id', 'l.account', 'l.amount_cents'])
    .where(sql<boolean>`j."references"->>'fanId' is not null and l.fan_id::text is distinct from j."references"->>'fanId'`)
    .orderBy('j.id')
    .limit(limit)
    .execute();
  return [
    ...unmatched.map((row) => `journal ${row.journal_id} moves ${row.posted} cents on ${row.account}, its escrow lines ${row.lined}`),
    ...foreign.map((row) => `${row.kind} journal ${row.journal_id} names fan ${row.named} but moves ${row.amount_cents} cents of fan ${row.fan_id}'s money on ${row.account}`),
  ];
}

/** The fans' total holdings in many escrows at once (e.g. what of a fan's money waits anywhere). */
export async function fanEscrowTotal(em: EntityManager, fanId: string): Promise<number> {
  const row = await ledgerDb(em).selectFrom('ledger.escrow_holdings').select(sql<string | null>`sum(balance_cents)`.as('total')).where('fan_id', '=', fanId).executeTakeFirst();
  return centsFrom(row?.total);
}

/**
 * What waits in each of these artists' escrow and how many fans' money it is (artists whose escrow
 * is empty are absent): the one read of "money waiting for an artist", whichever screen shows it.
 */
export async function artistEscrows(em: EntityManager, artistIds: string[]): Promise<Map<string, { heldCents: number; fans: number }>> {
  if (artistIds.length === 0) return new Map();
  const rows = await ledgerDb(em)
    .selectFrom('ledger.escrow_holdings')
    .select(['account', sql<string>`sum(balance_cents)`.as('held'), sql<number>`count(*)::int`.as('fans')])
    .where(
      'account',
      'in',
      artistIds.map((artistId) => accounts.artistEscrow(artistId)),
    )
    .where('balance_cents', '>', '0')
    .groupBy('account')
    .execute();
  return new Map(rows.map((row) => [parseAccount(row.account).ownerId!, { heldCents: centsFrom(row.held), fans: row.fans }]));
}

/** A part of a fan's money that one journal took out of an escrow: which credit (the journal that put it there) it came from. */
export interface DebitOrigin {
  fanId: string;
  /** The journal that put this money into the escrow (a pie close, a won dispute…), its kind and references. */
  creditJournalId: string;
  creditKind: string;
  creditReferences: Record<string, unknown>;
  cents: number;
}

/**
 * Where the money a journal took out of an escrow came from (a release: which fans, from which pie
 * closes). Each fan's money leaves oldest first (README "Whose money an escrow holds"), so the
 * fan's debits before this one consumed the oldest credits and this one the next.
 */
export async function debitOrigins(em: EntityManager, journalId: string, account: string): Promise<DebitOrigin[]> {
  const code = parseAccount(account).code;
  const rows: (EscrowLine & { fan_id: string; references: Record<string, unknown> })[] = (
    await ledgerDb(em)
      .selectFrom('ledger.escrow_entries as e')
      .innerJoin('ledger.journals as j', 'j.id', 'e.journal_id')
      .select([POSTING_ORDER.as('id'), 'e.journal_id', 'e.fan_id', 'e.amount_cents', 'j.kind', 'j.occurred_at', 'j.references'])
      .where('e.account', '=', code)
      .where('e.fan_id', 'in', (db) =>
        db.selectFrom('ledger.escrow_entries').select('fan_id').where('journal_id', '=', journalId).where('account', '=', code).where('amount_cents', '<', '0'),
      )
      .orderBy('e.fan_id')
      .orderBy(sql`1`)
      .execute()
  ).map((row) => ({ ...toEscrowLine(row), fan_id: row.fan_id!, references: row.references as Record<string, unknown> }));
  const byFan = new Map<string, typeof rows>();
  for (const row of rows) byFan.set(row.fan_id, [...(byFan.get(row.fan_id) ?? []), row]);
  const origins: DebitOrigin[] = [];
  for (const [fanId, lines] of byFan) {
    consumeOldestFirst(lines, (debit, credit, cents) => {
      if (debit.journal_id === journalId) origins.push({ fanId, creditJournalId: credit.journal_id, creditKind: credit.kind, creditReferences: credit.references, cents });
    });
  }
  return origins;
}
