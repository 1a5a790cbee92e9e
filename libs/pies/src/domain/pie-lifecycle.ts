import type { PieSettings } from '#pie/contracts';
import { sql } from 'kysely';
import { recordInOutbox, type EntityManager } from '#pie/platform';
import { piesDb } from '../db/pies-db.js';
import { PieCreated } from '../events/pie-created.event.js';
import { lockFanCloses } from './period-close.js';
import { finishOverPies } from './pie-finish.js';
import { LIVE_PIE_STATUSES, pieStatusFromSubscription } from './pie-statuses.js';

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
  const db = piesDb(tx);
  if (input.subscriptionId) {
    const existing = await db.selectFrom('pies.pies').select('id').where('subscription_id', '=', input.subscriptionId).executeTakeFirst();
    if (existing) return { pieId: existing.id, created: false };
  }
  await db
    .updateTable('pies.pies')
    .set({ status: 'ended', ended_at: sql`now()`, updated_at: sql`now()` })
    .where('fan_id', '=', input.fanId)
    .where('status', 'in', LIVE_PIE_STATUSES)
    .execute();
  const s = input.settings;
  const pie = await db
    .insertInto('pies.pies')
    .values({
      fan_id: input.fanId,
      subscription_id: input.subscriptionId,
      promo: input.promo,
      amount_cents: s.amountCents,
      artist_limit: s.artistLimit,
      artist_popularity: s.artistPopularity,
      exclude_non_active: s.excludeNonActive,
      pie_days: s.pieDays,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
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
  const db = piesDb(tx);
  const startsAt = window.startsAt.toISOString();
  const existing = await db.selectFrom('pies.periods').select('id').where('pie_id', '=', pieId).where('starts_at', '=', startsAt).executeTakeFirst();
  if (existing) {
    if (funding) {
      await db
        .updateTable('pies.periods')
        .set({ invoice_id: sql`coalesce(invoice_id, ${funding.invoiceId})`, funded_cents: sql`greatest(funded_cents, ${funding.fundedCents})` })
        .where('id', '=', existing.id)
        .execute();
    }
    return { periodId: existing.id, opened: false };
  }
  // Settings saved before the period started (pending_settings is the PieSettings pies wrote).
  await db
    .updateTable('pies.pies')
    .set({
      amount_cents: sql`coalesce((pending_settings->>'amountCents')::bigint, amount_cents)`,
      artist_limit: sql`coalesce((pending_settings->>'artistLimit')::smallint, artist_limit)`,
      artist_popularity: sql`coalesce((pending_settings->>'artistPopularity')::smallint, artist_popularity)`,
      exclude_non_active: sql`coalesce((pending_settings->>'excludeNonActive')::boolean, exclude_non_active)`,
      pie_days: sql`coalesce((pending_settings->>'pieDays')::smallint, pie_days)`,
      pending_settings: null,
      pending_saved_at: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', pieId)
    .where('pending_saved_at', '<=', startsAt)
    .execute();
  const pie = await db
    .selectFrom('pies.pies')
    .select(['amount_cents', 'artist_limit', 'artist_popularity', 'exclude_non_active'])
    .where('id', '=', pieId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  // Periods never overlap: if Stripe started the new period before the running one's end (its
  // billing cycle was restarted, e.g. a price with another interval set outside Pie), the running
  // period ends where the new one starts.
  await db
    .updateTable('pies.periods')
    .set({ ends_at: startsAt })
    .where('pie_id', '=', pieId)
    .where('state', '=', 'open')
    .where('starts_at', '<', startsAt)
    .where('ends_at', '>', startsAt)
    .execute();
  // A period opened on a pie found over (a payment Stripe collected after all) makes it unfinished:
  // its close finishes it again.
  await db.updateTable('pies.pies').set({ finished_at: null }).where('id', '=', pieId).where('finished_at', 'is not', null).execute();
  const period = await db
    .insertInto('pies.periods')
    .values(({ selectFrom }) => ({
      pie_id: pieId,
      seq: selectFrom('pies.periods').select(sql<number>`coalesce(max(seq), 0) + 1`.as('seq')).where('pie_id', '=', pieId),
      starts_at: startsAt,
      ends_at: window.endsAt.toISOString(),
      funded_cents: funding?.fundedCents ?? 0,
      invoice_id: funding?.invoiceId ?? null,
      amount_cents: pie.amount_cents,
      artist_limit: pie.artist_limit,
      artist_popularity: pie.artist_popularity,
      exclude_non_active: pie.exclude_non_active,
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
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
  const db = piesDb(tx);
  const pie = await db.selectFrom('pies.pies').select('fan_id').where('subscription_id', '=', subscriptionId).executeTakeFirst();
  if (!pie) return;
  await lockFanCloses(tx, [pie.fan_id]);
  await db
    .updateTable('pies.pies')
    .set({ status, status_at: statusAt.toISOString(), updated_at: sql`now()`, ...(status === 'canceled' ? { ended_at: sql`coalesce(ended_at, now())` } : {}) })
    .where('subscription_id', '=', subscriptionId)
    .where('status', '<>', 'ended')
    .where((eb) => eb.or([eb('status_at', 'is', null), eb('status_at', '<=', statusAt.toISOString())]))
    // a canceled pie never comes back to life; only another cancellation touches it
    .$if(status !== 'canceled', (query) => query.where('status', '<>', 'canceled'))
    .execute();
  if (status === 'canceled') await finishOverPies(tx, [pie.fan_id], now);
}
