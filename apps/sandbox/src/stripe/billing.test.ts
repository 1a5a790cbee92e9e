import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { StripeSandboxControlError } from './control-client.js';
import { sdkFor, type StripeHarness } from './testing/harness.js';
import { stripeHarnessPerFile } from './testing/per-file.js';

const harness = stripeHarnessPerFile();
let h: StripeHarness;
beforeEach(() => {
  h = harness();
});

const DAY = 86_400;

async function pieCheckout(options: { amount?: number; pieDays?: number; email?: string } = {}) {
  const customer = await h.stripe.customers.create({ email: options.email ?? 'fan@pie.local', metadata: { fanId: 'fan-1' } });
  const session = await h.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: options.amount ?? 1000, recurring: { interval: 'day', interval_count: options.pieDays ?? 30 }, product_data: { name: 'Pie' } } }],
    success_url: 'http://localhost:3000/pie/successCheckout?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/pie',
    metadata: { pieDays: String(options.pieDays ?? 30), artistLimit: '20' },
    subscription_data: { metadata: { fanId: 'fan-1' } },
  });
  return { customer, session };
}

/** Submits the hosted checkout page's form as a browser would. */
async function submitCheckoutPage(url: string, card: string, extra: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: card, card_expiry: '12 / 40', card_cvc: '123', cardholder_name: 'Fan One', ...extra }).toString(),
  });
}

async function chargeOf(invoiceId: string): Promise<Stripe.Charge> {
  const invoice = await h.stripe.invoices.retrieve(invoiceId, { expand: ['payments.data.payment.payment_intent.latest_charge.balance_transaction'] });
  const intent = invoice.payments!.data.find((p) => p.status === 'paid')!.payment.payment_intent as Stripe.PaymentIntent;
  return intent.latest_charge as Stripe.Charge;
}

