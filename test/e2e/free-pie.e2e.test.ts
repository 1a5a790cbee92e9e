import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { InboxClient } from '../../apps/sandbox/src/mail/inbox-client.js';
import { launchBrowser } from './support/browser.js';

/**
 * The free $5 pie from the product: a fan signs up on /try, verifies by the mail link, starts the
 * free pie on /pie and sees it running; the /try page then counts one code fewer (a code is taken
 * when the pie starts, not at sign-up).
 */
describe('the free pie in Chromium', () => {
  const appUrl = inject('appUrl');
  const inbox = new InboxClient(inject('inboxUrl'));
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function newPage(): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.addLocatorHandler(page.getByRole('region', { name: 'Cookie consent' }), (banner) => banner.getByRole('button', { name: 'Essential only' }).click());
    await page.addLocatorHandler(page.getByRole('region', { name: 'Install Pie' }), (prompt) => prompt.getByRole('button', { name: 'Not now' }).first().click());
    return page;
  }

  /** The /try page's "N codes remaining". */
  async function codesRemaining(page: Page): Promise<number> {
    const badge = page.getByText(/^[\d,]+ codes? remaining$/);
    await badge.waitFor();
    return Number((await badge.textContent())!.replace(/\D/g, ''));
  }

  it('signs up on /try, verifies, starts the free pie from /pie and sees it active; one code fewer', async () => {
    const email = `e2e-free-${randomBytes(4).toString('hex')}@example.test`;
    const password = 'a long enough password';
    const page = await newPage();

    await page.goto(`${appUrl}/try`);
    const before = await codesRemaining(page);
    const form = page.getByRole('form', { name: 'Create account with the free pie' });
    await form.getByLabel(/^First name/).fill('Frida');
    await form.getByLabel(/^Last name/).fill('Free');
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Password/).fill(password);
    await form.getByLabel(/^Confirm password/).fill(password);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Your account has been created successfully and your free promotional code has been applied.').waitFor();

    const mail = await inbox.waitForMessage({ to: email, timeoutMs: 30_000 });
    const link = mail.text.match(/https?:\/\/\S+\/auth\/fans\/verify-email\/[A-Za-z0-9_-]+/)?.[0];
    expect(link, 'verification link in the mail').toBeDefined();
    await page.goto(link!);
    await page.getByText('Your e-mail is verified').waitFor();

    await page.goto(`${appUrl}/login`);
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await page.goto(`${appUrl}/pie`);
    await page.getByRole('button', { name: 'Start your free $5.00 pie' }).click();
    const modal = page.getByRole('dialog', { name: 'Start your free $5.00 pie' });
    expect(await modal.getByLabel(/^Amount per period/).count()).toBe(0);
    await modal.getByLabel(/^Period length/).fill('14');
    await modal.getByRole('button', { name: 'Start my free pie' }).click();

    // The worker makes the pie from the started subscription; the page waits for it.
    await page.getByText('Your free pie: the Pie promotion pays its $5.00, and nothing is charged to you.').waitFor({ timeout: 30_000 });
    // The modal's own "Each period" (its estimate) stays in the page until its closing transition ends.
    await modal.waitFor({ state: 'hidden' });
    expect(await page.getByText('Each period').locator('xpath=following-sibling::*[1]').textContent()).toBe('$5.00');
    expect(await page.getByText('Status', { exact: true }).locator('xpath=following-sibling::*[1]').textContent()).toBe('Active');
    expect(await page.getByRole('button', { name: /free/ }).count()).toBe(0);

    const visitor = await newPage();
    await visitor.goto(`${appUrl}/try`);
    expect(await codesRemaining(visitor)).toBe(before - 1);
  });
});
