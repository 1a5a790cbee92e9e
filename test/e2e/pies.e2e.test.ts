import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.js';

/** The preview's artist rows as "name amount" strings, once the preview has settled. */
async function previewRows(preview: Locator): Promise<string[]> {
  await preview.page().locator('[data-testid="split-preview"][aria-busy="false"]').waitFor();
  return preview.getByTestId('split-row').allTextContents();
}

/** Waits until `read()` returns something different from `before`. */
async function changedFrom(before: string[], read: () => Promise<string[]>, timeoutMs = 15_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await read();
    if (JSON.stringify(now) !== JSON.stringify(before)) return now;
    if (Date.now() > deadline) throw new Error(`The preview did not change: ${JSON.stringify(now)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Parses the statement CSV (every cell quoted). */
function parseCsv(text: string): string[][] {
  return text
    .trim()
    .split('\r\n')
    .map((line) => line.split(/,(?=")/).map((cell) => cell.slice(1, -1).replace(/""/g, '"')));
}

/**
 * Issue 12 "Done when": the demo fan opens /pie, moves the artist limit and the popularity tilt
 * and sees the preview change, saves, opens a statement of a closed period (closed by the worker's
 * close job from the demo data) and downloads its CSV, whose lines add up to the charge.
 */
describe('a fan’s pie in Chromium', () => {
  const appUrl = inject('appUrl');
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    await page.addLocatorHandler(page.getByRole('region', { name: 'Cookie consent' }), (banner) => banner.getByRole('button', { name: 'Essential only' }).click());
    await page.addLocatorHandler(page.getByRole('region', { name: 'Install Pie' }), (prompt) => prompt.getByRole('button', { name: 'Not now' }).first().click());
    await page.goto(`${appUrl}/login`);
    await page.getByLabel(/^Email/).fill('fan@pie.local');
    await page.getByLabel(/^Password/).fill('pie-demo-fan');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('moves the artist limit and the popularity tilt, sees the preview change, and saves', async () => {
    // The demo pie is made once the demo fan's listening upload is imported: reload until it is there.
    const deadline = Date.now() + 540_000;
    for (;;) {
      await page.goto(`${appUrl}/pie`);
      const controls = page.getByRole('region', { name: 'Try your settings' });
      const empty = page.getByRole('heading', { name: 'No pies yet' });
      await controls.or(empty).waitFor({ timeout: 30_000 });
      if (await controls.isVisible()) break;
      if (Date.now() > deadline) throw new Error('The demo pie never appeared');
      await page.waitForTimeout(3000);
    }
    const preview = page.getByTestId('split-preview');
    await preview.getByTestId('split-row').first().waitFor({ timeout: 30_000 });
    const initial = await previewRows(preview);
    expect(initial.length).toBeGreaterThan(3);

    const limit = page.getByRole('slider', { name: /^Artist limit/ });
    await limit.focus();
    const presses = Number(await limit.getAttribute('aria-valuenow')) - 3;
    for (let i = 0; i < presses; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => limit.getAttribute('aria-valuenow')).toBe('3');
    const limited = await changedFrom(initial, () => previewRows(preview));
    expect(limited).toHaveLength(3);

    // The tilt: the preview is recomputed by the server with it. (The demo fan is the only listener,
    // so every artist has the same popularity percentile and the tilt cannot move money between them.)
    const tilt = page.getByRole('slider', { name: /^Tilt toward less popular/ });
    const recomputed = page.waitForResponse((response) => /realtime-stats\?.*artistPopularity=(?!0\b)\d+/.test(response.url()) && response.ok());
    await tilt.focus();
    for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => tilt.getAttribute('aria-valuenow')).not.toBe('0');
    const answer = (await (await recomputed).json()) as { data: { settings: { artistPopularity: number; artistLimit: number }; artists: { selected: boolean }[] } };
    expect(answer.data.settings).toMatchObject({ artistLimit: 3 });
    expect(answer.data.settings.artistPopularity).toBeGreaterThan(0);
    expect(answer.data.artists.filter((a) => a.selected)).toHaveLength(3);
    expect(await previewRows(preview)).toHaveLength(3);

    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved. Your new settings apply from your next period.' }).waitFor();
  }, 600_000);

  it('opens the statement of a closed period and downloads its CSV, whose artists add up to what they were given', async () => {
    // The worker's close scheduler closes the demo pie's ended periods within a minute or so.
    const statementLink = page.getByRole('link', { name: /^Statement for / }).first();
    const deadline = Date.now() + 180_000;
    for (;;) {
      await page.goto(`${appUrl}/my-pies`);
      await page.getByRole('table', { name: 'Periods' }).first().waitFor({ timeout: 30_000 });
      if ((await page.getByRole('link', { name: /^Statement for / }).count()) >= 2) break;
      if (Date.now() > deadline) throw new Error('The demo pie’s periods were never closed');
      await page.waitForTimeout(3000);
    }
    await statementLink.click();
    await page.getByRole('heading', { level: 1, name: 'Statement' }).waitFor();
    const artistsTable = page.getByRole('table', { name: 'Artists' });
    await artistsTable.waitFor();
    expect(await artistsTable.locator('tbody tr').count()).toBeGreaterThan(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const rows = parseCsv(await readFile((await download.path())!, 'utf8'));
    const [section, line, amount] = ['section', 'line', 'amount_cents'].map((name) => rows[0].indexOf(name));
    const money = new Map(rows.filter((row) => row[section] === 'money').map((row) => [row[line], Number(row[amount])]));
    expect(money.get('Total of the lines (fees, shares, kept, less carried in)')).toBe(money.get('Charge') ?? money.get('Free promotion'));
    const artists = rows.filter((row) => row[section] === 'paid');
    expect(artists.length).toBeGreaterThan(0);
    expect(artists.every((row) => Number(row[amount]) > 0)).toBe(true);
    expect(artists.reduce((sum, row) => sum + Number(row[amount]), 0)).toBe(money.get('To your artists'));
  }, 300_000);

  it('shows the demo pie on the dashboard, with the way to it', async () => {
    await page.goto(`${appUrl}/dashboard`);
    const card = page.getByRole('region', { name: 'Your pie' });
    await card.getByText(/ each period, split among up to \d+ of the artists you listen to\./).waitFor();
    await card.getByRole('link', { name: 'Open your pie' }).click();
    await page.waitForURL((url) => url.pathname === '/pie');
    await page.getByRole('region', { name: 'Try your settings' }).waitFor();
  });
});