describe('Checkout in subscription mode', () => {
  it('pays on the hosted page with 4242…, returns to success_url and records invoice, charge and Stripe fee', async () => {
    const { customer, session } = await pieCheckout({ amount: 1000 });
    expect(session.url).toBe(`${h.sandbox.url}/checkout/${session.id}`);
    expect(session.status).toBe('open');

    const page = await fetch(session.url!);
    const text = await page.text();
    expect(page.status).toBe(200);
    expect(text).toContain('$10.00');
    expect(text).toContain('every 30 days');
    expect(text).toMatch(/<label for="card-number">Card number<\/label>/);

    const paid = await submitCheckoutPage(session.url!, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/pie/successCheckout?session_id=${session.id}`);

    const done = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'line_items'] });
    expect(done.line_items?.data.map((item) => [item.amount_total, item.description, item.quantity])).toEqual([[1000, 'Pie', 1]]);
    expect(done.status).toBe('complete');
    expect(done.payment_status).toBe('paid');
    expect(done.metadata).toEqual({ pieDays: '30', artistLimit: '20' });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription.status).toBe('active');
    expect(subscription.customer).toBe(customer.id);
    expect(subscription.metadata).toEqual({ fanId: 'fan-1' });
    const item = subscription.items.data[0];
    expect(item.price.recurring).toMatchObject({ interval: 'day', interval_count: 30 });
    expect(item.current_period_end - item.current_period_start).toBe(30 * DAY);

    const invoice = await h.stripe.invoices.retrieve(done.invoice as string);
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 1000, billing_reason: 'subscription_create' });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    const charge = await chargeOf(invoice.id);
    const txn = charge.balance_transaction as Stripe.BalanceTransaction;
    expect(charge).toMatchObject({ amount: 1000, status: 'succeeded', paid: true });
    expect(txn).toMatchObject({ amount: 1000, fee: 59, net: 941, type: 'charge', status: 'pending' });
    expect(txn.fee_details).toEqual([{ amount: 59, application: null, currency: 'usd', description: 'Stripe processing fees', type: 'stripe_fee' }]);

    await h.control.flushWebhooks();
    const completed = h.receiver.events('checkout.session.completed');
    expect(completed).toHaveLength(1);
    expect((completed[0].data.object as Stripe.Checkout.Session).metadata).toEqual({ pieDays: '30', artistLimit: '20' });
    const types = h.receiver.events().map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['customer.subscription.created', 'invoice.paid', 'charge.succeeded', 'checkout.session.completed']));
  });

  it('shows a declined card on the page and creates nothing', async () => {
    const { customer, session } = await pieCheckout();
    const declined = await submitCheckoutPage(session.url!, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toMatch(/<p role="alert" class="error"[^>]*>Your card was declined\.<\/p>/);
    const poor = await submitCheckoutPage(session.url!, '4000000000009995');
    expect(await poor.text()).toContain('Your card has insufficient funds.');

    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await h.stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(0);
    expect((await h.stripe.invoices.list({ customer: customer.id })).data).toHaveLength(0);
    expect((await h.stripe.charges.list({ customer: customer.id })).data).toHaveLength(0);
    await h.control.flushWebhooks();
    expect(h.receiver.events('invoice.paid')).toHaveLength(0);

    // The same session can still be paid with a good card afterwards.
    await expect(h.control.payCheckoutSession(session.id, '4242424242424242')).resolves.toMatchObject({ status: 'complete' });
  });

  it('rejects a bad expiry on the page and pays without a browser through the control, 402 when declined', async () => {
    const { session } = await pieCheckout();
    const expired = await submitCheckoutPage(session.url!, '4242424242424242', { card_expiry: '01 / 20' });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('expiration date is in the past');
    const error = await h.control.payCheckoutSession(session.id, '4000000000000002').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StripeSandboxControlError);
    expect((error as StripeSandboxControlError).status).toBe(402);
    expect((error as StripeSandboxControlError).body).toMatchObject({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' } });
  });

  it('makes the customer from customer_email when none is given', async () => {
    const session = await h.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'new@pie.local',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 500, recurring: { interval: 'day', interval_count: 7 }, product_data: { name: 'Pie' } } }],
      success_url: 'http://localhost:3000/ok',
    });
    const done = await h.control.payCheckoutSession(session.id);
    const customer = (await h.stripe.customers.retrieve(done.customer as string)) as Stripe.Customer;
    expect(customer.email).toBe('new@pie.local');
    expect(customer.invoice_settings.default_payment_method).toMatch(/^pm_/);
  });
});

describe('renewals on the clock', () => {
  it('renews when global time passes the period end and charges the next period', async () => {
    const { session } = await pieCheckout({ amount: 2500, pieDays: 7 });
    const done = await h.control.payCheckoutSession(session.id);
    const before = await h.stripe.subscriptions.retrieve(done.subscription as string);
    await h.control.advanceClock({ days: 7, seconds: 60 });
    const after = await h.stripe.subscriptions.retrieve(before.id);
    expect(after.status).toBe('active');
    expect(after.items.data[0].current_period_start).toBe(before.items.data[0].current_period_end);
    expect(after.latest_invoice).not.toBe(before.latest_invoice);
    const renewal = await h.stripe.invoices.retrieve(after.latest_invoice as string);
    expect(renewal).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle', amount_paid: 2500 });
    expect((await chargeOf(renewal.id)).balance_transaction).toMatchObject({ fee: 103, net: 2397 }); // 72.5 → 73, + 30
    await h.control.flushWebhooks();
    const paidEvents = h.receiver.events('invoice.paid').map((e) => (e.data.object as Stripe.Invoice).billing_reason);
    expect(paidEvents).toEqual(['subscription_create', 'subscription_cycle']);
  });

  it('a failing renewal card makes the subscription past_due with invoice.payment_failed; a new card in the portal pays it', async () => {
    const { customer, session } = await pieCheckout({ pieDays: 30 });
    const done = await h.control.payCheckoutSession(session.id);
    await h.control.setRenewalCard(customer.id, '4000000000000341');
    await h.control.advanceClock({ days: 30, seconds: 1 });
    const pastDue = await h.stripe.subscriptions.retrieve(done.subscription as string);
    expect(pastDue.status).toBe('past_due');
    const open = await h.stripe.invoices.retrieve(pastDue.latest_invoice as string);
    expect(open).toMatchObject({ status: 'open', attempt_count: 1, amount_paid: 0 });
    expect(open.next_payment_attempt).toBe(open.status_transitions.finalized_at! + 3 * DAY);
    await h.control.flushWebhooks();
    const failed = h.receiver.events('invoice.payment_failed');
    expect(failed).toHaveLength(1);
    expect((failed[0].data.object as Stripe.Invoice).id).toBe(open.id);
    expect(h.receiver.events('customer.subscription.updated').some((e) => (e.data.object as Stripe.Subscription).status === 'past_due')).toBe(true);

    const portal = await h.stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://localhost:3000/settings' });
    expect(portal.url).toBe(`${h.sandbox.url}/billing/${portal.id}`);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('past due');
    const declined = await fetch(`${portal.url}/card`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'card_number=4000000000000002&card_expiry=12%2F40&card_cvc=123' });
    expect(await declined.text()).toMatch(/role="alert"[^>]*>Your card was declined/);
    const saved = await fetch(`${portal.url}/card`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'card_number=4242424242424242&card_expiry=12%2F40&card_cvc=123' });
    expect(await saved.text()).toContain('Card ending in 4242 saved.');
    expect((await h.stripe.invoices.retrieve(open.id)).status).toBe('paid');
    expect((await h.stripe.subscriptions.retrieve(pastDue.id)).status).toBe('active');
  });

  it('gives up after the retries: the invoice is uncollectible and the subscription canceled', async () => {
    const { customer, session } = await pieCheckout({ pieDays: 30 });
    const done = await h.control.payCheckoutSession(session.id);
    await h.control.setRenewalCard(customer.id, '4000000000000002');
    await h.control.advanceClock({ days: 30, seconds: 1 });
    await h.control.advanceClock({ days: 8 });
    const subscription = await h.stripe.subscriptions.retrieve(done.subscription as string);
    expect(subscription.status).toBe('canceled');
    const invoice = await h.stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'uncollectible', attempt_count: 4 });
    await h.control.flushWebhooks();
    expect(h.receiver.events('invoice.payment_failed')).toHaveLength(4);
    expect(h.receiver.events('customer.subscription.deleted')).toHaveLength(1);
  });

  it('runs a customer on a test clock: advance renews, cancel at period end ends it', async () => {
    const start = Math.floor(Date.UTC(2030, 0, 1) / 1000);
    const clock = await h.stripe.testHelpers.testClocks.create({ frozen_time: start, name: 'pie' });
    const customer = await h.stripe.customers.create({ email: 'clock@pie.local', test_clock: clock.id });
    const session = await h.stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 1000, recurring: { interval: 'day', interval_count: 10 }, product_data: { name: 'Pie' } } }], success_url: 'http://localhost:3000/ok' });
    const done = await h.control.payCheckoutSession(session.id);
    const subscription = await h.stripe.subscriptions.retrieve(done.subscription as string);
    expect(subscription.items.data[0].current_period_start).toBe(start);
    expect(subscription.test_clock).toBe(clock.id);

    const advanced = await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 25 * DAY });
    expect(advanced.status).toBe('ready');
    const invoices = await h.stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data.map((i) => [i.billing_reason, i.period_start - start])).toEqual([
      ['subscription_cycle', 20 * DAY],
      ['subscription_cycle', 10 * DAY],
      ['subscription_create', 0],
    ]);
    const updated = await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(updated).toMatchObject({ cancel_at_period_end: true, cancel_at: start + 30 * DAY, status: 'active' });
    await h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 31 * DAY });
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    await expect(h.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start })).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('cancels now, and a new price applies from the next renewal', async () => {
    const { session } = await pieCheckout({ amount: 1000, pieDays: 30 });
    const done = await h.control.payCheckoutSession(session.id);
    const subscription = await h.stripe.subscriptions.retrieve(done.subscription as string);
    const updated = await h.stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0].id, price_data: { currency: 'usd', unit_amount: 2000, recurring: { interval: 'day', interval_count: 30 }, product: subscription.items.data[0].price.product as string } }],
      proration_behavior: 'none',
    });
    expect(updated.items.data[0].price.unit_amount).toBe(2000);
    await h.control.advanceClock({ days: 30, seconds: 1 });
    const renewed = await h.stripe.subscriptions.retrieve(subscription.id);
    expect((await h.stripe.invoices.retrieve(renewed.latest_invoice as string)).amount_paid).toBe(2000);
    const canceled = await h.stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe('canceled');
    await h.control.flushWebhooks();
    expect(h.receiver.events('customer.subscription.deleted')).toHaveLength(1);
  });
});

describe('refunds and disputes', () => {
  it('refunds part of a charge (charge.refunded) and takes a disputed amount plus the $15 fee (charge.dispute.created)', async () => {
    const { session } = await pieCheckout({ amount: 1000 });
    const done = await h.control.payCheckoutSession(session.id);
    const charge = await chargeOf(done.invoice as string);
    const refund = await h.stripe.refunds.create({ charge: charge.id, amount: 400, reason: 'requested_by_customer' });
    expect(refund).toMatchObject({ amount: 400, status: 'succeeded', charge: charge.id });
    const refundTxn = await h.stripe.balanceTransactions.retrieve(refund.balance_transaction as string);
    expect(refundTxn).toMatchObject({ amount: -400, fee: 0, net: -400, type: 'refund' });
    await expect(h.stripe.refunds.create({ charge: charge.id, amount: 700 })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'amount_too_large', param: 'amount' });

    const dispute = await h.control.disputeCharge(charge.id);
    expect(dispute).toMatchObject({ amount: 600, status: 'needs_response', charge: charge.id });
    expect(dispute.balance_transactions[0]).toMatchObject({ amount: -600, fee: 1500, net: -2100 });
    expect((await h.stripe.charges.retrieve(charge.id)).disputed).toBe(true);
    const won = await h.control.closeDispute(dispute.id, 'won');
    expect(won.status).toBe('won');
    expect(won.balance_transactions[1]).toMatchObject({ amount: 600, fee: 0 });

    await h.control.flushWebhooks();
    const refunded = h.receiver.events('charge.refunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0].data.object).toMatchObject({ id: charge.id, amount_refunded: 400, refunded: false });
    expect(h.receiver.events('charge.dispute.created')[0].data.object).toMatchObject({ id: dispute.id, amount: 600 });
  });
});

describe('disputes as Stripe runs them: inquiries, chargebacks, won, lost (docs.stripe.com/disputes/how-disputes-work)', () => {
  async function paidCharge(amount = 1000) {
    const { customer, session } = await pieCheckout({ amount });
    const done = await h.control.payCheckoutSession(session.id);
    return { customer, charge: await chargeOf(done.invoice as string) };
  }

  it('an inquiry (warning_needs_response) withdraws nothing, can be refunded, and a full refund closes it (warning_closed)', async () => {
    const { charge } = await paidCharge();
    const before = await h.stripe.balance.retrieve();
    const inquiry = await h.control.disputeCharge(charge.id, { inquiry: true });
    expect(inquiry).toMatchObject({ status: 'warning_needs_response', is_charge_refundable: true, balance_transactions: [] });
    expect(await h.stripe.balance.retrieve()).toMatchObject({ available: before.available, pending: before.pending });
    await h.stripe.refunds.create({ charge: charge.id });
    expect(await h.stripe.disputes.retrieve(inquiry.id)).toMatchObject({ status: 'warning_closed', balance_transactions: [] });
    await h.control.flushWebhooks();
    expect(h.receiver.events('charge.dispute.funds_withdrawn')).toHaveLength(0);
    expect(h.receiver.events('charge.dispute.closed')[0].data.object).toMatchObject({ id: inquiry.id, status: 'warning_closed' });
  });

  it('an inquiry that becomes a chargeback withdraws the amount and the $15 fee then (charge.dispute.funds_withdrawn); it cannot be refunded', async () => {
    const { charge } = await paidCharge();
    const inquiry = await h.control.disputeCharge(charge.id, { inquiry: true });
    const chargeback = await h.control.escalateDispute(inquiry.id);
    expect(chargeback).toMatchObject({ status: 'needs_response', is_charge_refundable: false });
    expect(chargeback.balance_transactions).toHaveLength(1);
    expect(chargeback.balance_transactions[0]).toMatchObject({ amount: -1000, fee: 1500, net: -2500, type: 'adjustment', source: inquiry.id });
    await expect(h.stripe.refunds.create({ charge: charge.id })).rejects.toMatchObject({ code: 'charge_disputed' });
    const lost = await h.control.closeDispute(inquiry.id, 'lost');
    expect(lost.status).toBe('lost');
    expect(lost.balance_transactions).toHaveLength(1);
    await h.control.flushWebhooks();
    expect(h.receiver.events('charge.dispute.funds_withdrawn').map((e) => (e.data.object as Stripe.Dispute).id)).toEqual([inquiry.id]);
    expect(h.receiver.events('charge.dispute.funds_reinstated')).toHaveLength(0);
  });

  it('a chargeback won reinstates the amount, not the fee (charge.dispute.funds_reinstated); an inquiry closes as warning_closed whatever the outcome', async () => {
    const { charge } = await paidCharge();
    const chargeback = await h.control.disputeCharge(charge.id);
    const won = await h.control.closeDispute(chargeback.id, 'won');
    expect(won.balance_transactions.map((t) => [t.amount, t.fee])).toEqual([[-1000, 1500], [1000, 0]]);
    const other = await paidCharge(500);
    const inquiry = await h.control.disputeCharge(other.charge.id, { inquiry: true });
    expect((await h.control.closeDispute(inquiry.id, 'won')).status).toBe('warning_closed');
    await h.control.flushWebhooks();
    expect(h.receiver.events('charge.dispute.funds_reinstated').map((e) => (e.data.object as Stripe.Dispute).id)).toEqual([chargeback.id]);
  });
});

describe('refunds that fail after succeeding', () => {
  it('puts the money back in the platform balance (refund_failure) and sends refund.failed and charge.refund.updated', async () => {
    const { session } = await pieCheckout({ amount: 1000 });
    const done = await h.control.payCheckoutSession(session.id);
    const charge = await chargeOf(done.invoice as string);
    const refund = await h.stripe.refunds.create({ charge: charge.id, amount: 300 });
    const failed = await h.control.failRefund(refund.id);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
    const back = await h.stripe.balanceTransactions.retrieve(failed.failure_balance_transaction as string);
    expect(back).toMatchObject({ amount: 300, type: 'refund_failure', source: refund.id });
    expect(await h.stripe.charges.retrieve(charge.id)).toMatchObject({ amount_refunded: 0, refunded: false });
    expect((await h.stripe.refunds.retrieve(refund.id)).status).toBe('failed');
    await expect(h.control.failRefund(refund.id)).rejects.toBeInstanceOf(StripeSandboxControlError);
    await h.control.flushWebhooks();
    expect(h.receiver.events('refund.failed')[0].data.object).toMatchObject({ id: refund.id, status: 'failed' });
    expect(h.receiver.events('charge.refund.updated')[0].data.object).toMatchObject({ id: refund.id, charge: charge.id });
  });
});

describe('invoices paid without a charge', () => {
  it('an invoice the customer credit balance covers is paid at once with no charge ($0 due), and the credit is used up', async () => {
    const { customer, session } = await pieCheckout({ amount: 1000, pieDays: 7 });
    const done = await h.control.payCheckoutSession(session.id);
    await h.stripe.customers.update(customer.id, { balance: -1500 });
    await h.control.advanceClock({ days: 7 });
    const invoices = await h.stripe.invoices.list({ subscription: done.subscription as string });
    const renewal = invoices.data[0];
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', amount_due: 0, amount_paid: 0, starting_balance: -1500, ending_balance: -500 });
    expect((await h.stripe.invoicePayments.list({ invoice: renewal.id })).data).toHaveLength(0);
    expect((await h.stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ balance: -500 });
    expect((await h.stripe.subscriptions.retrieve(done.subscription as string)).status).toBe('active');
  });

  it('an invoice marked paid out of band is paid with no charge and says so (amount_paid_off_stripe)', async () => {
    const { customer, session } = await pieCheckout({ amount: 1000, pieDays: 7 });
    const done = await h.control.payCheckoutSession(session.id);
    await h.control.setRenewalCard(customer.id, '4000000000000341');
    await h.control.advanceClock({ days: 7 });
    const open = (await h.stripe.invoices.list({ subscription: done.subscription as string, status: 'open' })).data[0];
    const paid = await h.stripe.invoices.pay(open.id, { paid_out_of_band: true });
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 1000, amount_paid_off_stripe: 1000 });
    expect((await h.stripe.invoicePayments.list({ invoice: open.id })).data.every((payment) => payment.status !== 'paid')).toBe(true);
    expect((await h.stripe.subscriptions.retrieve(done.subscription as string)).status).toBe('active');
  });
});

describe('the API as the SDK sees it', () => {
  it('raises the typed errors: unknown ids, bad keys, bad parameters', async () => {
    await expect(h.stripe.customers.retrieve('cus_nope')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing', message: "No such customer: 'cus_nope'" });
    await expect(sdkFor(h.sandbox.url, 'not_a_key').customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(
      h.stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'one-off' } } }], success_url: 'http://x.test/' }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
    await expect(h.stripe.customers.create({ email: 'not an email' })).rejects.toMatchObject({ param: 'email' });
    await expect(h.stripe.subscriptions.create({ customer: 'cus_missing', items: [{ price: 'price_missing' }] })).rejects.toMatchObject({ code: 'resource_missing', param: 'customer' });
  });

  it('pages lists newest first with has_more and starting_after', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await h.stripe.customers.create({ email: `page${i}@pie.local` })).id);
    const first = await h.stripe.customers.list({ limit: 2 });
    expect(first.data.map((c) => c.id)).toEqual([made[4], made[3]]);
    expect(first.has_more).toBe(true);
    const second = await h.stripe.customers.list({ limit: 2, starting_after: first.data[1].id });
    expect(second.data.map((c) => c.id)).toEqual([made[2], made[1]]);
    const all: string[] = [];
    for await (const customer of h.stripe.customers.list({ limit: 2 })) all.push(customer.id);
    expect(all).toEqual([...made].reverse());
    await expect(h.stripe.customers.list({ limit: 101 })).rejects.toMatchObject({ param: 'limit' });
  });

  it('honours Idempotency-Key: the same key returns the same object, other parameters are refused', async () => {
    const first = await h.stripe.customers.create({ email: 'same@pie.local' }, { idempotencyKey: 'customer-1' });
    const again = await h.stripe.customers.create({ email: 'same@pie.local' }, { idempotencyKey: 'customer-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await h.stripe.customers.list({ email: 'same@pie.local' })).data).toHaveLength(1);
    await expect(h.stripe.customers.create({ email: 'other@pie.local' }, { idempotencyKey: 'customer-1' })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('lists events with GET /v1/events and filters them by type', async () => {
    const { session } = await pieCheckout();
    await h.control.payCheckoutSession(session.id);
    const events = await h.stripe.events.list({ type: 'checkout.session.completed' });
    expect(events.data).toHaveLength(1);
    expect(events.data[0].data.object).toMatchObject({ id: session.id });
    const one = await h.stripe.events.retrieve(events.data[0].id);
    expect(one.type).toBe('checkout.session.completed');
    expect((await h.stripe.events.list({ created: { gt: one.created } })).data).toHaveLength(0);
    expect((await h.stripe.events.list({ created: { gte: one.created }, types: ['checkout.session.completed', 'invoice.paid'] })).data.map((e) => e.type).sort()).toEqual(['checkout.session.completed', 'invoice.paid']);
  });
});
