import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from './support/browser.js';
import { signIn } from './support/web-shell.js';

/** Signed in to one of the demo accounts, or a visitor (the pages an e-mail's link opens). */
type Area = 'fan' | 'artist' | 'admin' | 'visitor';

/** A phone's screen (Lighthouse's mobile one): where a section arriving late moves what is read. */
const PHONE = { width: 412, height: 823 };

/**
 * Each API answer held back, by a different time (400, 650, 900, 1,150 ms, by the order they are
 * asked): the page's code is drawn before its first answer, and its reads arrive one by one and
 * out of order, as on a phone's network.
 */
const FIRST_ANSWER_MS = 400;
const STAGGER_MS = 250;

/** The page's global the script below keeps (this file is type-checked without the DOM's types). */
declare const window: { __layoutShift: number };

/** Sums every layout shift not caused by input (what Lighthouse's CLS counts, over the whole load). */
const RECORD_SHIFTS = `
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

/**
 * Issue 29 item 14: the screens whose sections load on their own did push each other down as
 * each arrived (Lighthouse's layout shift 0.18–0.44 on a phone). In Chromium against the platform
 * as `npm start` runs it, each such screen loads with its reads answered out of order, and the
 * page must not move under the reader: its cumulative layout shift stays under 0.05 (Lighthouse's
 * "good" is 0.1).
 */
describe('screens that load in parts do not move, in Chromium', () => {
  const appUrl = inject('appUrl');
  let browser: Browser;
  const contexts = new Map<Area, BrowserContext>();

  beforeAll(async () => {
    browser = await launchBrowser();
    for (const area of ['fan', 'artist', 'admin', 'visitor'] as const) {
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
      if (area !== 'visitor') await signIn(context, appUrl, area);
      await context.addInitScript(RECORD_SHIFTS);
      contexts.set(area, context);
    }
  });

  /** A demo claim in `status` (the demo data verifies the first in the background at start). */
  async function demoClaimId(status: 'successful' | 'pending'): Promise<string> {
    for (let attempt = 0; attempt < 60; attempt++) {
      const claims = (await (await contexts.get('artist')!.request.get(`${appUrl}/api/for-artists/claims`)).json()) as {
        data: { id: string; status: string }[] | { items: { id: string; status: string }[] };
      };
      const found = (Array.isArray(claims.data) ? claims.data : claims.data.items).find((claim) => claim.status === status);
      if (found) return found.id;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error(`the demo artist has no ${status} claim after a minute`);
  }

  afterAll(async () => {
    await browser?.close();
  });

  /** Opens `path` as `area` with the API's answers staggered; returns the layout shift once all has arrived. */
  async function layoutShiftOf(area: Area, path: string, loaded: string): Promise<number> {
    const page = await contexts.get(area)!.newPage();
    try {
      let asked = 0;
      await page.route('**/api/**', async (route) => {
        const delay = FIRST_ANSWER_MS + (asked++ % 4) * STAGGER_MS;
        await new Promise((resolve) => setTimeout(resolve, delay));
        await route.continue();
      });
      await page.goto(`${appUrl}${path}`);
      await page.getByRole('heading', { name: loaded }).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      // The last answers' renders, and any image or font that lands with them.
      await page.waitForTimeout(500);
      return await page.evaluate(() => window.__layoutShift);
    } finally {
      await page.close();
    }
  }

  it.each([
    { area: 'fan', path: '/pie', loaded: 'How your pie works' },
    { area: 'fan', path: '/report', loaded: 'Your impact' },
    { area: 'fan', path: '/earth', loaded: 'Countries' },
    { area: 'fan', path: '/dashboard', loaded: 'Recent plays' },
    { area: 'admin', path: '/admin/dashboard', loaded: 'Money per day' },
    { area: 'admin', path: '/admin/finances', loaded: 'Escrow payouts' },
    { area: 'artist', path: '/for-artists/funds', loaded: 'Transactions' },
    { area: 'artist', path: '/for-artists/settings', loaded: 'Linked accounts' },
    { area: 'artist', path: '/for-artists/give-back', loaded: 'Your gifts' },
  ] as const)('$path ($area) keeps still while its parts arrive', async ({ area, path, loaded }) => {
    expect(await layoutShiftOf(area, path, loaded)).toBeLessThan(0.05);
  });

  it("a verified artist's page keeps still while its insights and money arrive", async () => {
    expect(await layoutShiftOf('artist', `/for-artists/artists/${await demoClaimId('successful')}`, "This artist's money")).toBeLessThan(0.05);
  });

  it('an open claim keeps still while the artist’s links arrive', async () => {
    expect(await layoutShiftOf('artist', `/for-artists/claims/${await demoClaimId('pending')}`, 'History')).toBeLessThan(0.01);
  });

  it.each(['/auth/fans/verify-email', '/auth/for-artists/verify-email'])('%s keeps still while the link is checked', async (path) => {
    // Well formed (a malformed one is refused before any request), but unknown: the check fails.
    const token = `${'A'.repeat(20)}_-${'b'.repeat(21)}`;
    expect(await layoutShiftOf('visitor', `${path}/${token}`, "We couldn't verify your e-mail")).toBeLessThan(0.01);
  });
});
