import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hashPassword } from '#pie/identity/testing';
import { databaseUrl } from '#pie/testing';
import { openSql, type Sql } from '../support/sql.js';
import { launchBrowser } from './support/browser.js';

/** A person of its own, in two offices of their own (the demo office is seeded in the background). */
const PERSON = { email: `e2e-two-offices-${randomBytes(4).toString('hex')}@example.test`, password: 'an e2e two offices password' };
const SUFFIX = randomBytes(3).toString('hex');
const OFFICES = [
  { name: `Alpha Office ${SUFFIX}`, earningsCents: 1234, shown: '$12.34' },
  { name: `Beta Office ${SUFFIX}`, earningsCents: 5678, shown: '$56.78' },
];

/**
 * Issue 29 "Done when", in Chromium against the platform as `npm start` runs it: an artist in two
 * offices switches between them in the artist layout and sees each office's funds; the choice
 * is remembered on the next visit.
 */
describe('an artist in two offices, in Chromium', () => {
  const appUrl = inject('appUrl');
  let sql: Sql;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  /** Calls the API from the page, as the app does (session cookie, CSRF header from its cookie). */
  async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const token = (await context.cookies(appUrl)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    return (await page.evaluate(
      async ({ method, path, body, token }) => {
        const response = await fetch(path, { method, headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(token) }, body: body === undefined ? undefined : JSON.stringify(body) });
        return { status: response.status, body: (await response.json()) as unknown };
      },
      { method, path, body, token },
    )) as { status: number; body: T };
  }

  beforeAll(async () => {
    sql = openSql(databaseUrl(process.env.E2E_DATABASE ?? 'pie_e2e'));
    await sql.query(
      `insert into identity.artist_users (id, email, first_name, last_name, password_hash, email_verified_at, registration_completed_at)
       values ($1, $2, 'Olga', 'Offices', $3, now(), now())`,
      [randomUUID(), PERSON.email, await hashPassword(PERSON.password)],
    );
    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
    await page.addLocatorHandler(page.getByRole('region', { name: 'Cookie consent' }), (banner) => banner.getByRole('button', { name: 'Essential only' }).click());
    await page.addLocatorHandler(page.getByRole('region', { name: 'Install Pie' }), (prompt) => prompt.getByRole('button', { name: 'Not now' }).first().click());
    await page.goto(`${appUrl}/for-artists/login`);
    await page.getByLabel(/^Email/).fill(PERSON.email);
    await page.getByLabel(/^Password/).fill(PERSON.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/for-artists/artists');

    for (const office of OFFICES) {
      const created = await api<{ data: { _id: string } }>('POST', '/api/for-artists/offices', { name: office.name, type: 'management' });
      expect(created.status).toBe(201);
      // The office's earnings, as a release from escrow leaves them, in one statement: account, journal, postings.
      await sql.query(
        `with account as (insert into ledger.accounts (code, kind, owner_id, allow_negative) values ('office_earnings:' || $1::text, 'office_earnings', $1::uuid, false) on conflict do nothing),
              journal as (insert into ledger.journals (kind, idempotency_key, occurred_at, "references") values ('e2e_funding', 'e2e_funding:' || $1::text, now(), jsonb_build_object('officeId', $1::text)) returning id)
         insert into ledger.postings (journal_id, account, amount_cents)
         select id, 'stripe_clearing', -$2::bigint from journal union all select id, 'office_earnings:' || $1::text, $2::bigint from journal`,
        [created.body.data._id, office.earningsCents],
      );
    }
  });
  afterAll(async () => {
    await browser?.close();
    await sql?.close();
  });

  const earnings = () => page.getByRole('region', { name: 'Balances' });

  it('switches between the offices in the layout and sees each office’s funds, then finds the choice kept on the next visit', async () => {
    await page.goto(`${appUrl}/for-artists/funds`);
    const switcher = page.getByLabel('Working in');
    // The first office until the person chooses.
    await expect.poll(() => switcher.locator('option:checked').textContent()).toBe(OFFICES[0].name);
    await earnings().getByText(OFFICES[0].shown).first().waitFor();

    await switcher.selectOption({ label: OFFICES[1].name });
    await earnings().getByText(OFFICES[1].shown).first().waitFor();
    expect(await earnings().getByText(OFFICES[0].shown).count()).toBe(0);

    // Team and Office settings act on the chosen office too.
    await page.getByRole('navigation', { name: 'Artist area' }).getByRole('link', { name: 'Office' }).click();
    await page.waitForURL((url) => url.pathname === '/for-artists/office-settings');
    await expect.poll(() => page.getByLabel('Office name').inputValue()).toBe(OFFICES[1].name);

    // A new visit opens in the office chosen last.
    const next = await context.newPage();
    await next.goto(`${appUrl}/for-artists/funds`);
    await next.getByRole('region', { name: 'Balances' }).getByText(OFFICES[1].shown).first().waitFor();
    await next.close();

    await switcher.selectOption({ label: OFFICES[0].name });
    await page.goto(`${appUrl}/for-artists/funds`);
    await earnings().getByText(OFFICES[0].shown).first().waitFor();
  });
});
