import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sdkFor } from '../../apps/sandbox/src/stripe/testing/harness.js';
import { launchBrowser } from './support/browser.js';

/*
 * The Stripe stand-in's hosted pages in Chromium, as `npm start` runs them: the fan's checkout
 * (a declined card, then a good one) and an office's Connect onboarding, each returning to the app.
 */
describe('the sandbox Stripe pages in Chromium', () => {
  const appUrl = inject('appUrl');
  const stripe = sdkFor(inject('stripeUrl'), 'sk_test_pie_local_sandbox');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('checkout: a declined card is shown on the page, 4242… pays and returns to the success URL', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'browser-fan@pie.local',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 1250, recurring: { interval: 'day', interval_count: 30 }, product_data: { name: 'Pie' } } }],
      success_url: `${appUrl}/pie/successCheckout?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/pie`,
    });
    const page = await browser.newPage();
    await page.goto(session.url!);
    await page.locator('.amount', { hasText: '$12.50' }).waitFor();
    const fill = async (card: string) => {
      await page.getByLabel('Card number').fill(card);
      await page.getByLabel('Expiry (MM / YY)').fill('12 / 40');
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Name on card').fill('Browser Fan');
      await page.getByRole('button', { name: 'Subscribe' }).click();
    };
    await fill('4000 0000 0000 0002');
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Your card was declined.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    await fill('4242 4242 4242 4242');
    await page.waitForURL((url) => url.pathname === '/pie/successCheckout');
    expect(new URL(page.url()).searchParams.get('session_id')).toBe(session.id);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done.payment_status).toBe('paid');
    expect(done.subscription).toMatchObject({ status: 'active' });
    await page.close();
  });

  it('Connect onboarding: the office fills the page and returns to settings with payouts enabled', async () => {
    const account = await stripe.accounts.create({ type: 'express', country: 'US', email: 'browser-office@pie.local' });
    const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: `${appUrl}/for-artists/settings?refresh=1`, return_url: `${appUrl}/for-artists/settings` });
    const page = await browser.newPage();
    await page.goto(link.url);
    await page.getByLabel('Business name').fill('Browser Office');
    await page.getByLabel('Routing number').fill('110000000');
    await page.getByLabel('Account number').fill('000123456789');
    await page.getByRole('button', { name: 'Agree and submit' }).click();
    await page.waitForURL((url) => url.pathname === '/for-artists/settings');
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ charges_enabled: true, payouts_enabled: true, business_profile: { name: 'Browser Office' } });
    await page.close();
  });
});
