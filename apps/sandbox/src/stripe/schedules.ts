import type Stripe from 'stripe';
import { addInterval } from './intervals.js';
import type { StripeEngine } from './engine.js';
import { invalid, missingParam } from './errors.js';
import { optionalArray, optionalInteger, optionalObject, optionalString, type Params } from './params.js';
import { newId } from './store.js';

type Interval = Stripe.Price.Recurring.Interval;

/** What schedules need of billing (billing owns subscriptions and prices; it makes the schedules). */
export interface ScheduledBilling {
  priceOf(item: Params, label: string): Stripe.Price;
  cancelNow(subscription: Stripe.Subscription, reason: Stripe.Subscription.CancellationDetails.Reason): Stripe.Subscription;
}
const INTERVALS: readonly string[] = ['day', 'week', 'month', 'year'];

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function phaseObject(input: { start: number; end: number; price: Stripe.Price; quantity: number; proration: Stripe.SubscriptionSchedule.Phase.ProrationBehavior }): Stripe.SubscriptionSchedule.Phase {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    billing_cycle_anchor: null,
    billing_thresholds: null,
    collection_method: null,
    currency: input.price.currency,
    default_payment_method: null,
    description: null,
    discounts: [],
    end_date: input.end,
    invoice_settings: null,
    items: [{ billing_thresholds: null, discounts: [], metadata: {}, plan: input.price.id, price: input.price.id, quantity: input.quantity }],
    metadata: {},
    on_behalf_of: null,
    proration_behavior: input.proration,
    start_date: input.start,
    transfer_data: null,
    trial_end: null,
  };
}

/**
 * Subscription schedules (`/v1/subscription_schedules`), the documented way to change a running
 * subscription from a future date: `from_subscription` wraps the subscription in a schedule whose
 * one phase is the current period; an update adds phases (price, duration); at each renewal the
 * phase in effect from that moment sets the subscription's price, so a new interval starts when
 * the old period ends, with one invoice. After the last phase the schedule is released (the
 * subscription keeps the last phase's price) or, with `end_behavior: 'cancel'`, the subscription
 * ends. What Pie does not use is refused with a message rather than half-modelled: schedules not
 * made from a subscription, moving the current phase's start, end or price.
 */
export class SubscriptionSchedules {
  constructor(
    private readonly engine: StripeEngine,
    private readonly billing: ScheduledBilling,
  ) {}

  private get store() {
    return this.engine.store;
  }

  create(params: Params): Stripe.SubscriptionSchedule {
    const from = optionalString(params, 'from_subscription');
    if (!from) throw invalid('The sandbox makes subscription schedules from a running subscription only: pass from_subscription.', 'from_subscription');
    if (params.phases !== undefined) throw invalid('You cannot set `phases` if `from_subscription` is set.', 'phases');
    const subscription = this.store.get<Stripe.Subscription>(from, 'subscription', 'subscription', 'from_subscription');
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') throw invalid(`You cannot migrate a subscription that has a status of ${subscription.status}.`, 'from_subscription');
    if (subscription.schedule) throw invalid(`You cannot migrate a subscription that is already attached to a schedule: \`${idOf(subscription.schedule)}\`.`, 'from_subscription');
    const customerId = idOf(subscription.customer)!;
    const now = this.engine.nowFor(customerId);
    const item = subscription.items.data[0];
    const schedule: Stripe.SubscriptionSchedule = {
      id: newId('sub_sched', 24),
      object: 'subscription_schedule',
      application: null,
      billing_mode: { flexible: null, type: 'classic' },
      canceled_at: null,
      completed_at: null,
      created: now,
      current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
      customer: customerId,
      customer_account: null,
      default_settings: {
        application_fee_percent: null,
        billing_cycle_anchor: 'automatic',
        billing_thresholds: null,
        collection_method: 'charge_automatically',
        default_payment_method: subscription.default_payment_method,
        description: null,
        invoice_settings: { account_tax_ids: null, days_until_due: null, issuer: { type: 'self' } } as Stripe.SubscriptionSchedule.DefaultSettings.InvoiceSettings,
        on_behalf_of: null,
        transfer_data: null,
      },
      end_behavior: 'release',
      livemode: false,
      metadata: {},
      pause_schedules: [],
      phases: [phaseObject({ start: item.current_period_start, end: item.current_period_end, price: item.price, quantity: item.quantity ?? 1, proration: 'create_prorations' })],
      released_at: null,
      released_subscription: null,
      status: 'active',
      subscription: subscription.id,
      test_clock: subscription.test_clock,
    };
    this.store.put(schedule);
    const attached = this.store.put({ ...subscription, schedule: schedule.id });
    this.engine.emit('subscription_schedule.created', schedule, { created: now });
    this.engine.emit('customer.subscription.updated', attached, { created: now, previousAttributes: { schedule: null } });
    return schedule;
  }

