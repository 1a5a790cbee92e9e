import type { PieSettings } from '#pie/contracts';
import { recordInOutbox, type EntityManager } from '#pie/platform';
import { PieCreated } from '../events/pie-created.event.js';
import type { PieRow } from './pie-rows.js';

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
  await tx.execute(`update pies.pies set status = 'ended', ended_at = now(), updated_at = now() where fan_id = ? and status in ('active', 'past_due')`, [input.fanId]);
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
  const [period] = await tx.execute<{ id: string }[]>(
    `insert into pies.periods (pie_id, seq, starts_at, ends_at, funded_cents, invoice_id, amount_cents, artist_limit, artist_popularity, exclude_non_active)
     values (?, (select coalesce(max(seq), 0) + 1 from pies.periods where pie_id = ?), ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [pieId, pieId, window.startsAt, window.endsAt, funding?.fundedCents ?? 0, funding?.invoiceId ?? null, pie.amount_cents, pie.artist_limit, pie.artist_popularity, pie.exclude_non_active],
  );
  return { periodId: period.id, opened: true };
}

const STATUS_FROM_STRIPE: Record<string, PieRow['status']> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  incomplete: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

/** Follows the subscription's status (billing's status-changed event). Unknown statuses change nothing. */
export async function followSubscriptionStatus(tx: EntityManager, subscriptionId: string, stripeStatus: string): Promise<void> {
  const status = STATUS_FROM_STRIPE[stripeStatus];
  if (!status) return;
  await tx.execute(
    `update pies.pies set status = ?, updated_at = now(), ended_at = case when ? = 'canceled' then coalesce(ended_at, now()) else ended_at end
      where subscription_id = ? and status <> 'ended' and status <> ?`,
    [status, status, subscriptionId, status],
  );
}
