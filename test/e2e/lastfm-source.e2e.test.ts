import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { InboxClient } from '../../apps/sandbox/src/mail/inbox-client.js';
import { launchBrowser } from './support/browser.js';

/** A JSON call to the sandbox providers' controls. */
async function sandbox(providersUrl: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${providersUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}: ${await response.text()}`);
}

/**
 * Issue 33 "Done when": a new fan connects Last.fm on the sandbox's Last.fm page, sees the
 * back-fill's progress in settings, then their listening on the dashboard.
 */
describe('a new fan connects Last.fm in Chromium', () => {
  const appUrl = inject('appUrl');
  const providersUrl = inject('providersUrl');
  const inbox = new InboxClient(inject('inboxUrl'));
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    await page.addLocatorHandler(page.getByRole('region', { name: 'Cookie consent' }), (banner) =>
      banner.getByRole('button', { name: 'Essential only' }).click(),
    );
    await page.addLocatorHandler(page.getByRole('region', { name: 'Install Pie' }), (prompt) =>
      prompt.getByRole('button', { name: 'Not now' }).first().click(),
    );
  });
  afterAll(async () => {
    await sandbox(providersUrl, '/lastfm/__admin/rate-limit', { limit: 1500, windowSeconds: 300 }).catch(() => {});
    await browser?.close();
  });

  it('allows Pie on Last.fm’s page, watches the history being read, then sees the listening', async () => {
    const email = `lastfm-${randomBytes(4).toString('hex')}@example.test`;
    const password = 'a long enough password';
    await page.goto(`${appUrl}/register`);
    await page.getByLabel(/^First name/).fill('Scrobble');
    await page.getByLabel(/^Last name/).fill('Fan');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Confirm password/).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(/check your e-mail/i).first().waitFor();
    const mail = await inbox.waitForMessage({ to: email, timeoutMs: 30_000 });
    await page.goto(mail.text.match(/https?:\/\/\S+\/auth\/fans\/verify-email\/[A-Za-z0-9_-]+/)![0]);
    await page.getByText('Your e-mail is verified').waitFor();
    await page.goto(`${appUrl}/login`);
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${appUrl}/dashboard`);

    await page.goto(`${appUrl}/settings`);
    const services = page.getByRole('region', { name: 'Scrobbling services' });
    const lastfm = services.getByRole('region', { name: 'Last.fm' });
    await lastfm.getByText('Not connected').waitFor();

    // Last.fm's limit lets the first sync read one page, then asks it to wait: the progress stays on screen.
    await sandbox(providersUrl, '/lastfm/__admin/rate-limit', { limit: 5, windowSeconds: 60 });
    await lastfm.getByRole('button', { name: 'Connect Last.fm' }).click();
    await page.waitForURL((url) => url.pathname === '/lastfm/api/auth/');
    await page.getByRole('heading', { name: 'Connect application' }).waitFor();
    await page.getByLabel('Last.fm username').fill(`e2e${randomBytes(3).toString('hex')}`);
    await page.getByRole('button', { name: 'Yes, allow access' }).click();

    await page.waitForURL((url) => url.pathname === '/settings' && url.searchParams.get('result') === 'connected');
    await page.getByRole('status').filter({ hasText: 'Last.fm connected' }).waitFor();
    await lastfm.getByText('Reading your history').waitFor({ timeout: 30_000 });
    await lastfm.getByText(/^[\d,]+ listens read so far \(\d+%\)$/).waitFor({ timeout: 30_000 });
    await expect.poll(async () => Number(((await lastfm.getByText(/listens read so far/).textContent()) ?? '').replace(/[^\d].*$/, '').replace(/,/g, '')), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await lastfm.getByRole('progressbar', { name: 'Last.fm history read' }).isVisible()).toBe(true);

    // Last.fm's window is back: the worker reads on once the wait is over.
    await sandbox(providersUrl, '/lastfm/__admin/rate-limit', { limit: 1500, windowSeconds: 300 });
    await lastfm.getByText('Connected', { exact: true }).waitFor({ timeout: 150_000 });
    expect(await lastfm.getByText(/^Last read /).isVisible()).toBe(true);
    expect(await lastfm.getByRole('button', { name: 'Disconnect Last.fm' }).isVisible()).toBe(true);

    await page.goto(`${appUrl}/dashboard`);
    const summary = page.getByRole('region', { name: 'Your last 28 days' });
    await summary.waitFor({ timeout: 30_000 });
    const plays = Number(((await summary.locator('dt:text-is("Plays") + dd').textContent()) ?? '').replace(/[^\d]/g, ''));
    expect(plays).toBeGreaterThan(0);
  }, 240_000);
});
