import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { databaseUrl } from '#pie/testing';
import { openSql, type Sql } from '../support/sql.js';
import { launchBrowser } from './support/browser.js';
import { axeViolations } from './support/web-shell.js';

/**
 * Issue 31 "Done when": a visitor opens /open-books and sees the line that says the books balance
 * (the reconciliation's last result and time), with the platform's money from the demo history; an
 * admin gets from a month's figure to the journals behind it in two clicks.
 */
describe('open books, in Chromium', () => {
  const appUrl = inject('appUrl');
  let sql: Sql;
  let browser: Browser;

  async function newPage(): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.addLocatorHandler(page.getByRole('region', { name: 'Cookie consent' }), (banner) => banner.getByRole('button', { name: 'Essential only' }).click());
    await page.addLocatorHandler(page.getByRole('region', { name: 'Install Pie' }), (prompt) => prompt.getByRole('button', { name: 'Not now' }).first().click());
    return page;
  }

  beforeAll(async () => {
    sql = openSql(databaseUrl(process.env.E2E_DATABASE ?? 'pie_e2e'));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await sql?.close();
  });

  it('a visitor opens /open-books, sees the books balance and the money per month, and axe finds nothing', async () => {
    // `npm start` seeds the demo payments in the background: the books are read once they have settled.
    await expect
      .poll(
        async () =>
          Number(await sql.value(`select count(*) from payouts.payouts where status = 'paid'`)) > 0 &&
          Number(await sql.value(`select count(*) from platform.outbox where published_at is null`)) === 0,
        { timeout: 120_000, interval: 1_000 },
      )
      .toBe(true);
    // An admin runs the ledger check, so the page has a result to show.
    const admin = await newPage();
    await admin.goto(`${appUrl}/admin`);
    await admin.getByLabel(/^Email/).fill('admin@pie.local');
    await admin.getByLabel(/^Password/).fill('pie-demo-admin');
    await admin.getByRole('button', { name: 'Sign in', exact: true }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/dashboard');
    // The context's request shares the admin's cookies; the CSRF token goes in its header, as the app sends it.
    const xsrf = (await admin.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await admin.request.post(`${appUrl}/api/admin/financial-reconciliation/run-ledger-check-minimal`, { headers: { 'x-xsrf-token': decodeURIComponent(xsrf) } });
    const check = { status: response.status(), body: (await response.json()) as { data: { ok: boolean } } };
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.data.ok).toBe(true);
    // The admin's drill-down: a month's "paid in" on the finances page opens the journals behind it.
    await admin.goto(`${appUrl}/admin/finances`);
    const books = admin.getByRole('region', { name: 'Open books' });
    const paidInLink = books.getByRole('link', { name: /^Paid in by fans in \d{4}-\d{2}: / }).first();
    await paidInLink.waitFor();
    await paidInLink.click();
    await admin.waitForURL((url) => url.pathname === '/admin/transactions' && url.searchParams.get('kind') === 'invoice_paid');
    await admin.getByTestId('transactions-narrowed').waitFor();
    const journals = admin.getByRole('region', { name: 'Transactions (table)' });
    await journals.getByRole('row').nth(1).waitFor();
    expect(await journals.getByRole('row').count()).toBeGreaterThan(1);
    await admin.context().close();

    const page = await newPage();
    await page.goto(`${appUrl}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Open books' }).click();
    await page.waitForURL((url) => url.pathname === '/open-books');
    await page.getByRole('heading', { level: 1, name: 'Open books' }).waitFor();
    const line = page.getByTestId('balance-line');
    await line.waitFor();
    expect(await line.textContent()).toMatch(/The books balance: (the last check|all \d+ checks) passed, the latest on /);
    // The demo history's money is there, from the ledger: what fans paid in, in the totals and per month.
    const paidIn = Number(await sql.value(`select coalesce(-sum(p.amount_cents), 0) from ledger.postings p join ledger.journals j on j.id = p.journal_id where j.kind = 'invoice_paid' and p.account = 'stripe_clearing'`));
    const totals = page.getByRole('region', { name: 'Since Pie began' });
    const paidInText = await totals.locator('div', { has: page.getByText('Paid in by fans', { exact: true }) }).locator('dd').first().textContent();
    const dollars = `$${Math.floor(paidIn / 100).toLocaleString('en-US')}.${String(paidIn % 100).padStart(2, '0')}`;
    expect(paidInText).toBe(dollars);
    await page.getByRole('img', { name: /^Money per month\./ }).waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBeGreaterThan(1);

    // Opened directly, the api sends the books inside the page, the top of it already drawn: the
    // app shows the same figures without reading them again.
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/open-books') reads.push(request.url());
    });
    const served = await page.request.get(`${appUrl}/open-books`);
    expect(served.headers()['cache-control']).toBe('no-cache');
    const html = await served.text();
    expect(html).toContain('<script type="application/json" id="open-books-data">');
    expect(html).toMatch(/The books balance: (the last check|all \d+ checks) passed, the latest on [^<]+ UTC\./);
    await page.goto(`${appUrl}/open-books`);
    await page.getByTestId('balance-line').waitFor();
    expect(await totals.locator('div', { has: page.getByText('Paid in by fans', { exact: true }) }).locator('dd').first().textContent()).toBe(dollars);
    expect(await page.getByRole('table').getByRole('row').count()).toBeGreaterThan(1);
    expect(reads).toEqual([]);
    expect(await page.locator('[aria-hidden="true"].area-main').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  }, 240_000);
});
