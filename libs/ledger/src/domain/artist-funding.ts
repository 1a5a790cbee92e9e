import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { ledgerDb } from '../db/ledger-db.js';
import { accounts } from './accounts.js';
import type { JournalKind } from './journal-kinds.js';

/**
 * One artist's escrow as its fans' money moved through it (issue 31: the artist's funding
 * insights), read from `ledger.escrow_entries` — each journal's part per fan, which Postgres keeps
 * equal to the journal's postings on the escrow — so every figure sums to the ledger's own totals. The ledger
 * knows nothing of pies: callers name the journal kinds.
 */

export interface EscrowMonthKind {
  /** 'YYYY-MM' of the journal's `occurredAt`, UTC. */
  month: string;
  kind: string;
  /** Signed: into the escrow is positive. */
  cents: number;
  /** Distinct fans whose money the month's journals of that kind moved. */
  fans: number;
}

/** One artist escrow's entries with their journals. */
const escrowEntries = (em: EntityManager, artistId: string) =>
  ledgerDb(em).selectFrom('ledger.escrow_entries as l').innerJoin('ledger.journals as j', 'j.id', 'l.journal_id').where('l.account', '=', accounts.artistEscrow(artistId));

/** Per UTC month and journal kind: the escrow's net and from how many fans. */
export async function escrowByMonthAndKind(em: EntityManager, artistId: string): Promise<EscrowMonthKind[]> {
  const rows = await escrowEntries(em, artistId)
    .select([sql<string>`to_char(j.occurred_at at time zone 'UTC', 'YYYY-MM')`.as('month'), 'j.kind', sql<string>`sum(l.amount_cents)`.as('cents'), sql<number>`count(distinct l.fan_id)::int`.as('fans')])
    .groupBy([sql`1`, sql`2`])
    .orderBy(sql`1`)
    .orderBy(sql`2`)
    .execute();
  return rows.map((row) => ({ month: row.month, kind: row.kind, cents: Number(row.cents), fans: Number(row.fans) }));
}

/** What each fan's journals of these kinds put on the artist's escrow, summed per fan (a pie close: the fan's shares). */
export async function escrowTotalsByFan(em: EntityManager, artistId: string, kinds: readonly JournalKind[]): Promise<Map<string, number>> {
  if (kinds.length === 0) return new Map();
  const rows = await escrowEntries(em, artistId).select(['l.fan_id', sql<string>`sum(l.amount_cents)`.as('cents')]).where('j.kind', 'in', kinds).groupBy('l.fan_id').execute();
  return new Map(rows.map((row) => [row.fan_id!, Number(row.cents)]));
}

/** The distinct values of one reference (a pie close's `piePeriodId`) of the journals of these kinds on the artist's escrow. */
export async function escrowJournalReferences(em: EntityManager, artistId: string, kinds: readonly JournalKind[], key: string): Promise<string[]> {
  if (kinds.length === 0) return [];
  const value = sql<string | null>`j."references"->>${key}::text`;
  const rows = await escrowEntries(em, artistId).select(value.as('value')).distinct().where('j.kind', 'in', kinds).where(value, 'is not', null).execute();
  return rows.map((row) => row.value).filter((value): value is string => typeof value === 'string');
}

export interface EscrowJournalSummary {
  journalId: string;
  occurredAt: string;
  references: Record<string, unknown>;
  /** Signed net on the escrow (a release is negative). */
  cents: number;
  fans: number;
}

/** The journals of these kinds on the artist's escrow, oldest first, each with its net and how many fans' money it moved. */
export async function escrowJournalsOfKinds(em: EntityManager, artistId: string, kinds: readonly JournalKind[]): Promise<EscrowJournalSummary[]> {
  if (kinds.length === 0) return [];
  const rows = await escrowEntries(em, artistId)
    .select(['j.id', 'j.occurred_at', 'j.references', sql<string>`sum(l.amount_cents)`.as('cents'), sql<number>`count(distinct l.fan_id)::int`.as('fans')])
    .where('j.kind', 'in', kinds)
    .groupBy('j.id')
    .orderBy('j.occurred_at')
    .orderBy('j.id')
    .execute();
  return rows.map((row) => ({ journalId: row.id, occurredAt: new Date(row.occurred_at).toISOString(), references: (row.references ?? {}) as Record<string, unknown>, cents: Number(row.cents), fans: Number(row.fans) }));
}

/**
 * What the artist's escrow held from journals recorded before `at` (a claim's verification): pie
 * closes are dated by the period's end, so only when the ledger wrote them says whether they waited.
 */
export async function escrowRecordedBefore(em: EntityManager, artistId: string, at: Date): Promise<number> {
  const row = await escrowEntries(em, artistId).select(sql<string | null>`sum(l.amount_cents)`.as('cents')).where('j.recorded_at', '<', at.toISOString()).executeTakeFirst();
  return Number(row?.cents ?? 0);
}
