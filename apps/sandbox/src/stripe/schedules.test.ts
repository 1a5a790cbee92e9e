import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StripeHarness } from './testing/harness.js';
import { stripeHarnessPerFile } from './testing/per-file.js';

const harness = stripeHarnessPerFile();
let h: StripeHarness;
beforeEach(() => {
  h = harness();
});

const DAY = 86_400;

/** A paid pie subscription on a test clock (so renewals happen exactly when the test says). */
async function pieSubscription(options: { amount?: number; pieDays?: number } = {}) {
  const start = Math.floor(Date.now() / 1000);
  const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: start });
  const customer = await h.stripe.customers.create({ email: 'fan@pie.local', test_clock: clock.id });
  const session = await h.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: options.amount ?? 1000, recurring: { interval: 'day', interval_count: options.pieDays ?? 30 }, product_data: { name: 'Pie' } } }],
    success_url: 'http://localhost:3000/pie/successCheckout',
  });
  const done = await h.control.payCheckoutSession(session.id);
  const subscription = await h.stripe.subscriptions.retrieve(done.subscription as string);
  return { start, clock, customer, subscription };
}

const invoicesOf = async (subscription: string) => (await h.stripe.invoices.list({ subscription, limit: 100 })).data.reverse();

describe('changing the period length of a running subscription', () => {
  it('a plain price change to another interval restarts the billing cycle now and charges at once (as Stripe does)', async () => {
    const { start, clock, subscription } = await pieSubscription({ amount: 1000, pieDays: 30 });
    await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 10 * DAY });
    const item = subscription.items.data[0];
    const updated = await h.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price_data: { currency: 'usd', unit_amount: 1500, recurring: { interval: 'day', interval_count: 14 }, product: item.price.product as string } }],
      proration_behavior: 'none',
    });
    expect(updated.billing_cycle_anchor).toBe(start + 10 * DAY);
    expect([updated.items.data[0].current_period_start, updated.items.data[0].current_period_end]).toEqual([start + 10 * DAY, start + 24 * DAY]);
    const invoices = await invoicesOf(subscription.id);
    expect(invoices.map((i) => [i.billing_reason, i.status, i.amount_paid])).toEqual([
      ['subscription_create', 'paid', 1000],
      ['subscription_update', 'paid', 1500],
    ]);
    // Stripe would also credit the unused 20 days unless told not to prorate; the sandbox does not pretend.
    await expect(
      h.stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price_data: { currency: 'usd', unit_amount: 1500, recurring: { interval: 'day', interval_count: 7 }, product: item.price.product as string } }] }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'proration_behavior' });
  });

  it('a schedule made from the subscription bills the new price and interval from the end of the current period, once', async () => {
    const { start, clock, subscription } = await pieSubscription({ amount: 1000, pieDays: 30 });
    const item = subscription.items.data[0];
    const schedule = await h.stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    expect(schedule).toMatchObject({ status: 'active', subscription: subscription.id, end_behavior: 'release', current_phase: { start_date: start, end_date: start + 30 * DAY } });
    expect(schedule.phases.map((p) => [p.start_date, p.end_date, p.items[0].price])).toEqual([[start, start + 30 * DAY, item.price.id]]);
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).schedule).toBe(schedule.id);

    const updated = await h.stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        { items: [{ price: item.price.id, quantity: 1 }], start_date: start, end_date: start + 30 * DAY },
        { items: [{ price_data: { currency: 'usd', unit_amount: 2500, recurring: { interval: 'day', interval_count: 14 }, product: item.price.product as string }, quantity: 1 }], duration: { interval: 'day', interval_count: 14 } },
      ],
    });
    expect(updated.phases.map((p) => [p.start_date, p.end_date])).toEqual([[start, start + 30 * DAY], [start + 30 * DAY, start + 44 * DAY]]);
    // Nothing is charged and the running period stays as it is.
    expect((await invoicesOf(subscription.id)).length).toBe(1);
    const unchanged = await h.stripe.subscriptions.retrieve(subscription.id);
    expect([unchanged.items.data[0].current_period_end, unchanged.items.data[0].price.unit_amount]).toEqual([start + 30 * DAY, 1000]);

    await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 30 * DAY + 60 });
    const renewed = await h.stripe.subscriptions.retrieve(subscription.id);
    expect([renewed.items.data[0].current_period_start, renewed.items.data[0].current_period_end]).toEqual([start + 30 * DAY, start + 44 * DAY]);
    expect(renewed.items.data[0].price.recurring).toMatchObject({ interval: 'day', interval_count: 14 });
    let invoices = await invoicesOf(subscription.id);
    expect(invoices.map((i) => [i.billing_reason, i.amount_paid, i.lines.data[0].period.start, i.lines.data[0].period.end])).toEqual([
      ['subscription_create', 1000, start, start + 30 * DAY],
      ['subscription_cycle', 2500, start + 30 * DAY, start + 44 * DAY],
    ]);

    // After its last phase the schedule lets go; the subscription carries on at the new price and length.
    await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 44 * DAY + 60 });
    const released = await h.stripe.subscriptionSchedules.retrieve(schedule.id);
    expect(released).toMatchObject({ status: 'released', subscription: null, released_subscription: subscription.id });
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).schedule).toBeNull();
    invoices = await invoicesOf(subscription.id);
    expect(invoices.slice(2).map((i) => [i.amount_paid, i.lines.data[0].period.start, i.lines.data[0].period.end])).toEqual([[2500, start + 44 * DAY, start + 58 * DAY]]);
    await h.control.flushWebhooks();
    expect(h.receiver.events('subscription_schedule.released')).toHaveLength(1);
  });

  it("refuses what it does not model: another schedule on the subscription, and changing the current phase's price or end", async () => {
    const { start, subscription } = await pieSubscription();
    const item = subscription.items.data[0];
    const schedule = await h.stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    await expect(h.stripe.subscriptionSchedules.create({ from_subscription: subscription.id })).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const otherPrice = { currency: 'usd', unit_amount: 9900, recurring: { interval: 'day' as const, interval_count: 30 }, product: item.price.product as string };
    await expect(h.stripe.subscriptionSchedules.update(schedule.id, { phases: [{ items: [{ price_data: otherPrice }], start_date: start, end_date: start + 30 * DAY }] })).rejects.toMatchObject({ param: 'phases[0][items][0]' });
    await expect(h.stripe.subscriptionSchedules.update(schedule.id, { phases: [{ items: [{ price: item.price.id }], start_date: start, end_date: start + 10 * DAY }] })).rejects.toMatchObject({ param: 'phases[0][end_date]' });
    await expect(h.stripe.subscriptionSchedules.update(schedule.id, { phases: [{ items: [{ price: item.price.id }], start_date: start + DAY, end_date: start + 30 * DAY }] })).rejects.toMatchObject({ param: 'phases[0][start_date]' });
  });

  it('canceling the subscription now ends its schedule, with no further invoice; invoice_now and prorate are refused', async () => {
    const { start, clock, subscription } = await pieSubscription();
    const schedule = await h.stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    await expect(h.stripe.subscriptions.cancel(subscription.id, { prorate: true })).rejects.toMatchObject({ param: 'prorate' });
    await expect(h.stripe.subscriptions.cancel(subscription.id, { invoice_now: true })).rejects.toMatchObject({ param: 'invoice_now' });
    const canceled = await h.stripe.subscriptions.cancel(subscription.id, { invoice_now: false, prorate: false });
    expect(canceled.status).toBe('canceled');
    expect((await h.stripe.subscriptionSchedules.retrieve(schedule.id)).status).toBe('canceled');
    await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 95 * DAY });
    expect((await invoicesOf(subscription.id)).length).toBe(1);
  });
});
