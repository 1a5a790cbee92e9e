import { accounts, balancesAtCutOff, lateCredits, postJournals, type BalanceAtCutOff, type JournalInput, type LateCredit, JOURNAL_KINDS } from '#pie/ledger';
import { executeBound, insertIntoOutbox, pgArray, plainArray, type EntityManager } from '#pie/platform';
import { PiePeriodClosed, type RolledOverBecause } from '../events/pie-period-closed.event.js';
import { endSpentPromotions, finishOverPies } from './pie-finish.js';
import type { PeriodRow } from './pie-rows.js';
import { splitPie, type SplitResult } from './split.js';
import { gatherSplitInputsMany, type SplitInputs } from './split-inputs.js';

export const closeJournalKey = (periodId: string) => `${JOURNAL_KINDS.piePeriodClosed}:${periodId}`;

/** The fan has an earlier period still to close; this close is retried after it. */
export class EarlierPeriodOpenError extends Error {
  constructor(periodId: string) {
    super(`Period ${periodId} waits for the fan's earlier period to close first`);
    this.name = 'EarlierPeriodOpenError';
  }
}

export type CloseOutcome =
  | { status: 'closed'; periodId: string; journalId: string | null; distributedCents: number; artistCount: number; rolledOver: boolean; rolledOverBecause: RolledOverBecause | null }
  | { status: 'already-closed' | 'not-due' | 'unknown' | 'waiting'; periodId: string };

interface DuePeriod extends PeriodRow {
  fan_id: string;
  /** When the fan's next period (of this pie or a newer one) starts, if one starts before this one ends. */
  next_starts_at: Date | string | null;
}

/**
 * What a close may split: the wallet as it stood at the cut-off (the period's end, or the start of
 * the fan's next period if a new pie began before this one ended: that payment is the new period's),
 * less whatever has been taken out of it since (a refund of this period's charge). Money paid in
 * after the cut-off never stands in for money taken out. Never more than the wallet holds now.
 */
export function availableToSplit(balance: BalanceAtCutOff, late?: LateCredit): number {
  const atCutOff = Math.max(0, balance.before + balance.debitedSince);
  if (!late || late.lateCents <= 0) return atCutOff;
  // The period's own payment, collected after it ended (Stripe retried the renewal): it paid for
  // this period, so this close splits it — also when no later period will ever close (the pie ended).
  return Math.min(late.nowCents, atCutOff + late.lateCents);
}

const cutOffOf = (period: DuePeriod): Date => {
  const end = new Date(period.ends_at);
  const next = period.next_starts_at === null ? null : new Date(period.next_starts_at);
  return next && next < end ? next : end;
};

interface Closing {
  period: DuePeriod;
  inputs: SplitInputs;
  available: number;
  split: SplitResult;
  distributed: number;
  paid: SplitResult['lines'];
}

/**
 * Closes pie periods inside the caller's transaction (DESIGN §5–6), many at once with a handful of
 * statements (the worker's job passes one; batch callers pass hundreds). The period rows are locked
 * first (FOR UPDATE, in id order): a second worker closing the same period waits, then finds it
 * closed and does nothing. Each fan's closes are serialised (advisory lock: they share the
 * wallet) and in order: a period whose fan has an earlier one still open is left `waiting`.
 *
 * For each period: the split of the fan's whole available wallet balance as the period ended (the
 * next period's money, paid at that moment, waits for the next close; never more than the wallet
 * holds now), one ledger journal fan wallet → each artist's escrow (idempotency key per period),
 * the snapshot of every artist considered with the reason for each exclusion, the period's
 * figures and `pies.pie-period-closed.v1`. All of it commits together or not at all.
 */
