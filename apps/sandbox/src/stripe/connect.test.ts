import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { type StripeHarness } from './testing/harness.js';
import { stripeHarnessPerFile } from './testing/per-file.js';

const harness = stripeHarnessPerFile();
let h: StripeHarness;
beforeEach(() => {
  h = harness();
});

const DAY = 86_400;

/** An onboarded account on a manual payout schedule (as Pie makes them), or on Stripe's default with `schedule: 'default'`. */
async function onboardedAccount(options: { accountNumber?: string; schedule?: 'manual' | 'default' } = {}): Promise<Stripe.Account> {
  const settings = options.schedule === 'default' ? {} : { settings: { payouts: { schedule: { interval: 'manual' as const } } } };
  const account = await h.stripe.accounts.create({ type: 'express', country: 'US', email: 'office@pie.local', capabilities: { transfers: { requested: true } }, metadata: { officeId: 'office-1' }, ...settings });
  return h.control.onboardAccount(account.id, { accountNumber: options.accountNumber });
}

async function balanceOf(account?: string): Promise<{ available: number; pending: number }> {
  const balance = await h.stripe.balance.retrieve({}, account ? { stripeAccount: account } : {});
  return { available: balance.available[0].amount, pending: balance.pending[0].amount };
}

describe('Express onboarding', () => {
  it('onboards through the hosted page: account.updated with charges and payouts enabled, back to return_url', async () => {
    const account = await h.stripe.accounts.create({ type: 'express', country: 'US', email: 'office@pie.local' });
    expect(account).toMatchObject({ type: 'express', charges_enabled: false, payouts_enabled: false, details_submitted: false });
    expect(account.requirements?.currently_due).toContain('external_account');
    const link = await h.stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: 'http://localhost:3000/for-artists/settings?refresh=1', return_url: 'http://localhost:3000/for-artists/settings?connected=1' });
    expect(link.object).toBe('account_link');
    expect(link.url).toMatch(new RegExp(`^${h.sandbox.url}/connect/onboarding/`));

    const page = await (await fetch(link.url)).text();
    expect(page).toContain('<label for="business-name">Business name</label>');
    expect(page).toContain('<label for="account-number">Account number</label>');
    const missingName = await fetch(link.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'business_name=&routing_number=110000000&account_number=000123456789' });
    expect(await missingName.text()).toMatch(/role="alert"[^>]*>Enter your business name/);
    const submitted = await fetch(link.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'business_name=Demo+Office&business_type=company&routing_number=110000000&account_number=000123456789',
    });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe('http://localhost:3000/for-artists/settings?connected=1');

    const enabled = await h.stripe.accounts.retrieve(account.id);
    expect(enabled).toMatchObject({ charges_enabled: true, payouts_enabled: true, details_submitted: true, capabilities: { transfers: 'active' } });
    expect(enabled.requirements?.currently_due).toEqual([]);
    expect(enabled.external_accounts?.data[0]).toMatchObject({ object: 'bank_account', last4: '6789', routing_number: '110000000' });
    await h.control.flushWebhooks();
    const updated = h.receiver.events('account.updated');
    expect(updated).toHaveLength(1);
    expect(updated[0].account).toBe(account.id);
    expect(updated[0].data.object).toMatchObject({ id: account.id, charges_enabled: true, payouts_enabled: true });
    expect(updated[0].data.previous_attributes).toMatchObject({ charges_enabled: false, payouts_enabled: false });

    // A used link sends the person to refresh_url.
    const reused = await fetch(link.url, { redirect: 'manual' });
    expect(reused.status).toBe(303);
    expect(reused.headers.get('location')).toBe('http://localhost:3000/for-artists/settings?refresh=1');
  });

  it('can leave requirements due: payouts stay disabled and transfers are refused', async () => {
    const account = await h.stripe.accounts.create({ type: 'express', country: 'US' });
    const link = await h.stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: 'http://localhost:3000/r', return_url: 'http://localhost:3000/done' });
    await fetch(link.url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'business_name=Half+Done&routing_number=110000000&account_number=000123456789&leave_requirements_due=1' });
    const due = await h.stripe.accounts.retrieve(account.id);
    expect(due).toMatchObject({ details_submitted: true, charges_enabled: false, payouts_enabled: false });
    expect(due.requirements?.currently_due?.length).toBeGreaterThan(0);
    await expect(h.stripe.transfers.create({ amount: 500, currency: 'usd', destination: account.id })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'insufficient_capabilities_for_transfer' });
  });

  it('login links open the sandbox Express dashboard, only after onboarding', async () => {
    const fresh = await h.stripe.accounts.create({ type: 'express', country: 'US' });
    await expect(h.stripe.accounts.createLoginLink(fresh.id)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const account = await onboardedAccount();
    await h.stripe.transfers.create({ amount: 1234, currency: 'usd', destination: account.id });
    const login = await h.stripe.accounts.createLoginLink(account.id);
    expect(login).toMatchObject({ object: 'login_link' });
    const page = await (await fetch(login.url)).text();
    expect(page).toContain('Available: <strong>$12.34</strong>');
  });
});

