import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hashPassword } from '#pie/identity/testing';
import { databaseUrl } from '#pie/testing';
import { claimBody } from '../integration/claims/artist-area-fixtures.js';
import { openSql } from '../support/sql.js';
import { launchBrowser } from './support/browser.js';

/**
 * Issue 27, finding 8: under `npm start`'s configuration the claim wizard's step 2 found no social
 * link at all, because the sandbox's artist pages linked `127.0.0.1:<port>` while the app accepts
 * only links on `localhost:<port>` (SOCIAL_PROVIDERS_BASE_URL), so no claim could be verified
 * through a social page. The platform here runs through scripts/start.ts, so this is that
 * configuration: the links are found, and a claim is verified through the artist's X page.
 */
describe('social links of an artist under npm start', () => {
  const appUrl = inject('appUrl');
  const providersUrl = inject('providersUrl');
  let browser: Browser;
  let page: Page;
  /** An artist of its own (the demo data is seeded in the background and would race with this). */
  const artist = { email: `e2e-socials-${randomBytes(4).toString('hex')}@example.test`, password: 'an e2e artist password' };

  beforeAll(async () => {
    const sql = openSql(databaseUrl(process.env.E2E_DATABASE ?? 'pie_e2e'));
    try {
      await sql.query(
        `insert into identity.artist_users (id, email, first_name, last_name, password_hash, email_verified_at, registration_completed_at)
         values ($1, $2, 'Sol', 'Artist', $3, now(), now())`,
        [randomUUID(), artist.email, await hashPassword(artist.password)],
      );
    } finally {
      await sql.close();
    }
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    await page.goto(`${appUrl}/for-artists/login`);
    await page.getByLabel(/^Email/).fill(artist.email);
    await page.getByLabel(/^Password/).fill(artist.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** A POST from the browser's own session with its CSRF cookie, as the app's screens send them. */
  async function post<T>(path: string, data: unknown): Promise<{ status: number; body: { data: T } }> {
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await page.request.post(`${appUrl}${path}`, { headers: { 'x-xsrf-token': csrf }, data });
    return { status: response.status(), body: await response.json() };
  }

  let artistId: string;
  let socials: { verificationString: string; links: Record<string, string | null> };

  it('the wizard finds the artist’s links on the sandbox’s Spotify page, all on the origin the app trusts', async () => {
    const sql = openSql(databaseUrl(process.env.E2E_DATABASE ?? 'pie_e2e'));
    try {
      // An artist nobody has claimed (the demo office's claims would refuse a second one).
      artistId = (await sql.value<string>(
        `select a.id from listening.artists a where a.provider_id is not null and not exists (select 1 from claims.claims c where c.artist_id = a.id) order by a.name limit 1`,
      ))!;
    } finally {
      await sql.close();
    }
    expect(artistId).toBeTruthy();
    const answer = await post<typeof socials>('/api/for-artists/artist/socials/fetch', { artistId });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    socials = answer.body.data;
    const links = Object.values(socials.links).filter((link): link is string => link !== null);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).origin).toBe(new URL(providersUrl).origin);
  });

  it('verifies a claim through the artist’s X page', async () => {
    const xPage = socials.links.twitter;
    expect(xPage, 'the sandbox artist links an X page').toBeTruthy();
    const claim = await post<{ id: string }>('/api/for-artists/claims', claimBody(artistId, socials.verificationString));
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);

    // The artist puts the string in the bio of their X page (the sandbox's), not on Spotify.
    await page.goto(xPage!);
    await page.getByRole('link', { name: 'Edit bio (as the owner)' }).click();
    await page.getByLabel('Bio').fill(`Official. ${socials.verificationString}`);
    await page.getByRole('button', { name: 'Save bio' }).click();
    await page.getByText(socials.verificationString).waitFor();

    // The claim page fills in the X link it found; verifying reads that page.
    await page.goto(`${appUrl}/for-artists/claims/${claim.body.data.id}`);
    await expect.poll(() => page.getByLabel(/^X \(Twitter\) link/).inputValue(), { timeout: 20_000 }).toBe(xPage);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Successful', { exact: true }).first().waitFor();
  });
});
