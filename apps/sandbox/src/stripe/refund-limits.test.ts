import type Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StripeHarness } from './testing/harness.js';
import { stripeHarnessPerFile } from './testing/per-file.js';

const harness = stripeHarnessPerFile();
let h: StripeHarness;
beforeEach(() => {
  h = harness();
});

async function paidCharge(amount: number): Promise<Stripe.Charge> {
  const customer = await h.stripe.customers.create({ email: 'fan@pie.local' });
  const session = await h.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: amount, recurring: { interval: 'day', interval_count: 30 }, product_data: { name: 'Pie' } } }],
    success_url: 'http://localhost:3000/pie/successCheckout',
  });
  const done = await h.control.payCheckoutSession(session.id);
  const invoice = await h.stripe.invoices.retrieve(done.invoice as string, { expand: ['payments.data.payment.payment_intent.latest_charge'] });
  return (invoice.payments!.data[0].payment.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge;
}

/** The refund rules a deleted fan's settlement relies on (Stripe's "Refund and cancel payments"). */
describe('refunds', () => {
  it('never exceed what is left of the charge, keep their metadata, and do not give back the card fee', async () => {
    const charge = await paidCharge(1000);
    const first = await h.stripe.refunds.create({ charge: charge.id, amount: 700, reason: 'requested_by_customer', metadata: { pie_reason: 'account_deleted' } });
    expect(first).toMatchObject({ amount: 700, status: 'succeeded', metadata: { pie_reason: 'account_deleted' } });
    // The charge's 59¢ fee stays with Stripe: the refund takes exactly its amount from the balance.
    expect(await h.stripe.balanceTransactions.retrieve(first.balance_transaction as string)).toMatchObject({ amount: -700, fee: 0 });
    await expect(h.stripe.refunds.create({ charge: charge.id, amount: 301 })).rejects.toMatchObject({ code: 'amount_too_large', param: 'amount' });
    await h.stripe.refunds.create({ charge: charge.id, amount: 300 });
    await expect(h.stripe.refunds.create({ charge: charge.id, amount: 1 })).rejects.toMatchObject({ code: 'charge_already_refunded' });
    expect((await h.stripe.refunds.list({ charge: charge.id })).data.map((r) => r.amount)).toEqual([300, 700]);
  });

  it('are refused while a chargeback holds the charge, and after it is lost (the cardholder has the money back)', async () => {
    const charge = await paidCharge(1000);
    const chargeback = await h.control.disputeCharge(charge.id);
    await expect(h.stripe.refunds.create({ charge: charge.id, amount: 100 })).rejects.toMatchObject({ code: 'charge_disputed' });
    await h.control.closeDispute(chargeback.id, 'lost');
    await expect(h.stripe.refunds.create({ charge: charge.id, amount: 100 })).rejects.toMatchObject({ code: 'charge_disputed' });
  });

  it('are made during an inquiry (the payment can still be refunded) and after an inquiry closed', async () => {
    const charge = await paidCharge(1000);
    const inquiry = await h.control.disputeCharge(charge.id, { inquiry: true });
    expect(await h.stripe.refunds.create({ charge: charge.id, amount: 400 })).toMatchObject({ amount: 400, status: 'succeeded' });
    // A part refunded leaves the inquiry open; closed, what is left can still be refunded.
    expect((await h.stripe.disputes.retrieve(inquiry.id)).status).toBe('warning_needs_response');
    await h.control.closeDispute(inquiry.id, 'won');
    expect(await h.stripe.refunds.create({ charge: charge.id, amount: 600 })).toMatchObject({ amount: 600, status: 'succeeded' });
  });

  it('are made again once a chargeback is won: the funds are back with the platform', async () => {
    const charge = await paidCharge(1000);
    const chargeback = await h.control.disputeCharge(charge.id);
    await h.control.closeDispute(chargeback.id, 'won');
    const refund = await h.stripe.refunds.create({ charge: charge.id, amount: 841, metadata: { pie_reason: 'account_deleted' } });
    expect(refund).toMatchObject({ amount: 841, status: 'succeeded' });
    expect(await h.stripe.charges.retrieve(charge.id)).toMatchObject({ disputed: true, amount_refunded: 841 });
  });
});

describe('disputes', () => {
  it('are listed by charge and by PaymentIntent, as Stripe filters them', async () => {
    const [first, second] = [await paidCharge(1000), await paidCharge(500)];
    const dispute = await h.control.disputeCharge(first.id, { inquiry: true });
    await h.control.disputeCharge(second.id);
    expect((await h.stripe.disputes.list({ charge: first.id })).data.map((d) => d.id)).toEqual([dispute.id]);
    expect((await h.stripe.disputes.list({ payment_intent: first.payment_intent as string })).data.map((d) => d.id)).toEqual([dispute.id]);
    expect((await h.stripe.disputes.list()).data).toHaveLength(2);
  });
});