describe('transfers, balances and payouts', () => {
  it('a transfer (with transfer_group) moves platform funds into the account, once per idempotency key', async () => {
    const account = await onboardedAccount();
    const platformBefore = await balanceOf();
    const params = { amount: 2500, currency: 'usd', destination: account.id, transfer_group: 'office-1:2030-01', metadata: { journal: 'j-1' } };
    const transfer = await h.stripe.transfers.create(params, { idempotencyKey: 'transfer-office-1-2030-01' });
    // A retry after a timeout sends the same key: the same transfer comes back, nothing moves twice.
    const retried = await h.stripe.transfers.create(params, { idempotencyKey: 'transfer-office-1-2030-01' });
    expect(retried.id).toBe(transfer.id);
    expect(transfer).toMatchObject({ object: 'transfer', amount: 2500, destination: account.id, transfer_group: 'office-1:2030-01', reversed: false });
    expect(await balanceOf(account.id)).toEqual({ available: 2500, pending: 0 });
    expect((await balanceOf()).available).toBe(platformBefore.available - 2500);
    expect((await h.stripe.transfers.list({ transfer_group: 'office-1:2030-01' })).data.map((t) => t.id)).toEqual([transfer.id]);
    await h.control.flushWebhooks();
    expect(h.receiver.events('transfer.created').map((e) => (e.data.object as Stripe.Transfer).id)).toEqual([transfer.id]);

    const reversal = await h.stripe.transfers.createReversal(transfer.id, { amount: 500 });
    expect(reversal).toMatchObject({ object: 'transfer_reversal', amount: 500, transfer: transfer.id });
    expect(await balanceOf(account.id)).toEqual({ available: 2000, pending: 0 });
    expect(await h.stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 500, reversed: false });
  });

  it('refuses a transfer the platform cannot cover', async () => {
    const account = await onboardedAccount();
    await h.control.setPlatformAvailableBalance(1000);
    await expect(h.stripe.transfers.create({ amount: 1001, currency: 'usd', destination: account.id })).rejects.toMatchObject({ code: 'balance_insufficient' });
    await expect(h.stripe.transfers.create({ amount: 1000, currency: 'usd', destination: account.id })).resolves.toMatchObject({ amount: 1000 });
  });

  it('a payout is in transit, then paid after the clock moves two days (payout.paid with the account)', async () => {
    const account = await onboardedAccount();
    await h.stripe.transfers.create({ amount: 3000, currency: 'usd', destination: account.id });
    await expect(h.stripe.payouts.create({ amount: 3001, currency: 'usd' }, { stripeAccount: account.id })).rejects.toMatchObject({ code: 'balance_insufficient' });
    const payout = await h.stripe.payouts.create({ amount: 3000, currency: 'usd' }, { stripeAccount: account.id, idempotencyKey: 'payout-1' });
    expect(payout).toMatchObject({ status: 'in_transit', amount: 3000, method: 'standard' });
    expect(payout.arrival_date - payout.created).toBe(2 * DAY);
    expect(await balanceOf(account.id)).toEqual({ available: 0, pending: 0 });
    await h.control.advanceClock({ days: 1 });
    expect((await h.stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account.id })).status).toBe('in_transit');
    await h.control.advanceClock({ days: 1, seconds: 1 });
    expect((await h.stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account.id })).status).toBe('paid');
    expect((await h.stripe.payouts.list({}, { stripeAccount: account.id })).data.map((p) => p.id)).toEqual([payout.id]);
    await h.control.flushWebhooks();
    const paid = h.receiver.events('payout.paid');
    expect(paid).toHaveLength(1);
    expect(paid[0].account).toBe(account.id);
    expect(paid[0].data.object).toMatchObject({ id: payout.id, status: 'paid' });
  });

  it('settles one payout now without moving the clock (the demo data’s paid payout)', async () => {
    const account = await onboardedAccount();
    await h.stripe.transfers.create({ amount: 800, currency: 'usd', destination: account.id });
    const payout = await h.stripe.payouts.create({ amount: 800, currency: 'usd' }, { stripeAccount: account.id });
    const before = (await h.control.clock()).now;
    const settled = await h.control.arrivePayout(payout.id);
    expect(settled).toMatchObject({ id: payout.id, status: 'paid' });
    expect((await h.control.clock()).now - before).toBeLessThan(60);
    await expect(h.control.arrivePayout(payout.id)).rejects.toThrow(/not in transit/);
    await h.control.flushWebhooks();
    expect(h.receiver.events('payout.paid').filter((event) => (event.data.object as { id: string }).id === payout.id)).toHaveLength(1);
  });

  it('a payout to a failing bank account fails after the clock moves and the money returns to available', async () => {
    const account = await onboardedAccount({ accountNumber: '000111111116' });
    await h.stripe.transfers.create({ amount: 1500, currency: 'usd', destination: account.id });
    const payout = await h.stripe.payouts.create({ amount: 1500, currency: 'usd' }, { stripeAccount: account.id });
    await h.control.advanceClock({ days: 3 });
    const failed = await h.stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account.id });
    expect(failed).toMatchObject({ status: 'failed', failure_code: 'no_account' });
    expect(failed.failure_message).toMatch(/No bank account could be located/);
    expect(await balanceOf(account.id)).toEqual({ available: 1500, pending: 0 });
    await h.control.flushWebhooks();
    expect(h.receiver.events('payout.failed').map((e) => [e.account, (e.data.object as Stripe.Payout).failure_code])).toEqual([[account.id, 'no_account']]);

    // The control makes a good bank account fail too.
    const other = await onboardedAccount();
    await h.control.setPayoutFailure(other.id, 'account_closed');
    await h.stripe.transfers.create({ amount: 100, currency: 'usd', destination: other.id });
    const closed = await h.stripe.payouts.create({ amount: 100, currency: 'usd' }, { stripeAccount: other.id });
    await h.control.advanceClock({ days: 2, seconds: 1 });
    expect(await h.stripe.payouts.retrieve(closed.id, {}, { stripeAccount: other.id })).toMatchObject({ status: 'failed', failure_code: 'account_closed' });
  });

  it('funds transferred from a charge still settling are pending on the account until it settles', async () => {
    const account = await onboardedAccount();
    const session = await h.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'fan@pie.local',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 1000, recurring: { interval: 'day', interval_count: 30 }, product_data: { name: 'Pie' } } }],
      success_url: 'http://localhost:3000/ok',
    });
    const paid = await h.control.payCheckoutSession(session.id);
    const charge = (await h.stripe.charges.list({ customer: paid.customer as string })).data[0];
    await h.stripe.transfers.create({ amount: 800, currency: 'usd', destination: account.id, source_transaction: charge.id });
    expect(await balanceOf(account.id)).toEqual({ available: 0, pending: 800 });
    await h.control.advanceClock({ days: 2, seconds: 1 });
    expect(await balanceOf(account.id)).toEqual({ available: 800, pending: 0 });
  });

  it('payouts need the Stripe-Account header and an enabled account', async () => {
    await expect(h.stripe.payouts.create({ amount: 100, currency: 'usd' })).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const account = await h.stripe.accounts.create({ type: 'express', country: 'US' });
    await expect(h.stripe.payouts.create({ amount: 100, currency: 'usd' }, { stripeAccount: account.id })).rejects.toMatchObject({ code: 'payouts_not_allowed' });
  });
});

