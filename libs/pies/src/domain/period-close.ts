import { accounts, balanceBefore, balanceOf, type Ledger } from '#pie/ledger';
import { recordInOutbox, type EntityManager } from '#pie/platform';
import { PiePeriodClosed } from '../events/pie-period-closed.event.js';
import type { PeriodRow } from './pie-rows.js';
import { pgArray } from './pg-array.js';
import { splitPie, type SplitResult } from './split.js';
import { gatherSplitInputs, type SplitInputs } from './split-inputs.js';

export const PIE_PERIOD_CLOSED_JOURNAL = 'pie_period_closed';
export const closeJournalKey = (periodId: string) => `${PIE_PERIOD_CLOSED_JOURNAL}:${periodId}`;

/** The fan has an earlier period still to close; this close is retried after it. */
export class EarlierPeriodOpenError extends Error {
  constructor(periodId: string, earlierId: string) {
    super(`Period ${periodId} waits for the fan's earlier period ${earlierId} to close first`);
    this.name = 'EarlierPeriodOpenError';
  }
}

export type CloseOutcome =
  | { status: 'closed'; periodId: string; journalId: string | null; distributedCents: number; artistCount: number; rolledOver: boolean }
  | { status: 'already-closed' | 'not-due' | 'unknown'; periodId: string };

/**
 * Closes one pie period inside the caller's transaction (DESIGN §5–6). The period row is locked
 * first (FOR UPDATE): a second worker closing the same period waits, then finds it closed and does
 * nothing. The journal, the snapshot, the period's figures and the event commit together or not at
 * all, so a worker killed anywhere leaves either nothing or everything; the journal's idempotency
 * key (one per period) is a second guard in the ledger itself.
 */
export async function closePiePeriod(tx: EntityManager, ledger: Ledger, periodId: string, now = new Date()): Promise<CloseOutcome> {
  const [period] = await tx.execute<(PeriodRow & { fan_id: string })[]>(
    `select pr.*, p.fan_id from pies.periods pr join pies.pies p on p.id = pr.pie_id where pr.id = ? for update of pr`,
    [periodId],
  );
  if (!period) return { status: 'unknown', periodId };
  if (period.state === 'closed') return { status: 'already-closed', periodId };
  const endsAt = new Date(period.ends_at);
  if (endsAt > now) return { status: 'not-due', periodId };
  // One close at a time per fan (they share the wallet), and in order: an earlier period of the
  // fan still open must take its money first, or this one would split it. The job retries.
  await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`pies-close:${period.fan_id}`]);
  const [earlier] = await tx.execute<{ id: string }[]>(
    `select pr.id from pies.periods pr join pies.pies p on p.id = pr.pie_id
      where p.fan_id = ? and pr.ends_at < ? and pr.state <> 'closed' and pr.id <> ? limit 1`,
    [period.fan_id, endsAt, periodId],
  );
  if (earlier) throw new EarlierPeriodOpenError(periodId, earlier.id);

  const inputs = await gatherSplitInputs(tx, { id: period.pie_id, fanId: period.fan_id }, new Date(period.starts_at), endsAt);
  const wallet = accounts.fanWallet(period.fan_id);
  // The whole available balance as the period ended; money that arrived later (the next period's
  // invoice) waits for the next close. Never more than the wallet holds now (a refund may have left).
  const available = Math.max(0, Math.min(await balanceOf(tx, wallet), await balanceBefore(tx, wallet, endsAt)));
  const split = splitPie(inputs.candidates, {
    amountCents: available,
    artistLimit: period.artist_limit,
    artistPopularity: period.artist_popularity,
    excludeNonActive: period.exclude_non_active,
  });
  const paid = split.lines.filter((line) => line.shareCents > 0);
  const distributed = paid.reduce((sum, line) => sum + line.shareCents, 0);

  let journalId: string | null = null;
  if (distributed > 0) {
    const posted = await ledger.post(
      {
        kind: PIE_PERIOD_CLOSED_JOURNAL,
        idempotencyKey: closeJournalKey(periodId),
        occurredAt: endsAt,
        references: { fanId: period.fan_id, pieId: period.pie_id, piePeriodId: periodId },
        postings: [{ account: wallet, amountCents: -distributed }, ...paid.map((line) => ({ account: accounts.artistEscrow(line.artistId), amountCents: line.shareCents }))],
      },
      { em: tx },
    );
    journalId = posted.journalId;
  }

  await writeSnapshot(tx, periodId, split, inputs);
  const rolledOver = distributed === 0;
  await tx.execute(
    `update pies.periods set state = 'closed', closed_at = ?, split_cents = ?, distributed_cents = ?, artist_count = ?, rolled_over = ?, journal_id = ?, closing_since = coalesce(closing_since, ?)
      where id = ?`,
    [now, available, distributed, paid.length, rolledOver, journalId, now, periodId],
  );
  recordInOutbox(
    tx,
    PiePeriodClosed.create({
      pieId: period.pie_id,
      periodId,
      fanId: period.fan_id,
      journalId,
      distributedCents: distributed,
      artistCount: paid.length,
      rolledOver,
      startsAt: new Date(period.starts_at).toISOString(),
      endsAt: endsAt.toISOString(),
    }),
  );
  await tx.flush();
  return { status: 'closed', periodId, journalId, distributedCents: distributed, artistCount: paid.length, rolledOver };
}

async function writeSnapshot(tx: EntityManager, periodId: string, split: SplitResult, inputs: SplitInputs): Promise<void> {
  if (split.lines.length === 0) return;
  const col = (pick: (line: SplitResult['lines'][number]) => string | number | boolean | null) => pgArray(split.lines.map(pick));
  await tx.execute(
    `insert into pies.period_artists (period_id, artist_id, artist_name, listened_ms, popularity, active, inclusion, banned, selected, reason, tilt, weight, share_cents)
     select ?::uuid, * from unnest(?::uuid[], ?::text[], ?::numeric[], ?::smallint[], ?::boolean[], ?::text[], ?::boolean[], ?::boolean[], ?::text[], ?::numeric[], ?::numeric[], ?::bigint[])`,
    [
      periodId,
      col((l) => l.artistId),
      col((l) => inputs.facts.get(l.artistId)?.name ?? 'Unknown artist'),
      col((l) => String(l.listenedMs)),
      col((l) => l.popularity),
      col((l) => l.active),
      col((l) => l.inclusion),
      col((l) => l.banned),
      col((l) => l.selected),
      col((l) => l.reason),
      col((l) => String(l.tilt)),
      col((l) => l.weight.toString()),
      col((l) => l.shareCents),
    ],
  );
}

