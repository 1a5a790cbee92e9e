import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.js';
import { axeViolations, layoutProblems, SCREENS, signIn } from './support/web-shell.js';

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Issue 31 "Done when": the demo fan opens their impact on /report, sees where their money went (the
 * same figures the API reads from the ledger) and downloads a card: a 1200×630 PNG. Axe finds nothing,
 * and on a phone nothing is cut off.
 */
describe('a fan’s impact, in Chromium', () => {
  const appUrl = inject('appUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: SCREENS.desktop, acceptDownloads: true });
    await signIn(context, appUrl, 'fan');
    page = await context.newPage();
    await page.addLocatorHandler(page.getByRole('region', { name: 'Cookie consent' }), (banner) => banner.getByRole('button', { name: 'Essential only' }).click());
    await page.addLocatorHandler(page.getByRole('region', { name: 'Install Pie' }), (prompt) => prompt.getByRole('button', { name: 'Not now' }).first().click());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the demo fan opens /report, sees their impact and downloads a 1200×630 PNG card; axe finds nothing', async () => {
    // The worker closes the demo pie's ended periods once the demo listening is in: then money has reached artists.
    let impact: { paidInCents: number; givenToArtistsCents: number; artistCount: number } | undefined;
    await expect
      .poll(
        async () => {
          const response = await context.request.get(`${appUrl}/api/report/impact`);
          impact = response.ok() ? ((await response.json()) as { data: typeof impact }).data : undefined;
          return impact?.givenToArtistsCents ?? 0;
        },
        { timeout: 540_000, interval: 3_000 },
      )
      .toBeGreaterThan(0);

    await page.goto(`${appUrl}/report`);
    const region = page.getByRole('region', { name: 'Your impact' });
    await region.locator('dt:text-is("Given to artists")').waitFor({ timeout: 30_000 });
    const figure = (label: string) => region.locator(`dt:text-is("${label}") + dd`).textContent();
    expect(await figure('Given to artists')).toBe(dollars(impact!.givenToArtistsCents));
    expect(await figure('Paid in')).toBe(dollars(impact!.paidInCents));
    expect(await figure('Artists funded')).toBe(String(impact!.artistCount));
    await region.getByRole('table', { name: 'Your money per month' }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), region.getByRole('link', { name: 'Download card' }).click()]);
    expect(download.suggestedFilename()).toBe('pie-impact-all-time.png');
    const png = await readFile((await download.path())!);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

    expect(await axeViolations(page)).toEqual([]);

    // On a phone, with the figures in, nothing is cut off or scrolls sideways.
    await page.setViewportSize(SCREENS.phone);
    await page.reload();
    await region.locator('dt:text-is("Given to artists")').waitFor({ timeout: 30_000 });
    await region.getByRole('table', { name: 'Your money per month' }).waitFor();
    expect(await layoutProblems(page)).toEqual([]);
  }, 600_000);
});
