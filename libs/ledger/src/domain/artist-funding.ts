import { executeBound, pgArray, type EntityManager } from '#pie/platform';
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

/** Per UTC month and journal kind: the escrow's net and from how many fans. */
export async function escrowByMonthAndKind(em: EntityManager, artistId: string): Promise<EscrowMonthKind[]> {
  const rows = await executeBound<{ month: string; kind: string; cents: string; fans: number }>(
    em,
    `select to_char(j.occurred_at at time zone 'UTC', 'YYYY-MM') as month, j.kind, sum(l.amount_cents) as cents, count(distinct l.fan_id)::int as fans
       from ledger.escrow_entries l join ledger.journals j on j.id = l.journal_id
      where l.account = $1
      group by 1, 2 order by 1, 2`,
    [accounts.artistEscrow(artistId)],
  );
  return rows.map((row) => ({ month: row.month, kind: row.kind, cents: Number(row.cents), fans: Number(row.fans) }));
}

/** What each fan's journals of these kinds put on the artist's escrow, summed per fan (a pie close: the fan's shares). */
export async function escrowTotalsByFan(em: EntityManager, artistId: string, kinds: readonly JournalKind[]): Promise<Map<string, number>> {
  const rows = await executeBound<{ fan_id: string; cents: string }>(
    em,
    `select l.fan_id, sum(l.amount_cents) as cents
       from ledger.escrow_entries l join ledger.journals j on j.id = l.journal_id
      where l.account = $1 and j.kind = any($2::text[])
      group by l.fan_id`,
    [accounts.artistEscrow(artistId), pgArray(kinds)],
  );
  return new Map(rows.map((row) => [row.fan_id, Number(row.cents)]));
}

/** The distinct values of one reference (a pie close's `piePeriodId`) of the journals of these kinds on the artist's escrow. */
export async function escrowJournalReferences(em: EntityManager, artistId: string, kinds: readonly JournalKind[], key: string): Promise<string[]> {
  const rows = await executeBound<{ value: string }>(
    em,
    `select distinct j."references"->>$3 as value
       from ledger.escrow_entries l join ledger.journals j on j.id = l.journal_id
      where l.account = $1 and j.kind = any($2::text[]) and j."references"->>$3 is not null`,
    [accounts.artistEscrow(artistId), pgArray(kinds), key],
  );
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
  const rows = await executeBound<{ id: string; occurred_at: Date; references: Record<string, unknown>; cents: string; fans: number }>(
    em,
    `select j.id, j.occurred_at, j."references", sum(l.amount_cents) as cents, count(distinct l.fan_id)::int as fans
       from ledger.escrow_entries l join ledger.journals j on j.id = l.journal_id
      where l.account = $1 and j.kind = any($2::text[])
      group by j.id order by j.occurred_at, j.id`,
    [accounts.artistEscrow(artistId), pgArray(kinds)],
  );
  return rows.map((row) => ({ journalId: row.id, occurredAt: new Date(row.occurred_at).toISOString(), references: row.references ?? {}, cents: Number(row.cents), fans: Number(row.fans) }));
}

/**
 * What the artist's escrow held from journals recorded before `at` (a claim's verification): pie
 * closes are dated by the period's end, so only when the ledger wrote them says whether they waited.
 */
export async function escrowRecordedBefore(em: EntityManager, artistId: string, at: Date): Promise<number> {
  const [row] = await executeBound<{ cents: string | null }>(
    em,
    `select sum(l.amount_cents) as cents
       from ledger.escrow_entries l join ledger.journals j on j.id = l.journal_id
      where l.account = $1 and j.recorded_at < $2::timestamptz`,
    [accounts.artistEscrow(artistId), at.toISOString()],
  );
  return Number(row?.cents ?? 0);
}