export async function closePiePeriods(tx: EntityManager, periodIds: readonly string[], now = new Date()): Promise<CloseOutcome[]> {
  const ids = [...new Set(periodIds)].sort();
  // raw SQL: bench:close — the period close reads its due periods in one statement per batch
  const rows = ids.length === 0 ? [] : await executeBound<DuePeriod>(
    tx,
    `select pr.*, p.fan_id,
            (select min(o.starts_at) from pies.pies op join pies.periods o on o.pie_id = op.id
              where op.fan_id = p.fan_id and o.starts_at > pr.starts_at) as next_starts_at
       from pies.periods pr join pies.pies p on p.id = pr.pie_id where pr.id = any($1::uuid[]) order by pr.id for update of pr`,
    [pgArray(ids)],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const outcomes = new Map<string, CloseOutcome>();
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) outcomes.set(id, { status: 'unknown', periodId: id });
    else if (row.state === 'closed') outcomes.set(id, { status: 'already-closed', periodId: id });
    else if (new Date(row.ends_at) > now) outcomes.set(id, { status: 'not-due', periodId: id });
  }
  let due = rows.filter((row) => !outcomes.has(row.id));
  if (due.length > 0) {
    await lockFanCloses(tx, due.map((row) => row.fan_id));
    // raw SQL: bench:close — the period close's batch: one statement for every waiting period
    const waiting = await executeBound<{ id: string }>(
      tx,
      `select pr.id from pies.periods pr join pies.pies p on p.id = pr.pie_id
        where pr.id = any($1::uuid[]) and exists (
          select 1 from pies.pies p2 join pies.periods pr2 on pr2.pie_id = p2.id
           where p2.fan_id = p.fan_id and pr2.ends_at < pr.ends_at and pr2.state <> 'closed' and pr2.id <> pr.id)`,
      [pgArray(due.map((row) => row.id))],
    );
    for (const { id } of waiting) outcomes.set(id, { status: 'waiting', periodId: id });
    due = due.filter((row) => !outcomes.has(row.id));
  }
  if (due.length > 0) for (const outcome of await closeDue(tx, due, now)) outcomes.set(outcome.periodId, outcome);
  return [...new Set(periodIds)].map((id) => outcomes.get(id)!);
}

/**
 * Holds these fans' closes until the caller's transaction ends (advisory locks, taken in key order
 * so two holders never deadlock). Every close takes them; so may anyone who must put money in a
 * fan's wallet before a close of theirs can read it.
 */
export async function lockFanCloses(tx: EntityManager, fanIds: readonly string[]): Promise<void> {
  const keys = [...new Set(fanIds.map((fanId) => `pies-close:${fanId}`))].sort();
  // raw SQL: bench:close — the period close locks every fan of a batch in one statement, in key order
  await executeBound(tx, `select pg_advisory_xact_lock(hashtextextended(k, 0)) from (select k from unnest($1::text[]) as k order by k) as ordered`, [pgArray(keys)]);
}

/** Closes one period (the `pies.close-pie-period` job). A period waiting for an earlier one throws, so the job retries. */
export async function closePiePeriod(tx: EntityManager, periodId: string, now = new Date()): Promise<CloseOutcome> {
  const [outcome] = await closePiePeriods(tx, [periodId], now);
  if (outcome.status === 'waiting') throw new EarlierPeriodOpenError(periodId);
  return outcome;
}