  update(id: string, params: Params): Stripe.SubscriptionSchedule {
    const schedule = this.store.get<Stripe.SubscriptionSchedule>(id, 'subscription_schedule', 'subscription schedule');
    if (schedule.status !== 'active' && schedule.status !== 'not_started') throw invalid(`You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`);
    const now = this.engine.nowFor(idOf(schedule.customer));
    let next: Stripe.SubscriptionSchedule = { ...schedule };
    const endBehavior = optionalString(params, 'end_behavior');
    if (endBehavior !== undefined) {
      if (endBehavior !== 'release' && endBehavior !== 'cancel') throw invalid('Invalid end_behavior: must be one of release or cancel', 'end_behavior');
      next.end_behavior = endBehavior;
    }
    const phases = optionalArray(params, 'phases');
    if (phases) next = { ...next, phases: this.phasesFrom(schedule, phases, optionalString(params, 'proration_behavior')) };
    this.store.put(next);
    this.engine.emit('subscription_schedule.updated', next, { created: now });
    return next;
  }

  private phasesFrom(schedule: Stripe.SubscriptionSchedule, entries: unknown[], defaultProration: string | undefined): Stripe.SubscriptionSchedule.Phase[] {
    if (entries.length === 0) throw missingParam('phases');
    const current = schedule.current_phase;
    const running = current ? schedule.phases.find((phase) => phase.start_date === current.start_date) : undefined;
    const result: Stripe.SubscriptionSchedule.Phase[] = [];
    entries.forEach((entry, index) => {
      const label = `phases[${index}]`;
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw invalid('Invalid object', label, 'parameter_invalid_object');
      const phase = entry as Params;
      const items = optionalArray(phase, 'items', `${label}[items]`);
      if (!items || items.length === 0) throw missingParam(`${label}[items]`);
      if (items.length > 1) throw invalid('The sandbox schedules one item per phase.', `${label}[items]`);
      const itemParams = items[0] as Params;
      const price = this.billing.priceOf(itemParams, `${label}[items][0]`);
      if (!price.recurring) throw invalid('The price must be recurring.', `${label}[items][0][price]`);
      const quantity = optionalInteger(itemParams, 'quantity', `${label}[items][0][quantity]`, 1) ?? 1;
      const previousEnd = result.at(-1)?.end_date;
      const startParam = phase.start_date === 'now' ? this.engine.nowFor(idOf(schedule.customer)) : optionalInteger(phase, 'start_date', `${label}[start_date]`);
      const start = previousEnd ?? startParam ?? current?.start_date;
      if (start === undefined) throw missingParam(`${label}[start_date]`);
      if (index === 0 && current && start !== current.start_date) throw invalid('You can not modify the start date of the current phase.', `${label}[start_date]`);
      if (index > 0 && startParam !== undefined && startParam !== previousEnd) throw invalid(`The start_date of a phase must be the end_date of the phase before it (${previousEnd}).`, `${label}[start_date]`);
      const end = this.phaseEnd(phase, label, start, price, index === entries.length - 1);
      if (end <= start) throw invalid('The end_date of a phase must be after its start_date.', `${label}[end_date]`);
      if (index === 0 && current && running) {
        // Changing what the subscription is billed now, or when the current period ends, would
        // prorate or re-anchor the running period at once; the sandbox does not model that.
        if (end !== current.end_date) throw invalid('The sandbox keeps the current phase ending where it ends (the current period end); add a phase after it instead.', `${label}[end_date]`);
        const runningPrice = this.store.get<Stripe.Price>(idOf(running.items[0].price as string)!, 'price');
        const same = runningPrice.unit_amount === price.unit_amount && runningPrice.recurring?.interval === price.recurring.interval && runningPrice.recurring.interval_count === price.recurring.interval_count;
        if (!same) throw invalid("The sandbox does not change the current phase's price (Stripe would prorate the running period); add a phase after it instead.", `${label}[items][0]`);
      }
      const proration = (optionalString(phase, 'proration_behavior', `${label}[proration_behavior]`) ?? defaultProration ?? 'create_prorations') as Stripe.SubscriptionSchedule.Phase.ProrationBehavior;
      const keepPrice = index === 0 && running ? this.store.get<Stripe.Price>(idOf(running.items[0].price as string)!, 'price') : price;
      result.push(phaseObject({ start, end, price: keepPrice, quantity, proration }));
    });
    return result;
  }

