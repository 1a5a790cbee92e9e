import type Stripe from 'stripe';
import type { SubscriptionView } from '#pie/contracts';
import { sql, type Selectable } from 'kysely';
import { recordInOutbox, type EntityManager } from '#pie/platform';
import { billingDb } from '../db/billing-db.js';
import type { BillingSubscriptions } from '../db/tables.generated.js';
import type { PieSettings } from '../events/subscription-activated.event.js';
import { SubscriptionStatusChanged, type SubscriptionStatus } from '../events/subscription-status-changed.event.js';
import { idOf } from '../stripe/stripe-gateway.js';
import { pieSettingsOf } from './pie-settings.js';
import { ENDED_SUBSCRIPTION_STATUSES, hasEnded, isPaidUp, LIVE_SUBSCRIPTION_STATUSES, PAID_UP_STATUSES } from './subscription-statuses.js';

/** A `billing.subscriptions` row as the database has it (timestamps as Postgres' text). */
export type SubscriptionRow = Selectable<BillingSubscriptions>;

/**
 * Ends the fan's free pie now (it has no Stripe object: billing's row is its subscription) and
 * records the status change for pies, in `tx`, which holds the fan's lock. Null if it had ended.
 */
export async function cancelPromoSubscription(tx: EntityManager, fanId: string, subscriptionId: string): Promise<SubscriptionRow | null> {
  const before = await billingDb(tx).selectFrom('billing.subscriptions').selectAll().where('id', '=', subscriptionId).where('fan_id', '=', fanId).where('promo', '=', true).executeTakeFirst();
  if (!before || before.status === 'canceled') return null;
  const canceled = await billingDb(tx)
    .updateTable('billing.subscriptions')
    .set({ status: 'canceled', canceled_at: sql<string>`now()`, updated_at: sql<string>`now()` })
    .where('id', '=', subscriptionId)
    .returningAll()
    .executeTakeFirstOrThrow();
  recordInOutbox(tx, SubscriptionStatusChanged.create({ fanId, subscriptionId, status: 'canceled', previousStatus: before.status, cancelAtPeriodEnd: false }));
  await tx.flush();
  return canceled;
}

/** Serialises everything billing writes for one fan (webhook jobs, refreshes, cancels) inside `tx`. */
export async function lockFan(tx: EntityManager, fanId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`billing:fan:${fanId}`}, 0))`.execute(billingDb(tx));
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
  const row = await billingDb(tx)
    .selectFrom('billing.subscriptions')
    .select(sql.lit(1).as('one'))
    .where('fan_id', '=', fanId)
    .where('status', 'not in', ENDED_SUBSCRIPTION_STATUSES)
    .where(sql<boolean>`not (promo and current_period_end <= ${new Date()})`)
    .limit(1)
    .executeTakeFirst();
  if (row) return true;
  const customer = await billingDb(tx).selectFrom('billing.customers').select('stripe_customer_id').where('fan_id', '=', fanId).executeTakeFirst();
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
  const row = await billingDb(em)
    .selectFrom('billing.subscriptions')
    .selectAll()
    .where('id', '=', id)
    .$if(fanId != null, (qb) => qb.where('fan_id', '=', fanId!))
    .executeTakeFirst();
  return row ?? null;
}

/** The fan's current subscription: a live one first (active, trialing, past due), else the newest. */
export async function currentSubscription(em: EntityManager, fanId: string): Promise<SubscriptionRow | null> {
  const row = await billingDb(em)
    .selectFrom('billing.subscriptions')
    .selectAll()
    .where('fan_id', '=', fanId)
    .orderBy((eb) => eb('status', 'in', LIVE_SUBSCRIPTION_STATUSES), 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
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
  const previous = await billingDb(tx).selectFrom('billing.subscriptions').select(['status', 'cancel_at_period_end']).where('id', '=', subscription.id).executeTakeFirst();
  if (previous && hasEnded(previous.status) && !hasEnded(subscription.status)) {
    const kept = await billingDb(tx).selectFrom('billing.subscriptions').selectAll().where('id', '=', subscription.id).where('fan_id', '=', fanId).executeTakeFirst();
    if (!kept) throw new Error(`Subscription ${subscription.id} belongs to another fan than ${fanId}`);
    return { row: kept, previousStatus: kept.status, previousCancelAtPeriodEnd: kept.cancel_at_period_end };
  }
  const settings = pieSettingsOf(subscription);
  const period = periodOf(subscription);
  const row = await billingDb(tx)
    .insertInto('billing.subscriptions')
    .values({
      id: subscription.id,
      fan_id: fanId,
      stripe_customer_id: idOf(subscription.customer),
      status: subscription.status as SubscriptionStatus,
      amount_cents: settings.amountCents,
      artist_limit: settings.artistLimit,
      artist_popularity: settings.artistPopularity,
      exclude_non_active: settings.excludeNonActive,
      pie_days: settings.pieDays,
      current_period_start: period.start,
      current_period_end: period.end,
      cancel_at_period_end: subscription.cancel_at_period_end,
      canceled_at: subscription.canceled_at ? new Date(subscription.canceled_at * 1000) : null,
    })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          amount_cents: eb.ref('excluded.amount_cents'),
          artist_limit: eb.ref('excluded.artist_limit'),
          artist_popularity: eb.ref('excluded.artist_popularity'),
          exclude_non_active: eb.ref('excluded.exclude_non_active'),
          pie_days: eb.ref('excluded.pie_days'),
          current_period_start: eb.ref('excluded.current_period_start'),
          current_period_end: eb.ref('excluded.current_period_end'),
          cancel_at_period_end: eb.ref('excluded.cancel_at_period_end'),
          canceled_at: eb.ref('excluded.canceled_at'),
          updated_at: sql<string>`now()`,
        }))
        .whereRef('billing.subscriptions.fan_id', '=', 'excluded.fan_id'),
    )
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new Error(`Subscription ${subscription.id} belongs to another fan than ${fanId}`);
  return { row, previousStatus: previous?.status ?? null, previousCancelAtPeriodEnd: previous?.cancel_at_period_end ?? null };
}

/** Marks the subscription activated once; true only for the call that did it. */
export async function markActivated(tx: EntityManager, id: string): Promise<boolean> {
  const rows = await billingDb(tx)
    .updateTable('billing.subscriptions')
    .set({ activated_at: sql<string>`now()` })
    .where('id', '=', id)
    .where('activated_at', 'is', null)
    .where('status', 'in', PAID_UP_STATUSES)
    .returning('id')
    .execute();
  return rows.length > 0;
}
