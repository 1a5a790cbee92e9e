import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { StripeSandboxControl } from '../../apps/sandbox/src/stripe/control-client.js';
import { hashPassword } from '#pie/identity/testing';
import { databaseUrl } from '#pie/testing';
import { openSql, type Sql } from '../support/sql.js';
import { launchBrowser } from './support/browser.js';

/** An office admin of its own: the demo office is connected by the demo seed in the background and would race with these steps. */
const ADMIN = { email: `e2e-payouts-${randomBytes(4).toString('hex')}@example.test`, password: 'an e2e payouts password' };
const ARTIST_NAME = `E2E Payee ${randomBytes(3).toString('hex')}`;
const ESCROW_CENTS = 2500;

/**
 * Issue 14 "Done when", in Chromium against the platform as `npm start` runs it: an office admin
 * connects Stripe on the sandbox's onboarding page and comes back to settings as enabled; the
 * escrow fans gave an unclaimed artist is released once the office's claim succeeds and reaches
 * Stripe with a transfer; the admin creates a payout and sees it paid after the sandbox clock moves.
 */
describe('payouts in Chromium', () => {
  const appUrl = inject('appUrl');
  const stripe = new StripeSandboxControl(inject('stripeUrl'));
  let sql: Sql;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let artist: { id: string; spotifyId: string };

  /** Calls the API from the page, as the app does (session cookie, CSRF header from its cookie). */
  async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const token = (await context.cookies(appUrl)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    return (await page.evaluate(
      async ({ method, path, body, token }) => {
        const response = await fetch(path, { method, headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(token) }, body: body === undefined ? undefined : JSON.stringify(body) });
        return { status: response.status, body: (await response.json()) as unknown };
      },
      { method, path, body, token },
    )) as { status: number; body: T };
  }

  beforeAll(async () => {
    sql = openSql(databaseUrl(process.env.E2E_DATABASE ?? 'pie_e2e'));
    await sql.query(
      `insert into identity.artist_users (id, email, first_name, last_name, password_hash, email_verified_at, registration_completed_at)
       values ($1, $2, 'Paula', 'Payee', $3, now(), now())`,
      [randomUUID(), ADMIN.email, await hashPassword(ADMIN.password)],
    );
    const spotifyId = randomBytes(16).toString('hex').slice(0, 22);
    const [row] = await sql.query<{ id: string }>(`insert into listening.artists (provider_id, name, metadata_fetched_at) values ($1, $2, now()) returning id`, [spotifyId, ARTIST_NAME]);
    artist = { id: row.id, spotifyId };
    // A fan who listened only to this artist, with $25.00 in the wallet and a pie period that ended
    // three hours ago (a close waits two hours for the last plays): the worker's close scheduler
    // closes it (within its one-minute tick) and the whole share lands in the artist's escrow, as
    // any unclaimed artist's money does.
    const fanId = randomUUID();
    await sql.query(
      `insert into identity.fans (id, email, first_name, last_name, password_hash, email_verified_at, accepted_terms_at) values ($1, $2, 'Pat', 'Fan', null, now(), now())`,
      [fanId, `e2e-payouts-fan-${randomBytes(4).toString('hex')}@example.test`],
    );
    const [track] = await sql.query<{ id: string }>(
      `insert into listening.tracks (provider_id, name, match_key, duration_ms, metadata_fetched_at) values ($1, 'Payee Song', $2, 200000, now()) returning id`,
      [randomBytes(11).toString('hex'), `${ARTIST_NAME.toLowerCase()} payee song`],
    );
    await sql.query(`insert into listening.track_artists (track_id, artist_id, position) values ($1, $2, 0)`, [track.id, artist.id]);
    await sql.query(
      `insert into listening.plays (fan_id, played_at, track_id, ms_played, source) select $1, now() - make_interval(days => d), $2, 180000, 'export' from generate_series(2, 20) d`,
      [fanId, track.id],
    );
    const [pie] = await sql.query<{ id: string }>(
      `insert into pies.pies (fan_id, subscription_id, amount_cents, artist_limit, artist_popularity, exclude_non_active, pie_days) values ($1, $2, 2500, 20, 0, false, 30) returning id`,
      [fanId, `sub_e2e_${randomBytes(6).toString('hex')}`],
    );
    await sql.query(
      `insert into pies.periods (pie_id, seq, starts_at, ends_at, amount_cents, artist_limit, artist_popularity, exclude_non_active, state)
       values ($1, 1, now() - interval '30 days', now() - interval '3 hours', 2500, 20, 0, false, 'open')`,
      [pie.id],
    );
    // The period's money in the fan's wallet (as a paid invoice leaves it), in one statement: account, journal, postings.
    await sql.query(
      `with account as (insert into ledger.accounts (code, kind, owner_id, allow_negative) values ('fan_wallet:' || $1::text, 'fan_wallet', $1::uuid, false) on conflict do nothing),
            journal as (insert into ledger.journals (kind, idempotency_key, occurred_at, "references") values ('e2e_funding', 'e2e_funding:' || $1::text, now() - interval '29 days', jsonb_build_object('fanId', $1::text)) returning id)
       insert into ledger.postings (journal_id, account, amount_cents)
       select id, 'stripe_clearing', -$2::bigint from journal union all select id, 'fan_wallet:' || $1::text, $2::bigint from journal`,
      [fanId, ESCROW_CENTS],
    );
    // Ask for the closes now, as the close scheduler's tick (once a minute) would, through the outbox the
    // worker relays: the test need not wait up to a minute for the next tick.
    await sql.query(`insert into platform.outbox (id, queue, job_name, payload, occurred_at) values ($1, 'pies', 'pies.schedule-period-closes', '{}', now())`, [randomUUID()]);
    const deadline = Date.now() + 150_000;
    const escrow = () => sql.value(`select coalesce(max(balance_cents), 0) from ledger.accounts where code = $1`, [`artist_escrow:${artist.id}`]).then(Number);
    while ((await escrow()) !== ESCROW_CENTS) {
      if (Date.now() > deadline) throw new Error(`the period's close never put ${ESCROW_CENTS} cents in the artist's escrow (it holds ${await escrow()})`);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }

    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
    await page.addLocatorHandler(page.getByRole('region', { name: 'Cookie consent' }), (banner) => banner.getByRole('button', { name: 'Essential only' }).click());
    await page.addLocatorHandler(page.getByRole('region', { name: 'Install Pie' }), (prompt) => prompt.getByRole('button', { name: 'Not now' }).first().click());
    await page.goto(`${appUrl}/for-artists/login`);
    await page.getByLabel(/^Email/).fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/for-artists/artists');
  });
  afterAll(async () => {
    await browser?.close();
    await sql?.close();
  });

  it('connects Stripe on the sandbox onboarding page and comes back to the office settings as enabled', async () => {
    const office = await api<{ data: { _id: string } }>('POST', '/api/for-artists/offices', { name: 'E2E Payee Office', type: 'management' });
    expect(office.status).toBe(201);
    await page.goto(`${appUrl}/for-artists/office-settings`);
    await expect(page.getByTestId('stripe-status').textContent()).resolves.toBe('Not connected');
    await page.getByRole('button', { name: 'Connect Stripe' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/connect/onboarding/'));
    await page.getByLabel('Business name').fill('E2E Payee Office');
    await page.getByRole('button', { name: 'Agree and submit' }).click();
    await page.waitForURL((url) => url.pathname === '/for-artists/office-settings');
    await page.getByTestId('stripe-status').filter({ hasText: 'Enabled' }).waitFor({ timeout: 30_000 });
  });

  it('releases the escrow once the claim succeeds, transfers it, pays it out and shows the payout paid after the clock moves', async () => {
    const offices = await api<{ data: { _id: string }[] }>('GET', '/api/for-artists/offices');
    const officeId = offices.body.data[0]._id;
    const socials = await api<{ data: { verificationString: string; spotifyArtistUrl: string } }>('POST', '/api/for-artists/artist/socials/fetch', { artistId: artist.id, officeId });
    const claim = await api<{ data: { id: string } }>('POST', '/api/for-artists/claims', {
      selectedArtist: artist.id,
      agreesToWaiver: true,
      agreesToFundsTerms: true,
      agreesToTerms: true,
      verificationMethod: 'bio',
      selectedPlatform: 'twitter',
      verificationString: socials.body.data.verificationString,
      officeId,
    });
    expect(claim.status).toBe(201);
    const providersUrl = inject('providersUrl');
    const edit = await fetch(`${providersUrl}/socials/spotify/artist/${artist.spotifyId}/edit`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ bio: `Official. ${socials.body.data.verificationString}` }),
      redirect: 'manual',
    });
    expect(edit.status).toBe(303);
    const verified = await api('POST', `/api/for-artists/claims/${claim.body.data.id}/verify-bio`, { spotifyArtistUrl: socials.body.data.spotifyArtistUrl });
    expect(verified.status).toBe(200);

    // $25.00 released; over the $10 threshold, so it goes to Stripe at once, whole: Stripe's Connect fees
    // ($2 a month with a payout, and the per-payout fee) are booked with the payout, as Stripe bills them.
    // The release shows in the office's earnings first, then the transfer moves it to Stripe: the
    // page is read again until Stripe holds it and "Create payout" can be used.
    await page.goto(`${appUrl}/for-artists/funds`);
    const balances = page.getByRole('region', { name: 'Balances', exact: true });
    await expect
      .poll(
        async () => {
          await page.reload();
          await balances.getByText('Available in Stripe').waitFor();
          return (await page.getByRole('button', { name: 'Create payout' }).isEnabled()) ? ((await balances.textContent()) ?? '') : 'Create payout still disabled';
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toContain('$25.00');
    const transactions = page.getByRole('region', { name: 'Transactions', exact: true });
    await transactions.getByText('Released from an artist’s escrow').waitFor();
    await transactions.getByText('$25.00').first().waitFor();

    await page.getByRole('button', { name: 'Create payout' }).click();
    await page.getByRole('dialog', { name: 'Pay out to your bank?' }).getByRole('button', { name: 'Pay out $25.00' }).click();
    const payouts = page.getByRole('region', { name: 'Payouts', exact: true });
    await payouts.getByText('On its way').waitFor({ timeout: 30_000 });

    await stripe.advanceClock({ days: 3 });
    await expect
      .poll(
        async () => {
          await page.reload();
          await payouts.getByRole('link', { name: /Payout of/ }).first().waitFor();
          return (await payouts.textContent()) ?? '';
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toContain('Paid');
    await payouts.getByRole('link', { name: /Payout of \$25\.00/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/for-artists/funds/payouts/'));
    await page.getByText('Paid').first().waitFor();
  });
});