async function closeDue(tx: EntityManager, due: DuePeriod[], now: Date): Promise<CloseOutcome[]> {
  const inputs = await gatherSplitInputsMany(
    tx,
    due.map((period) => ({ key: period.id, pieId: period.pie_id, fanId: period.fan_id, from: new Date(period.starts_at), to: new Date(period.ends_at) })),
    { assignPieArtistIds: false },
  );
  const balances = await balancesAtCutOff(tx, due.map((period) => ({ account: accounts.fanWallet(period.fan_id), before: cutOffOf(period) })));
  // Late money: the period's own invoice (billing's journal names it) paid at or after the cut-off.
  const late = await lateCredits(
    tx,
    due.map((period) => ({ account: accounts.fanWallet(period.fan_id), cutOff: cutOffOf(period), references: period.invoice_id ? { stripeInvoiceId: period.invoice_id } : null })),
  );
  const closings: Closing[] = due.map((period, i) => {
    const available = availableToSplit(balances[i]!, late[i]);
    const periodInputs = inputs.get(period.id)!;
    const split = splitPie(periodInputs.candidates, {
      amountCents: available,
      artistLimit: period.artist_limit,
      artistPopularity: period.artist_popularity,
      excludeNonActive: period.exclude_non_active,
    });
    const paid = split.lines.filter((line) => line.shareCents > 0);
    return { period, inputs: periodInputs, available, split, paid, distributed: paid.reduce((sum, line) => sum + line.shareCents, 0) };
  });

  // The snapshot first, the journals last but one: posting locks the artists' accounts (shared by
  // every batch closing at the same time) until commit, so the less work after it the better.
  await writeSnapshots(tx, closings);
  // Every share goes into the artist's escrow; payouts moves it on to an office that can receive
  // transfers when it sees `pies.pie-period-closed.v1`, so each share stays visible in this journal.
  const paying = closings.filter((c) => c.distributed > 0);
  // One code string per artist for the whole batch: the ledger looks every code up by value, and
  // a string built afresh for each of ~30,000 postings had to be hashed afresh each time.
  const escrowCodes = new Map<string, string>();
  const escrowOf = (artistId: string) => {
    let code = escrowCodes.get(artistId);
    if (code === undefined) escrowCodes.set(artistId, (code = accounts.artistEscrow(artistId)));
    return code;
  };
  const journals: JournalInput[] = paying.map(({ period, paid, distributed }) => ({
    kind: JOURNAL_KINDS.piePeriodClosed,
    idempotencyKey: closeJournalKey(period.id),
    occurredAt: new Date(period.ends_at),
    references: { fanId: period.fan_id, pieId: period.pie_id, piePeriodId: period.id },
    postings: [{ account: accounts.fanWallet(period.fan_id), amountCents: -distributed }, ...paid.map((line) => ({ account: escrowOf(line.artistId), amountCents: line.shareCents, fanId: period.fan_id }))],
  }));
  const posted = await postJournals(tx, journals);
  const journalOf = new Map(paying.map((c, i) => [c.period.id, posted[i].journalId]));

  // raw SQL: bench:close — the period close's batch writes (one unnest statement for every closed period)
  await executeBound(
    tx,
    `update pies.periods pr set state = 'closed', closed_at = $1::timestamptz, closing_since = coalesce(pr.closing_since, $2::timestamptz),
            split_cents = u.split, distributed_cents = u.distributed, artist_count = u.artists, rolled_over = u.distributed = 0, journal_id = u.journal_id
       from unnest($3::uuid[], $4::bigint[], $5::bigint[], $6::int[], $7::uuid[]) as u(id, split, distributed, artists, journal_id)
      where pr.id = u.id`,
    [
      now.toISOString(),
      now.toISOString(),
      pgArray(closings.map((c) => c.period.id)),
      pgArray(closings.map((c) => c.available)),
      pgArray(closings.map((c) => c.distributed)),
      pgArray(closings.map((c) => c.paid.length)),
      pgArray(closings.map((c) => journalOf.get(c.period.id) ?? null)),
    ],
  );
  const outcomes: Extract<CloseOutcome, { status: 'closed' }>[] = closings.map(({ period, available, distributed, paid }) => ({
    status: 'closed',
    periodId: period.id,
    journalId: journalOf.get(period.id) ?? null,
    distributedCents: distributed,
    artistCount: paid.length,
    rolledOver: distributed === 0,
    rolledOverBecause: distributed > 0 ? null : available === 0 ? 'no_money' : 'no_listening',
  }));
  await insertIntoOutbox(
    tx,
    closings.map(({ period }, i) => {
      const { journalId, distributedCents, artistCount, rolledOver, rolledOverBecause } = outcomes[i]!;
      return PiePeriodClosed.create({
        pieId: period.pie_id,
        periodId: period.id,
        fanId: period.fan_id,
        journalId,
        distributedCents,
        artistCount,
        rolledOver,
        rolledOverBecause,
        startsAt: new Date(period.starts_at).toISOString(),
        endsAt: new Date(period.ends_at).toISOString(),
      });
    }),
  );
  // No later period will split what is left: a promotional pie's one period, a canceled pie's last.
  // The fan's close lock is held, so a cancellation committing meanwhile is seen by one side or the other.
  await endSpentPromotions(tx, closings.map((c) => c.period.pie_id), now);
  await finishOverPies(tx, closings.map((c) => c.period.fan_id), now);
  return outcomes;
}

