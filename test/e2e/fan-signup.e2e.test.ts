import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { InboxClient } from '../../apps/sandbox/src/mail/inbox-client.js';
import { launchBrowser } from './support/browser.js';

// A person signs up through the real browser against the platform started by `npm start`.
describe('fan e-mail sign-up in Chromium', () => {
  const appUrl = inject('appUrl');
  const inbox = new InboxClient(inject('inboxUrl'));
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers, reads the mail from the sandbox, verifies, logs in and sees the dashboard', async () => {
    const email = `e2e-${randomBytes(4).toString('hex')}@example.test`;
    const password = 'a long enough password';

    await page.goto(`${appUrl}/register`);
    await page.getByLabel(/^First name/).fill('Robin');
    await page.getByLabel(/^Last name/).fill('Listener');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Confirm password/).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(/check your e-mail/i).first().waitFor();

    const mail = await inbox.waitForMessage({ to: email, timeoutMs: 30_000 });
    const link = mail.text.match(/https?:\/\/\S+\/auth\/fans\/verify-email\/[A-Za-z0-9_-]+/)?.[0];
    expect(link, 'verification link in the mail').toBeDefined();

    await page.goto(link!);
    await page.getByText('Your e-mail is verified').waitFor();
    await page.getByRole('link', { name: 'Log in' }).first().click();

    await page.waitForURL(`${appUrl}/login`);
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.waitForURL(`${appUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, Robin' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome, Robin');
  });

  it('sends a visitor without a session from the dashboard to the login page', async () => {
    const anonymous = await browser.newPage();
    await anonymous.goto(`${appUrl}/dashboard`);
    await anonymous.waitForURL(`${appUrl}/login`);
    await anonymous.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await anonymous.getByRole('button', { name: 'Log in' }).isVisible()).toBe(true);
    await anonymous.close();
  });
});
