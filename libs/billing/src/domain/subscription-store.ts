import type Stripe from 'stripe';
import type { SubscriptionView } from '#pie/contracts';
import { recordInOutbox, type EntityManager } from '#pie/platform';
import type { PieSettings } from '../events/subscription-activated.event.js';
import { SubscriptionStatusChanged, type SubscriptionStatus } from '../events/subscription-status-changed.event.js';
import { idOf } from '../stripe/stripe-gateway.js';
import { pieSettingsOf } from './pie-settings.js';
import { ENDED_SUBSCRIPTION_STATUSES, hasEnded, isPaidUp, LIVE_SUBSCRIPTION_STATUSES, PAID_UP_STATUSES, statusArrayParam, statusListSql } from './subscription-statuses.js';

export interface SubscriptionRow {
  id: string;
  fan_id: string;
  status: SubscriptionStatus;
  promo: boolean;
  pie_id: string | null;
  amount_cents: string;
  artist_limit: number;
  artist_popularity: number;
  exclude_non_active: boolean;
  pie_days: number;
  current_period_start: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  activated_at: Date | null;
  created_at: Date;
}

/**
 * Ends the fan's free pie now (it has no Stripe object: billing's row is its subscription) and
 * records the status change for pies, in `tx`, which holds the fan's lock. Null if it had ended.
 */
export async function cancelPromoSubscription(tx: EntityManager, fanId: string, subscriptionId: string): Promise<SubscriptionRow | null> {
  const [before] = await tx.execute<SubscriptionRow[]>(`select * from billing.subscriptions where id = ? and fan_id = ? and promo`, [subscriptionId, fanId]);
  if (!before || before.status === 'canceled') return null;
  const [canceled] = await tx.execute<SubscriptionRow[]>(
    `update billing.subscriptions set status = 'canceled', canceled_at = now(), updated_at = now() where id = ? returning *`,
    [subscriptionId],
  );
  recordInOutbox(tx, SubscriptionStatusChanged.create({ fanId, subscriptionId, status: 'canceled', previousStatus: before.status, cancelAtPeriodEnd: false }));
  await tx.flush();
  return canceled;
}

/** Serialises everything billing writes for one fan (webhook jobs, refreshes, cancels) inside `tx`. */
export async function lockFan(tx: EntityManager, fanId: string): Promise<void> {
  await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`billing:fan:${fanId}`]);
}

export function settingsOfRow(row: SubscriptionRow): PieSettings {
  return {
    amountCents: Number(row.amount_cents),
    artistLimit: row.artist_limit,
    artistPopularity: row.artist_popularity,
    excludeNonActive: row.exclude_non_active,
    pieDays: row.pie_days,
  };
}

/**
 * Whether the fan has a subscription still running — in billing's rows or at Stripe (its webhook
 * may not have arrived) — so a pie will split what the wallet holds, or (a deleted fan's) the
 * deletion's own settlement has yet to end it and return the wallet. A free pie whose one period has
 * ended is not running (as at checkout), whatever its row says. Call it under the fan's lock.
 */
export async function hasRunningSubscription(tx: EntityManager, stripe: Stripe, fanId: string): Promise<boolean> {
  const [row] = await tx.execute(
    `select 1 from billing.subscriptions where fan_id = ? and status <> all(?::text[])
        and not (promo and current_period_end <= ?) limit 1`,
    [fanId, statusArrayParam(ENDED_SUBSCRIPTION_STATUSES), new Date()],
  );
  if (row) return true;
  const [customer] = await tx.execute<{ stripe_customer_id: string }[]>(`select stripe_customer_id from billing.customers where fan_id = ?`, [fanId]);
  if (!customer) return false;
  const atStripe = await stripe.subscriptions.list({ customer: customer.stripe_customer_id, limit: 100 });
  return atStripe.data.some((subscription) => !hasEnded(subscription.status));
}

export function isActivePie(row: Pick<SubscriptionRow, 'status' | 'pie_id'>): boolean {
  return isPaidUp(row.status) && row.pie_id !== null;
}

export function subscriptionView(row: SubscriptionRow): SubscriptionView {
  return {
    id: row.id,
    status: row.status,
    promo: row.promo,
    active: isActivePie(row),
    cancelAtPeriodEnd: row.cancel_at_period_end,
    currentPeriodStart: row.current_period_start ? new Date(row.current_period_start).toISOString() : null,
    currentPeriodEnd: row.current_period_end ? new Date(row.current_period_end).toISOString() : null,
    pieSettings: settingsOfRow(row),
    metadata: { pie_id: row.pie_id },
  };
}

