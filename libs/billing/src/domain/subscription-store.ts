import type Stripe from 'stripe';
import type { SubscriptionView } from '#pie/contracts';
import type { EntityManager } from '#pie/platform';
import type { PieSettings } from '../events/subscription-activated.event.js';
import type { SubscriptionStatus } from '../events/subscription-status-changed.event.js';
import { idOf } from '../stripe/stripe-gateway.js';
import { pieSettingsOf } from './pie-settings.js';

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

export function isActivePie(row: Pick<SubscriptionRow, 'status' | 'pie_id'>): boolean {
  return (row.status === 'active' || row.status === 'trialing') && row.pie_id !== null;
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
      order by (status in ('active', 'trialing', 'past_due')) desc, created_at desc limit 1`,
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
}

/** Writes Stripe's view of a subscription (the caller holds the fan's lock) and returns the status before. */
export async function saveStripeSubscription(tx: EntityManager, fanId: string, subscription: Stripe.Subscription): Promise<SyncResult> {
  const [previous] = await tx.execute<{ status: SubscriptionStatus }[]>(`select status from billing.subscriptions where id = ?`, [subscription.id]);
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
  return { row, previousStatus: previous?.status ?? null };
}

/** Marks the subscription activated once; true only for the call that did it. */
export async function markActivated(tx: EntityManager, id: string): Promise<boolean> {
  const rows = await tx.execute<{ id: string }[]>(
    `update billing.subscriptions set activated_at = now() where id = ? and activated_at is null and status in ('active', 'trialing') returning id`,
    [id],
  );
  return rows.length > 0;
}