describe('idempotency under concurrency', () => {
  it('20 concurrent transfers with one Idempotency-Key make one transfer', async () => {
    const account = await onboardedAccount();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => h.stripe.transfers.create({ amount: 700, currency: 'usd', destination: account.id, transfer_group: 'race' }, { idempotencyKey: 'race-transfer' })),
    );
    expect(new Set(results.map((t) => t.id)).size).toBe(1);
    expect((await h.stripe.transfers.list({ destination: account.id })).data).toHaveLength(1);
    expect(await balanceOf(account.id)).toEqual({ available: 700, pending: 0 });
  });
});

describe('payout schedules, Connect fees, deauthorization (docs.stripe.com/connect/payouts-connected-accounts, stripe.com/connect/pricing)', () => {
  it('a new account is paid out daily by Stripe on its own (settings.payouts.schedule.interval daily); a manual one only when asked', async () => {
    const automatic = await onboardedAccount({ schedule: 'default' });
    expect(automatic.settings?.payouts?.schedule).toMatchObject({ interval: 'daily', delay_days: 2 });
    const manual = await onboardedAccount();
    expect(manual.settings?.payouts?.schedule.interval).toBe('manual');
    for (const account of [automatic, manual]) await h.stripe.transfers.create({ amount: 5000, currency: 'usd', destination: account.id });
    await h.control.advanceClock({ days: 1 });
    const [own] = (await h.stripe.payouts.list({}, { stripeAccount: automatic.id })).data;
    expect(own).toMatchObject({ amount: 5000, automatic: true, status: 'in_transit' });
    expect(await balanceOf(automatic.id)).toEqual({ available: 0, pending: 0 });
    expect((await h.stripe.payouts.list({}, { stripeAccount: manual.id })).data).toHaveLength(0);
    expect(await balanceOf(manual.id)).toEqual({ available: 5000, pending: 0 });
    await h.control.flushWebhooks();
    expect(h.receiver.events('payout.created').map((event) => event.account)).toEqual([automatic.id]);
  });

  it('bills the platform 0.25% + 25¢ per payout and $2 for each month an account receives a payout (stripe_fee balance transactions)', async () => {
    const account = await onboardedAccount();
    await h.stripe.transfers.create({ amount: 20_000, currency: 'usd', destination: account.id });
    const before = (await balanceOf()).available;
    await h.stripe.payouts.create({ amount: 10_000, currency: 'usd' }, { stripeAccount: account.id });
    await h.stripe.payouts.create({ amount: 5_000, currency: 'usd' }, { stripeAccount: account.id });
    const fees = (await h.stripe.balanceTransactions.list({ type: 'stripe_fee', limit: 10 })).data;
    expect(fees.map((fee) => fee.amount).sort((a, b) => a - b)).toEqual([-200, -50, -38]);
    expect(before - (await balanceOf()).available).toBe(288);
    expect(fees.find((fee) => fee.amount === -200)?.description).toContain(account.id);
  });

  it('serves the balance transactions as a Stripe list the SDK auto-pages (limit, has_more, starting_after)', async () => {
    const account = await onboardedAccount();
    for (let i = 0; i < 5; i++) await h.stripe.transfers.create({ amount: 100 + i, currency: 'usd', destination: account.id });
    const first = await h.stripe.balanceTransactions.list({ limit: 2, type: 'transfer' });
    expect(first).toMatchObject({ object: 'list', has_more: true });
    expect(first.data.map((t) => t.amount)).toEqual([-104, -103]);
    const all: number[] = [];
    for await (const txn of h.stripe.balanceTransactions.list({ limit: 2, type: 'transfer' })) all.push(txn.amount);
    expect(all).toEqual([-104, -103, -102, -101, -100]);
    const connected: number[] = [];
    for await (const txn of h.stripe.balanceTransactions.list({ limit: 2 }, { stripeAccount: account.id })) connected.push(txn.amount);
    expect(connected).toEqual([104, 103, 102, 101, 100]);
  });

  it('a deauthorized account sends account.application.deauthorized and the platform can no longer reach it', async () => {
    const account = await onboardedAccount();
    await h.control.deauthorizeAccount(account.id);
    await expect(h.stripe.accounts.retrieve(account.id)).rejects.toMatchObject({ statusCode: 403, code: 'account_invalid' });
    await expect(h.stripe.transfers.create({ amount: 100, currency: 'usd', destination: account.id })).rejects.toMatchObject({ statusCode: 403 });
    await expect(h.stripe.balance.retrieve({}, { stripeAccount: account.id })).rejects.toMatchObject({ statusCode: 403 });
    await h.control.flushWebhooks();
    const [event] = h.receiver.events('account.application.deauthorized');
    expect(event).toMatchObject({ account: account.id, data: { object: { object: 'application' } } });
  });

  it('after a deauthorization every call about the account is refused, nothing more is heard of it, and a new account is the way back', async () => {
    const account = await onboardedAccount();
    const transfer = await h.stripe.transfers.create({ amount: 3000, currency: 'usd', destination: account.id });
    await h.stripe.payouts.create({ amount: 1000, currency: 'usd' }, { stripeAccount: account.id });
    await h.control.flushWebhooks();
    h.receiver.clear();
    await h.control.deauthorizeAccount(account.id);
    const refused = { statusCode: 403, code: 'account_invalid', message: expect.stringContaining('Application access may have been revoked') };
    await expect(h.stripe.accounts.update(account.id, { metadata: { note: 'x' } })).rejects.toMatchObject(refused);
    await expect(h.stripe.accounts.del(account.id)).rejects.toMatchObject(refused);
    await expect(h.stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: 'http://localhost/r', return_url: 'http://localhost/b' })).rejects.toMatchObject(refused);
    await expect(h.stripe.accounts.createLoginLink(account.id)).rejects.toMatchObject(refused);
    await expect(h.stripe.payouts.list({}, { stripeAccount: account.id })).rejects.toMatchObject(refused);
    await expect(h.stripe.payouts.create({ amount: 100, currency: 'usd' }, { stripeAccount: account.id })).rejects.toMatchObject(refused);
    await expect(h.stripe.transfers.createReversal(transfer.id, { amount: 100 })).rejects.toMatchObject(refused);
    await expect(h.control.deauthorizeAccount(account.id)).rejects.toMatchObject({ status: 403 });
    // The platform's own objects stay readable: its transfers to the account.
    expect((await h.stripe.transfers.list({ destination: account.id })).data.map((t) => t.id)).toEqual([transfer.id]);

    // The payout in transit still settles at the bank, but the platform hears nothing of it any more.
    await h.control.advanceClock({ days: 3 });
    await h.control.flushWebhooks();
    expect(h.receiver.events('account.application.deauthorized').map((event) => event.account)).toEqual([account.id]);
    expect(h.receiver.events('payout.paid')).toEqual([]);

    // The way back is another account (a new idempotency key): reachable like any other.
    const again = await h.stripe.accounts.create(
      { type: 'express', country: 'US', capabilities: { transfers: { requested: true } }, settings: { payouts: { schedule: { interval: 'manual' } } }, metadata: { officeId: 'office-1' } },
      { idempotencyKey: `pie-office-account-office-1-after-${account.id}` },
    );
    expect(again.id).not.toBe(account.id);
    await h.control.onboardAccount(again.id, {});
    await h.stripe.transfers.create({ amount: 500, currency: 'usd', destination: again.id });
    expect(await balanceOf(again.id)).toEqual({ available: 500, pending: 0 });
  });
});
