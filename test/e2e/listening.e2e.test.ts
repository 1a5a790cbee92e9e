import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.js';

/** A figure of a summary (`<dt>label</dt><dd>value</dd>`) as a number. */
async function figure(region: Locator, label: string): Promise<number> {
  const text = await region.locator(`dt:text-is("${label}") + dd`).textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

/** "… · page 2 of 14" from the history table's caption. */
async function historyPage(page: Page): Promise<{ page: number; pages: number }> {
  const caption = (await page.locator('table caption').textContent()) ?? '';
  const match = /page ([\d,]+) of ([\d,]+)/.exec(caption);
  if (!match) throw new Error(`No page in the caption: ${caption}`);
  return { page: Number(match[1]!.replace(/,/g, '')), pages: Number(match[2]!.replace(/,/g, '')) };
}

/**
 * Issue 5 "Done when": the demo fan (whose Spotify account, listener1 in the sandbox, is linked
 * when the demo data is seeded) logs in, sees the dashboard with figures from ingested plays,
 * pages through history, opens an artist page from the top artists and the earth view.
 */
describe('a fan’s listening in Chromium', () => {
  const appUrl = inject('appUrl');
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    // The cookie banner and the install prompt float over pages: answer them whenever they show.
    await page.addLocatorHandler(page.getByRole('region', { name: 'Cookie consent' }), (banner) =>
      banner.getByRole('button', { name: 'Essential only' }).click(),
    );
    await page.addLocatorHandler(page.getByRole('region', { name: 'Install Pie' }), (prompt) =>
      prompt.getByRole('button', { name: 'Not now' }).first().click(),
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('logs in and sees the dashboard with figures from ingested plays', async () => {
    await page.goto(`${appUrl}/login`);
    await page.getByLabel(/^Email/).fill('fan@pie.local');
    await page.getByLabel(/^Password/).fill('pie-demo-fan');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();

    const summary = page.getByRole('region', { name: 'Your last 28 days' });
    const empty = page.getByRole('heading', { name: 'No listening yet' });
    await summary.or(empty).waitFor({ timeout: 30_000 });
    if (await empty.isVisible()) {
      // The scheduler has not polled the fan yet: ingest now, as the fan would.
      await page.getByRole('region', { name: 'Spotify sync' }).getByRole('button', { name: 'Sync now' }).click();
      await summary.waitFor({ timeout: 60_000 });
    }

    // The summary can show while the demo import is still being written: the figures arrive with it.
    await expect.poll(() => figure(summary, 'Plays'), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => figure(summary, 'Artists'), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await summary.locator('dt:text-is("Listening time") + dd').textContent()).not.toBe('none');

    const topArtists = page.getByRole('list', { name: 'Top artists of the last 28 days' });
    await topArtists.waitFor();
    expect(await topArtists.getByRole('link').count()).toBeGreaterThan(0);
    const recent = page.getByRole('list', { name: 'Your latest plays' });
    await recent.waitFor();
    expect(await recent.getByRole('listitem').count()).toBeGreaterThan(0);
    // The daily chart: one bar per day, named for assistive technology by what it shows.
    const chart = page.getByRole('img', { name: /^Daily listening over the last 28 days: / });
    await chart.waitFor();
    expect(await chart.locator('rect').count()).toBe(28);
    expect(await chart.locator('rect title').first().textContent()).toMatch(/^\w{3} \d{1,2}: .+ · [\d,]+ plays$/);
    // The chart's figures as a table, one click away.
    await page.getByText('Show the figures as a table').click();
    await page.getByRole('table', { name: 'Listening per day' }).waitFor();
    // The connection's status is shown with the figures (connected when the demo data linked Spotify).
    await page.getByRole('region', { name: 'Spotify sync' }).getByText(/^(Spotify is |The Spotify connection is )/).waitFor();
  });

  it('pages through the history, the page in the URL', async () => {
    await page.getByRole('link', { name: 'See all your history' }).click();
    await page.waitForURL((url) => url.pathname === '/history');
    await page.getByRole('table', { name: /page 1 of/ }).waitFor();

    // Ten a page, so even a fan with a few dozen plays has several pages.
    await page.getByLabel('Plays per page').selectOption('10');
    await page.waitForURL((url) => url.searchParams.get('limit') === '10');
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(10);
    const first = await historyPage(page);
    expect(first.page).toBe(1);
    expect(first.pages).toBeGreaterThan(1);
    const firstRow = await page.locator('table tbody tr').first().textContent();

    const pager = page.getByRole('navigation', { name: 'History pages' });
    await pager.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByRole('table', { name: /page 2 of/ }).waitFor();
    expect((await historyPage(page)).page).toBe(2);
    expect(await page.locator('table tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('table tbody tr').first().textContent()).not.toBe(firstRow);

    // A reload keeps the page; Previous goes back to the first.
    await page.reload();
    await page.getByRole('table', { name: /page 2 of/ }).waitFor();
    await page.getByRole('navigation', { name: 'History pages' }).getByRole('link', { name: 'Previous page' }).click();
    await page.waitForURL((url) => url.pathname === '/history' && !url.searchParams.has('page'));
    await page.getByRole('table', { name: /page 1 of/ }).waitFor();
    expect(await page.locator('table tbody tr').count()).toBe(10);
  });

  it('opens an artist page from the top artists', async () => {
    await page.goto(`${appUrl}/dashboard`);
    const topArtists = page.getByRole('list', { name: 'Top artists of the last 28 days' });
    const link = topArtists.getByRole('link').first();
    await link.waitFor();
    const name = (await link.textContent())!;
    await link.click();

    await page.waitForURL((url) => url.pathname.startsWith('/artist/'));
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
    await page.getByRole('region', { name: 'Top tracks on Pie' }).waitFor();
    const yours = page.getByRole('region', { name: 'Your listening' });
    await yours.locator('dt:text-is("Your plays")').waitFor();
    expect(await figure(yours, 'Your plays')).toBeGreaterThan(0);
    // The page says what its figures count (the public top tracks count only confirmed plays) and where the artist stands.
    await yours.getByText(/counted in “Top tracks on Pie”/).waitFor();
    await page.getByRole('region', { name: `${name} on Pie`, exact: true }).getByText(/^(On Pie|Not on Pie yet)$/).waitFor();
    await page.getByRole('region', { name: 'Fans', exact: true }).getByText(/^[\d,]+ fans? listened in the last 28 days\.$/).waitFor();
  });

  it('opens the earth view and sees at least one country', async () => {
    // Countries come from the catalogue's background lookups: give them a little time.
    const table = page.getByRole('table', { name: /^Countries of the artists you listened to/ });
    const deadline = Date.now() + 60_000;
    for (;;) {
      await page.goto(`${appUrl}/earth`);
      await page.getByRole('heading', { level: 1, name: 'Where your artists come from' }).waitFor();
      const noCountry = page.getByText(/None of your artists has a known country yet/);
      await table.or(noCountry).first().waitFor({ timeout: 30_000 });
      if ((await table.isVisible()) && !(await noCountry.isVisible())) break;
      if (Date.now() > deadline) throw new Error('No artist of the demo fan has a known country');
      await page.waitForTimeout(3_000);
    }

    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    const map = page.getByRole('img', { name: /^World map of where your artists come from/ });
    await map.waitFor();
    await expect.poll(() => map.locator('path[data-country]').count()).toBeGreaterThan(100);
    // At least one country is shaded (not the colour of no listening).
    const shaded = await map.locator('path[data-country]').evaluateAll((paths) => paths.filter((path) => path.getAttribute('fill') !== '#2a2240').length);
    expect(shaded).toBeGreaterThan(0);
    await page.getByRole('list', { name: 'Legend: listening time per country' }).waitFor();
  });
});
