import { executeBound, pgArray, type EntityManager } from '#pie/platform';
import { accounts } from './accounts.js';

/**
 * One artist's escrow as its fans' money moved through it (issue 31: the artist's funding
 * insights), read from the escrow lines — each journal's part per fan, which Postgres keeps equal to
 * the journal's postings on the escrow — so every figure sums to the ledger's own totals. The ledger
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
       from ledger.escrow_lines l join ledger.journals j on j.id = l.journal_id
      where l.account = $1
      group by 1, 2 order by 1, 2`,
    [accounts.artistEscrow(artistId)],
  );
  return rows.map((row) => ({ month: row.month, kind: row.kind, cents: Number(row.cents), fans: Number(row.fans) }));
}

export interface EscrowCreditLine {
  fanId: string;
  cents: number;
  journalId: string;
  /** The journal's references (a pie close names its period). */
  references: Record<string, unknown>;
}

/** Every fan's part of the journals of these kinds on the artist's escrow (a pie close: one line per fan and period). */
export async function escrowLinesOfKinds(em: EntityManager, artistId: string, kinds: readonly string[]): Promise<EscrowCreditLine[]> {
  const rows = await executeBound<{ fan_id: string; cents: string; journal_id: string; references: Record<string, unknown> }>(
    em,
    `select l.fan_id, l.amount_cents as cents, l.journal_id, j."references"
       from ledger.escrow_lines l join ledger.journals j on j.id = l.journal_id
      where l.account = $1 and j.kind = any($2::text[])
      order by j.occurred_at, l.id`,
    [accounts.artistEscrow(artistId), pgArray(kinds)],
  );
  return rows.map((row) => ({ fanId: row.fan_id, cents: Number(row.cents), journalId: row.journal_id, references: row.references ?? {} }));
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
export async function escrowJournalsOfKinds(em: EntityManager, artistId: string, kinds: readonly string[]): Promise<EscrowJournalSummary[]> {
  const rows = await executeBound<{ id: string; occurred_at: Date; references: Record<string, unknown>; cents: string; fans: number }>(
    em,
    `select j.id, j.occurred_at, j."references", sum(l.amount_cents) as cents, count(distinct l.fan_id)::int as fans
       from ledger.escrow_lines l join ledger.journals j on j.id = l.journal_id
      where l.account = $1 and j.kind = any($2::text[])
      group by j.id order by j.occurred_at, j.id`,
    [accounts.artistEscrow(artistId), pgArray(kinds)],
  );
  return rows.map((row) => ({ journalId: row.id, occurredAt: new Date(row.occurred_at).toISOString(), references: row.references ?? {}, cents: Number(row.cents), fans: Number(row.fans) }));
}
