import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.js';

/**
 * Issue 33's demo: `scrobbler@pie.local` listens through Last.fm only (the sandbox's Last.fm
 * account, connected by the demo data as a person would). The dashboard says so, and their pie's
 * ended periods close from those scrobbles: a statement with artists paid.
 */
describe('the Last.fm-only demo fan in Chromium', () => {
  const appUrl = inject('appUrl');
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    await page.addLocatorHandler(page.getByRole('region', { name: 'Cookie consent' }), (banner) => banner.getByRole('button', { name: 'Essential only' }).click());
    await page.addLocatorHandler(page.getByRole('region', { name: 'Install Pie' }), (prompt) => prompt.getByRole('button', { name: 'Not now' }).first().click());
    await page.goto(`${appUrl}/login`);
    await page.getByLabel(/^Email/).fill('scrobbler@pie.local');
    await page.getByLabel(/^Password/).fill('pie-demo-scrobbler');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sees listening from Last.fm on the dashboard, and a closed period split among the artists of the scrobbles', async () => {
    // The demo data connects Last.fm once the demo fan's export filled the catalogue: reload until it has.
    const card = page.getByRole('region', { name: 'Spotify sync' });
    const deadline = Date.now() + 600_000;
    for (;;) {
      const said = await card.getByText('Listening from Last.fm', { exact: true }).waitFor({ timeout: 15_000 }).then(() => true, () => false);
      if (said) break;
      if (Date.now() > deadline) throw new Error('The Last.fm demo fan’s dashboard never said where the listening comes from');
      await page.reload();
    }
    await card.getByRole('list', { name: 'Scrobbling services' }).getByText(/^Last\.fm \(demo-scrobbler\): /).waitFor();

    // The pie is made once the back-fill is done; the worker's close scheduler then closes its ended periods.
    const closedBy = Date.now() + 600_000;
    for (;;) {
      await page.goto(`${appUrl}/my-pies`);
      const periods = page.getByRole('table', { name: 'Periods' }).first();
      await Promise.race([periods.waitFor({ timeout: 30_000 }), page.getByText(/no pie/i).first().waitFor({ timeout: 30_000 })]).catch(() => {});
      if ((await page.getByRole('link', { name: /^Statement for / }).count()) >= 2) break;
      if (Date.now() > closedBy) throw new Error('The Last.fm demo fan’s periods were never closed');
      await page.waitForTimeout(5000);
    }
    await page.getByRole('link', { name: /^Statement for / }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Statement' }).waitFor();
    const artists = page.getByRole('table', { name: 'Artists' });
    await artists.waitFor();
    expect(await artists.locator('tbody tr').count()).toBeGreaterThan(0);
  }, 1_260_000);
});