  /** A phase's end: its end_date, or its duration from its start; the last phase may omit both (one interval of its price). */
  private phaseEnd(phase: Params, label: string, start: number, price: Stripe.Price, last: boolean): number {
    const endDate = optionalInteger(phase, 'end_date', `${label}[end_date]`);
    const duration = optionalObject(phase, 'duration', `${label}[duration]`);
    if (endDate !== undefined && duration) throw invalid('You may only specify one of these parameters: end_date, duration.', `${label}[duration]`);
    if (endDate !== undefined) return endDate;
    if (duration) {
      const interval = optionalString(duration, 'interval', `${label}[duration][interval]`);
      if (!interval || !INTERVALS.includes(interval)) throw invalid('Invalid duration[interval]: must be one of day, week, month, or year', `${label}[duration][interval]`);
      const count = optionalInteger(duration, 'interval_count', `${label}[duration][interval_count]`, 1) ?? 1;
      return addInterval(start, interval as Interval, count);
    }
    if (!last) throw missingParam(`${label}[end_date]`);
    return addInterval(start, price.recurring!.interval, price.recurring!.interval_count);
  }

  release(id: string): Stripe.SubscriptionSchedule {
    const schedule = this.store.get<Stripe.SubscriptionSchedule>(id, 'subscription_schedule', 'subscription schedule');
    if (schedule.status !== 'active' && schedule.status !== 'not_started') throw invalid(`You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status.`);
    return this.end(schedule, 'released', this.engine.nowFor(idOf(schedule.customer)));
  }

  /** Cancels the schedule and, as Stripe does, its subscription now. */
  cancel(id: string): Stripe.SubscriptionSchedule {
    const schedule = this.store.get<Stripe.SubscriptionSchedule>(id, 'subscription_schedule', 'subscription schedule');
    if (schedule.status !== 'active' && schedule.status !== 'not_started') throw invalid(`You cannot cancel a subscription schedule that is currently in the \`${schedule.status}\` status.`);
    const subscriptionId = idOf(schedule.subscription);
    if (subscriptionId) this.billing.cancelNow(this.store.get<Stripe.Subscription>(subscriptionId, 'subscription'), 'cancellation_requested');
    return this.store.get<Stripe.SubscriptionSchedule>(id, 'subscription_schedule');
  }

  /** The subscription ended (canceled now or at period end): its schedule is canceled with it. */
  subscriptionEnded(subscription: Stripe.Subscription, at: number): void {
    const id = idOf(subscription.schedule);
    if (!id) return;
    const schedule = this.store.find<Stripe.SubscriptionSchedule>(id, 'subscription_schedule');
    if (schedule && (schedule.status === 'active' || schedule.status === 'not_started')) {
      const canceled = this.store.put({ ...schedule, status: 'canceled' as const, canceled_at: at, current_phase: null });
      this.engine.emit('subscription_schedule.canceled', canceled, { created: at });
    }
  }

  private end(schedule: Stripe.SubscriptionSchedule, status: 'released' | 'completed', at: number): Stripe.SubscriptionSchedule {
    const subscriptionId = idOf(schedule.subscription);
    const ended = this.store.put({
      ...schedule,
      status,
      current_phase: null,
      subscription: null,
      released_subscription: subscriptionId,
      released_at: at,
      ...(status === 'completed' ? { completed_at: at } : {}),
    });
    if (subscriptionId) this.store.put({ ...this.store.get<Stripe.Subscription>(subscriptionId, 'subscription'), schedule: null });
    this.engine.emit(`subscription_schedule.${status}`, ended, { created: at });
    return ended;
  }

  /**
   * A renewal at `at` of a subscription on a schedule: the phase in effect from `at` sets the
   * price the new period is billed at. Past the last phase the schedule ends by its end_behavior
   * (`release`: the subscription carries on at the last price; `cancel`: it ends). Returns the
   * subscription as it renews, or null when it ended.
   */
  atRenewal(subscription: Stripe.Subscription, at: number): Stripe.Subscription | null {
    const id = idOf(subscription.schedule);
    if (!id) return subscription;
    const schedule = this.store.get<Stripe.SubscriptionSchedule>(id, 'subscription_schedule');
    if (schedule.status !== 'active') return subscription;
    const phase = schedule.phases.find((p) => p.start_date <= at && at < p.end_date);
    if (!phase) {
      if (schedule.end_behavior === 'cancel') {
        this.billing.cancelNow(subscription, 'cancellation_requested');
        return null;
      }
      this.end(schedule, 'released', at);
      return this.store.get<Stripe.Subscription>(subscription.id, 'subscription');
    }
    this.store.put({ ...schedule, current_phase: { start_date: phase.start_date, end_date: phase.end_date } });
    const price = this.store.get<Stripe.Price>(idOf(phase.items[0].price as string)!, 'price');
    const item = subscription.items.data[0];
    if (item.price.id === price.id) return subscription;
    const updated = { ...item, price, quantity: phase.items[0].quantity ?? 1, plan: { ...item.plan, id: price.id, amount: price.unit_amount, amount_decimal: price.unit_amount_decimal, interval: price.recurring!.interval, interval_count: price.recurring!.interval_count } };
    return this.store.put({ ...subscription, items: { ...subscription.items, data: [updated, ...subscription.items.data.slice(1)] } });
  }
}
