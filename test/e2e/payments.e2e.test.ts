import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { databaseUrl } from '#pie/testing';
import { launchBrowser } from './support/browser.js';
import { makeAccount } from '../support/accounts.js';
import { openSql, type Sql } from '../support/sql.js';

/**
 * Issue 11 "Done when": a fan fills the create modal, pays on the sandbox's hosted checkout with
 * 4242…, comes back to /pie/successCheckout and sees the active pie and the wallet credit; with
 * 4000 0000 0000 0002 the checkout page shows the decline and no money moves.
 */
describe('paying for a pie in Chromium', () => {
  const appUrl = inject('appUrl');
  let browser: Browser;
  let sql: Sql;

  beforeAll(async () => {
    browser = await launchBrowser();
    sql = openSql(databaseUrl(process.env.E2E_DATABASE ?? 'pie_e2e'));
  });
  afterAll(async () => {
    await sql?.close();
    await browser?.close();
  });

  async function signedInFan(): Promise<Page> {
    const fan = await makeAccount(sql, 'fan');
    const page = await (await browser.newContext()).newPage();
    await page.addLocatorHandler(page.getByRole('region', { name: 'Cookie consent' }), (banner) => banner.getByRole('button', { name: 'Essential only' }).click());
    await page.addLocatorHandler(page.getByRole('region', { name: 'Install Pie' }), (prompt) => prompt.getByRole('button', { name: 'Not now' }).first().click());
    await page.goto(`${appUrl}/login`);
    await page.getByLabel(/^Email/).fill(fan.email);
    await page.getByLabel(/^Password/).fill(fan.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    return page;
  }

  async function fillCreateModalAndContinue(page: Page, amount: string) {
    await page.goto(`${appUrl}/pie`);
    await page.getByRole('button', { name: 'Create your pie' }).click();
    const modal = page.getByRole('dialog', { name: 'Create your pie' });
    await modal.getByLabel(/^Amount per period/).fill(amount);
    await modal.getByLabel(/^Period length/).fill('14');
    await modal.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
  }

  async function payWith(page: Page, card: string) {
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Subscribe' }).click();
  }

  it('pays with 4242… and comes back to an active pie and the wallet credit', async () => {
    const page = await signedInFan();
    await fillCreateModalAndContinue(page, '12.50');
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL((url) => url.pathname === '/pie/successCheckout');
    await page.getByRole('heading', { name: 'Your pie is active' }).waitFor({ timeout: 30_000 });
    await page.getByText('Paid: $12.50 every 14 days', { exact: false }).waitFor();
    // $12.50 less Stripe's 66¢ (2.9% + 30¢) and Pie's $1.25.
    await page.getByTestId('wallet-balance').filter({ hasText: '$10.59' }).waitFor();

    await page.goto(`${appUrl}/settings`);
    const wallet = page.getByRole('region', { name: 'Wallet and billing' });
    await wallet.getByTestId('wallet-balance').filter({ hasText: '$10.59' }).waitFor();
    await wallet.getByRole('cell', { name: 'Payments' }).waitFor();
    expect(await wallet.locator('dt:text-is("Paid in") + dd').textContent()).toBe('$12.50');
  });

  it('shows the decline of 4000 0000 0000 0002 on the checkout page and moves no money', async () => {
    const page = await signedInFan();
    await fillCreateModalAndContinue(page, '20');
    await payWith(page, '4000 0000 0000 0002');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.toLowerCase()).toContain('declined');
    expect(new URL(page.url()).pathname.startsWith('/checkout/')).toBe(true);

    await page.goto(`${appUrl}/settings`);
    const wallet = page.getByRole('region', { name: 'Wallet and billing' });
    await wallet.getByTestId('wallet-balance').filter({ hasText: '$0.00' }).waitFor();
    await wallet.getByText('No transactions yet').waitFor();
  });
});