async function writeSnapshots(tx: EntityManager, closings: Closing[]): Promise<void> {
  // One pass into one array per column (a batch writes 40,000 lines). A line names its period by
  // position and its artist by id; what is the artist's own (name, popularity, the active flag) goes
  // once per artist and is joined in. Ids, numbers, flags and enum words need no quoting; only the
  // names and the nullable reason do. The arrays are unnested in the select list, where Postgres
  // reads them in step without first copying each into a tuple store as `from unnest(…)` does.
  const periodIds: string[] = [];
  const [periodOf, listened, tilt, share]: number[][] = [[], [], [], []];
  const [artistIds, inclusion]: string[][] = [[], []];
  const [banned, selected]: boolean[][] = [[], []];
  const weight: bigint[] = [];
  const reasons: (string | null)[] = [];
  const artists = new Map<string, { name: string; popularity: number; active: boolean }>();
  for (const { period, split, inputs } of closings) {
    if (split.lines.length === 0) continue;
    periodIds.push(period.id);
    for (const line of split.lines) {
      periodOf.push(periodIds.length);
      artistIds.push(line.artistId);
      listened.push(line.listenedMs);
      inclusion.push(line.inclusion);
      banned.push(line.banned);
      selected.push(line.selected);
      reasons.push(line.reason);
      tilt.push(line.tilt);
      weight.push(line.weight);
      share.push(line.shareCents);
      if (!artists.has(line.artistId)) artists.set(line.artistId, { name: inputs.facts.get(line.artistId)?.name ?? 'Unknown artist', popularity: line.popularity, active: line.active });
    }
  }
  if (periodIds.length === 0) return;
  const artist = [...artists];
  // raw SQL: bench:close — the period close's batch writes (one unnest statement for every share)
  await executeBound(
    tx,
    `insert into pies.period_artists (period_id, artist_id, artist_name, listened_ms, popularity, active, inclusion, banned, selected, reason, tilt, weight, share_cents)
     select ($1::uuid[])[l.period], l.artist_id, a.name, l.listened_ms, a.popularity, a.active, l.inclusion, l.banned, l.selected, l.reason, l.tilt, l.weight, l.share
       from (select unnest($2::int[]) as period, unnest($3::uuid[]) as artist_id, unnest($4::numeric[]) as listened_ms, unnest($5::text[]) as inclusion,
                    unnest($6::boolean[]) as banned, unnest($7::boolean[]) as selected, unnest($8::text[]) as reason, unnest($9::numeric[]) as tilt,
                    unnest($10::numeric[]) as weight, unnest($11::bigint[]) as share) as l
       join (select unnest($12::uuid[]) as id, unnest($13::text[]) as name, unnest($14::smallint[]) as popularity, unnest($15::boolean[]) as active) as a
         on a.id = l.artist_id`,
    [
      plainArray(periodIds),
      plainArray(periodOf),
      plainArray(artistIds),
      plainArray(listened),
      plainArray(inclusion),
      plainArray(banned),
      plainArray(selected),
      pgArray(reasons),
      plainArray(tilt),
      plainArray(weight),
      plainArray(share),
      plainArray(artist.map(([id]) => id)),
      pgArray(artist.map(([, a]) => a.name)),
      plainArray(artist.map(([, a]) => a.popularity)),
      plainArray(artist.map(([, a]) => a.active)),
    ],
  );
}