export async function findSubscription(em: EntityManager, id: string, fanId?: string): Promise<SubscriptionRow | null> {
  const [row] = await em.execute<SubscriptionRow[]>(
    `select * from billing.subscriptions where id = ? and (?::uuid is null or fan_id = ?::uuid)`,
    [id, fanId ?? null, fanId ?? null],
  );
  return row ?? null;
}

/** The fan's current subscription: a live one first (active, trialing, past due), else the newest. */
export async function currentSubscription(em: EntityManager, fanId: string): Promise<SubscriptionRow | null> {
  const [row] = await em.execute<SubscriptionRow[]>(
    `select * from billing.subscriptions where fan_id = ?
      order by (status in ${statusListSql(LIVE_SUBSCRIPTION_STATUSES)}) desc, created_at desc limit 1`,
    [fanId],
  );
  return row ?? null;
}

export function periodOf(subscription: Stripe.Subscription): { start: Date | null; end: Date | null } {
  const item = subscription.items.data[0];
  return {
    start: item?.current_period_start ? new Date(item.current_period_start * 1000) : null,
    end: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
  };
}

export interface SyncResult {
  row: SubscriptionRow;
  previousStatus: SubscriptionStatus | null;
  /** Whether a cancellation at the period's end was already set before (null: a new row). */
  previousCancelAtPeriodEnd: boolean | null;
}

/**
 * Writes Stripe's view of a subscription (the caller holds the fan's lock) and returns the status and
 * cancellation before. An ended subscription (canceled, incomplete_expired) is never written back to
 * a live status: Stripe never reactivates one, so such a view is an older read of it (a job that
 * read Stripe before another and committed after it) and is dropped.
 */
export async function saveStripeSubscription(tx: EntityManager, fanId: string, subscription: Stripe.Subscription): Promise<SyncResult> {
  const [previous] = await tx.execute<{ status: SubscriptionStatus; cancel_at_period_end: boolean }[]>(
    `select status, cancel_at_period_end from billing.subscriptions where id = ?`,
    [subscription.id],
  );
  if (previous && hasEnded(previous.status) && !hasEnded(subscription.status)) {
    const [kept] = await tx.execute<SubscriptionRow[]>(`select * from billing.subscriptions where id = ? and fan_id = ?`, [subscription.id, fanId]);
    if (!kept) throw new Error(`Subscription ${subscription.id} belongs to another fan than ${fanId}`);
    return { row: kept, previousStatus: kept.status, previousCancelAtPeriodEnd: kept.cancel_at_period_end };
  }
  const settings = pieSettingsOf(subscription);
  const period = periodOf(subscription);
  const [row] = await tx.execute<SubscriptionRow[]>(
    `insert into billing.subscriptions as s (id, fan_id, stripe_customer_id, status, amount_cents, artist_limit, artist_popularity,
        exclude_non_active, pie_days, current_period_start, current_period_end, cancel_at_period_end, canceled_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (id) do update set status = excluded.status, amount_cents = excluded.amount_cents, artist_limit = excluded.artist_limit,
        artist_popularity = excluded.artist_popularity, exclude_non_active = excluded.exclude_non_active, pie_days = excluded.pie_days,
        current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end,
        cancel_at_period_end = excluded.cancel_at_period_end, canceled_at = excluded.canceled_at, updated_at = now()
      where s.fan_id = excluded.fan_id
     returning *`,
    [
      subscription.id,
      fanId,
      idOf(subscription.customer),
      subscription.status,
      settings.amountCents,
      settings.artistLimit,
      settings.artistPopularity,
      settings.excludeNonActive,
      settings.pieDays,
      period.start,
      period.end,
      subscription.cancel_at_period_end,
      subscription.canceled_at ? new Date(subscription.canceled_at * 1000) : null,
    ],
  );
  if (!row) throw new Error(`Subscription ${subscription.id} belongs to another fan than ${fanId}`);
  return { row, previousStatus: previous?.status ?? null, previousCancelAtPeriodEnd: previous?.cancel_at_period_end ?? null };
}

/** Marks the subscription activated once; true only for the call that did it. */
export async function markActivated(tx: EntityManager, id: string): Promise<boolean> {
  const rows = await tx.execute<{ id: string }[]>(
    `update billing.subscriptions set activated_at = now() where id = ? and activated_at is null and status in ${statusListSql(PAID_UP_STATUSES)} returning id`,
    [id],
  );
  return rows.length > 0;
}
