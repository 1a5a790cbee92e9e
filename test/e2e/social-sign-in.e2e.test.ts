import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.js';

const PROVIDERS = [
  { label: 'Spotify', provider: 'spotify', title: 'Spotify', account: 'listener1' },
  { label: 'Google', provider: 'google', title: 'Google', account: '100000000000000000001' },
  { label: 'X', provider: 'twitter', title: 'X', account: '1500000000000000001' },
  { label: 'Facebook', provider: 'facebook', title: 'Facebook', account: '10000000000000001' },
] as const;

/** On the sandbox provider's sign-in page, picks a test account. */
async function chooseAccount(page: Page, title: string, accountId: string): Promise<void> {
  // Off the app first: a title check during the redirect can run in a page that is going away.
  const appOrigin = new URL(inject('appUrl')).origin;
  await page.waitForURL((url) => url.origin !== appOrigin);
  await page.waitForFunction(`document.title.startsWith(${JSON.stringify(`Sign in to ${title}`)})`);
  await page.locator(`button[name="account_id"][value="${accountId}"]`).click();
}

describe('social sign-in in Chromium through the sandbox providers', () => {
  const appUrl = inject('appUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { label, provider, title, account } of PROVIDERS) {
    it(`${label}: signs a fan in from the login page and lands on the dashboard`, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${appUrl}/login`);
      await page.getByRole('button', { name: `Continue with ${label}` }).click();
      const callback = page.waitForResponse((response) => response.url().includes(`/api/auth/callback/${provider}`));
      await chooseAccount(page, title, account);
      const landing = new URL((await (await callback).headerValue('location')) ?? '', appUrl);
      expect(landing.pathname).toBe('/dashboard');
      expect(landing.searchParams.get('signedIn')).toBe(provider);
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      // The dashboard takes the round trip's parameters out of the address (issue 16 item 7).
      await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '');
      await context.close();
    });
  }

  it('carries promo=try and deviceType through the round trip from /try', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${appUrl}/try`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const callback = page.waitForResponse((response) => response.url().includes('/api/auth/callback/google'));
    await chooseAccount(page, 'Google', '100000000000000000002');
    const landing = new URL((await (await callback).headerValue('location')) ?? '', appUrl);
    expect(landing.pathname).toBe('/dashboard');
    expect(landing.searchParams.get('promo')).toBe('try');
    expect(landing.searchParams.get('deviceType')).toBe('desktop');
    await context.close();
  });

  it('refuses a tampered state and says so on the login page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${appUrl}/api/auth/callback/google?code=forged&state=${'t'.repeat(43)}`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText(/could not be completed/).waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'fan_access_token')).toBeUndefined();
    await context.close();
  });

  it('links and disconnects Facebook from settings', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${appUrl}/login`);
    await page.getByLabel(/^Email/).fill('fan@pie.local');
    await page.getByLabel(/^Password/).fill('pie-demo-fan');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await page.goto(`${appUrl}/settings`);
    await page.getByRole('button', { name: 'Connect Facebook' }).click();
    await chooseAccount(page, 'Facebook', '10000000000000002');
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('button', { name: 'Disconnect Facebook' }).waitFor();
    await page.getByRole('button', { name: 'Disconnect Facebook' }).click();
    await page.getByRole('button', { name: 'Connect Facebook' }).waitFor();
    await context.close();
  });
});
