import { executeBound, insertIntoOutbox, pgArray, type EntityManager } from '#pie/platform';
import { PieFinished } from '../events/pie-finished.event.js';
import { LIVE_PIE_STATUSES } from './pie-statuses.js';

/**
 * Records, for each of these fans whose pie is now over, `pies.pie-finished.v1` once, in the
 * caller's transaction. Over = no live pie (active or past due) for the fan and every period of the
 * fan closed: no later close will split what the wallet still holds. The caller holds the fans'
 * close locks (`lockFanCloses`), so the last close and the cancellation, whichever commits second,
 * sees the other. `finished_at` makes it once: a pie already finished is not finished again unless
 * a period opened on it since (`openPeriod` clears it). Returns the fans it finished.
 */
export async function finishOverPies(tx: EntityManager, fanIds: readonly string[], now: Date, options: { again?: boolean } = {}): Promise<{ fanId: string; pieId: string }[]> {
  const fans = [...new Set(fanIds)];
  if (fans.length === 0) return [];
  // raw SQL: bench:close — the period close finishes every over pie of a batch in one statement
  const finished = await executeBound<{ fan_id: string; id: string }>(
    tx,
    `with over as (
       update pies.pies p set finished_at = coalesce(p.finished_at, $2::timestamptz), updated_at = $2::timestamptz
        where p.fan_id = any($1::uuid[]) and ($3::boolean or p.finished_at is null) and p.status <> all($4::text[])
          and not exists (select 1 from pies.pies live where live.fan_id = p.fan_id and live.status = any($4::text[]))
          and not exists (select 1 from pies.pies op join pies.periods o on o.pie_id = op.id where op.fan_id = p.fan_id and o.state <> 'closed')
       returning p.id, p.fan_id, p.created_at
     )
     select distinct on (fan_id) fan_id, id from over order by fan_id, created_at desc, id desc`,
    [pgArray(fans), now.toISOString(), options.again ?? false, pgArray(LIVE_PIE_STATUSES)],
  );
  await insertIntoOutbox(
    tx,
    finished.map((row) => PieFinished.create({ fanId: row.fan_id, pieId: row.id })),
  );
  return finished.map((row) => ({ fanId: row.fan_id, pieId: row.id }));
}

/**
 * Money came into the wallets of these fans after their pie may have been found over (escrow
 * expired back to them, a failed refund or a won dispute put it back): for each fan whose pie is
 * over, `pies.pie-finished.v1` is recorded again, so billing returns that money too. Billing calls
 * it once the credit has committed (its settlement of `ledger.fan-wallet-credited.v1`), so a pie
 * found over later, by its last close or its cancellation, returns that money as well; a fan with a
 * live pie or a period still open is left alone (that pie splits the money).
 */
export function finishPiesIfOver(tx: EntityManager, fanIds: readonly string[], now = new Date()): Promise<{ fanId: string; pieId: string }[]> {
  return finishOverPies(tx, fanIds, now, { again: true });
}

/**
 * A promotional pie has one period, funded once by the promotion: once it is closed the pie is over
 * (it never renews), so it ends with its close. Among these pies, ends the promotional ones with no
 * period left open.
 */
export async function endSpentPromotions(tx: EntityManager, pieIds: readonly string[], now: Date): Promise<void> {
  const pies = [...new Set(pieIds)];
  if (pies.length === 0) return;
  // raw SQL: bench:close — the period close ends every spent promotion of a batch in one statement
  await executeBound(
    tx,
    `update pies.pies p set status = 'ended', ended_at = coalesce(p.ended_at, $2::timestamptz), updated_at = $2::timestamptz
      where p.id = any($1::uuid[]) and p.promo and p.status = any($3::text[])
        and not exists (select 1 from pies.periods o where o.pie_id = p.id and o.state <> 'closed')`,
    [pgArray(pies), now.toISOString(), pgArray(LIVE_PIE_STATUSES)],
  );
}
