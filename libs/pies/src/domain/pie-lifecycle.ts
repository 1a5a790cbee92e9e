import type { PieSettings } from '#pie/contracts';
import { recordInOutbox, type EntityManager } from '#pie/platform';
import { PieCreated } from '../events/pie-created.event.js';
import { lockFanCloses } from './period-close.js';
import { finishOverPies } from './pie-finish.js';
import type { PieRow } from './pie-rows.js';
import { LIVE_PIE_SQL, pieStatusFromSubscription } from './pie-statuses.js';

export interface NewPie {
  fanId: string;
  subscriptionId: string | null;
  promo: boolean;
  settings: PieSettings;
  firstPeriod: { startsAt: Date; endsAt: Date };
}

/**
 * Creates the fan's pie and its first period (billing's subscription-activated). Idempotent by the
 * subscription id (or, for a promotion, by the fan's live pie): a redelivered event returns the
 * existing pie. A fan's previous live pie ends: one live pie per fan (DESIGN §5).
 */
export async function createPie(tx: EntityManager, input: NewPie): Promise<{ pieId: string; created: boolean }> {
  if (input.subscriptionId) {
    const [existing] = await tx.execute<{ id: string }[]>(`select id from pies.pies where subscription_id = ?`, [input.subscriptionId]);
    if (existing) return { pieId: existing.id, created: false };
  }
  await tx.execute(`update pies.pies set status = 'ended', ended_at = now(), updated_at = now() where fan_id = ? and status in ${LIVE_PIE_SQL}`, [input.fanId]);
  const s = input.settings;
  const [pie] = await tx.execute<{ id: string }[]>(
    `insert into pies.pies (fan_id, subscription_id, promo, amount_cents, artist_limit, artist_popularity, exclude_non_active, pie_days)
     values (?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [input.fanId, input.subscriptionId, input.promo, s.amountCents, s.artistLimit, s.artistPopularity, s.excludeNonActive, s.pieDays],
  );
  await openPeriod(tx, pie.id, input.firstPeriod);
  recordInOutbox(tx, PieCreated.create({ pieId: pie.id, fanId: input.fanId, subscriptionId: input.subscriptionId }));
  await tx.flush();
  return { pieId: pie.id, created: true };
}

/**
 * Opens the period [startsAt, endsAt) of a pie (idempotent by its start). Settings the fan saved
 * before the period started take effect here and are copied into the period, so nothing the fan
 * changes later can alter a period already running. Billing opens a period when its invoice is
 * paid, which can be well after the period began: a change saved in between waits for the next one.
 */
export async function openPeriod(
  tx: EntityManager,
  pieId: string,
  window: { startsAt: Date; endsAt: Date },
  funding: { invoiceId: string; fundedCents: number } | null = null,
): Promise<{ periodId: string; opened: boolean }> {
  const [existing] = await tx.execute<{ id: string }[]>(`select id from pies.periods where pie_id = ? and starts_at = ?`, [pieId, window.startsAt]);
  if (existing) {
    if (funding) await tx.execute(`update pies.periods set invoice_id = coalesce(invoice_id, ?), funded_cents = greatest(funded_cents, ?) where id = ?`, [funding.invoiceId, funding.fundedCents, existing.id]);
    return { periodId: existing.id, opened: false };
  }
  await tx.execute(
    `update pies.pies set
       amount_cents = coalesce((pending_settings->>'amountCents')::bigint, amount_cents),
       artist_limit = coalesce((pending_settings->>'artistLimit')::smallint, artist_limit),
       artist_popularity = coalesce((pending_settings->>'artistPopularity')::smallint, artist_popularity),
       exclude_non_active = coalesce((pending_settings->>'excludeNonActive')::boolean, exclude_non_active),
       pie_days = coalesce((pending_settings->>'pieDays')::smallint, pie_days),
       pending_settings = null, pending_saved_at = null, updated_at = now()
     where id = ? and pending_saved_at <= ?`,
    [pieId, window.startsAt],
  );
  const [pie] = await tx.execute<PieRow[]>(`select * from pies.pies where id = ? for update`, [pieId]);
  // Periods never overlap: if Stripe started the new period before the running one's end (its
  // billing cycle was restarted, e.g. a price with another interval set outside Pie), the running
  // period ends where the new one starts.
  await tx.execute(`update pies.periods set ends_at = ? where pie_id = ? and state = 'open' and starts_at < ? and ends_at > ?`, [window.startsAt, pieId, window.startsAt, window.startsAt]);
  // A period opened on a pie found over (a payment Stripe collected after all) makes it unfinished:
  // its close finishes it again.
  await tx.execute(`update pies.pies set finished_at = null where id = ? and finished_at is not null`, [pieId]);
  const [period] = await tx.execute<{ id: string }[]>(
    `insert into pies.periods (pie_id, seq, starts_at, ends_at, funded_cents, invoice_id, amount_cents, artist_limit, artist_popularity, exclude_non_active)
     values (?, (select coalesce(max(seq), 0) + 1 from pies.periods where pie_id = ?), ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [pieId, pieId, window.startsAt, window.endsAt, funding?.fundedCents ?? 0, funding?.invoiceId ?? null, pie.amount_cents, pie.artist_limit, pie.artist_popularity, pie.exclude_non_active],
  );
  return { periodId: period.id, opened: true };
}

/**
 * Follows the subscription's status (billing's status-changed event), as of `statusAt` (the event's
 * time). Unknown statuses change nothing. Stripe's webhooks — and so billing's events — can be
 * handled out of order (a retried job runs after a later one): a status older than the one the pie
 * has (`status_at`) changes nothing, and a canceled pie never comes back to life (Stripe never
 * reactivates a canceled subscription). A pie that ends (canceled) with every period of the fan
 * already closed is over (`finishOverPies`); the fan's close lock is taken first, so a close running
 * now commits before this looks, and a close starting later sees the status: one of the two finds
 * the pie over.
 */
export async function followSubscriptionStatus(tx: EntityManager, subscriptionId: string, stripeStatus: string, statusAt: Date, now = new Date()): Promise<void> {
  const status = pieStatusFromSubscription(stripeStatus);
  if (!status) return;
  const [pie] = await tx.execute<{ fan_id: string }[]>(`select fan_id from pies.pies where subscription_id = ?`, [subscriptionId]);
  if (!pie) return;
  await lockFanCloses(tx, [pie.fan_id]);
  await tx.execute(
    `update pies.pies set status = ?, status_at = ?, updated_at = now(),
            ended_at = case when ? = 'canceled' then coalesce(ended_at, now()) else ended_at end
      where subscription_id = ? and status <> 'ended' and (status_at is null or status_at <= ?)
        and (status <> 'canceled' or ? = 'canceled')`,
    [status, statusAt, status, subscriptionId, statusAt, status],
  );
  if (status === 'canceled') await finishOverPies(tx, [pie.fan_id], now);
}
