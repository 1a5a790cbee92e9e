import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '#pie/platform';
import { closePiePeriod, createPie, openPeriod } from '#pie/pies/testing';
import { logIn, makeAccount, type TestAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeCatalogueArtist, officeAdmin } from '../claims/artist-area-fixtures.js';
import { makeTrack, seedPlays, type CatalogueTrack } from '../listening/listening-fixtures.js';
import { enableStripe, verifyClaim, type OfficeAdmin } from '../payouts/payouts-fixtures.js';
import { DAY, defaultSettings, payInvoice } from '../pies/pies-fixtures.js';

/**
 * One figure, one value (issue 29, item 7): on a seeded history — fans paying (one through the
 * sandbox's Stripe, with a refund), pies closing into two artists' escrow, an office claiming one of
 * them, its escrow released, transferred and paid out (Stripe's payout fee and $2 monthly fee) — every
 * headline figure a screen shows is computed twice: from the screen's API and from the ledger's
 * postings directly, and the two must agree. Where two screens show the same concept, they agree too.
 */
describe('money figures: each screen’s API agrees with the ledger', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let database: Database;
  let adminCookies: Record<string, string>;
  let office: OfficeAdmin;
  const fans: { account: TestAccount; cookies: Record<string, string>; periodId?: string }[] = [];
  const artists: { claimed?: { id: string }; unclaimed?: { id: string } } = {};

  const start = new Date(Date.now() - 31 * DAY);
  const end = new Date(Date.now() - DAY);

  /** Σ postings straight from the ledger's tables, by journal kinds, account (prefix) and the fan a journal names. */
  async function postings(filter: { kinds?: string[]; account: string; fanId?: string }): Promise<number> {
    const value = await sql.value<string>(
      `select coalesce(sum(p.amount_cents), 0) from ledger.postings p join ledger.journals j on j.id = p.journal_id
        where ($1::text[] is null or j.kind = any($1)) and (p.account = $2 or p.account like $2 || ':%')
          and ($3::text is null or j."references"->>'fanId' = $3)`,
      [filter.kinds ?? null, filter.account, filter.fanId ?? null],
    );
    return Number(value);
  }

  /** Money out of an account as a positive figure (never −0). */
  const out = (net: number) => 0 - net;

  const get = async (path: string, cookies: Record<string, string>) => {
    const response = await platform.request('GET', path, { cookies });
    expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body.data;
  };

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'money-figures', stripe: true, env: { TRANSFER_THRESHOLD_CENTS: '500' } });
    sql = openSql(platform.database.url);
    database = platform.api.get(Database);
    adminCookies = (await logIn(platform, await makeAccount(sql, 'admin'))).cookies;

    const claimed = await makeCatalogueArtist(sql, 'Figures Claimed');
    const unclaimed = await makeCatalogueArtist(sql, 'Figures Unclaimed');
    artists.claimed = claimed;
    artists.unclaimed = unclaimed;
    const tracks: [CatalogueTrack, CatalogueTrack] = [await makeTrack(sql, [claimed.id]), await makeTrack(sql, [unclaimed.id])];

    // Two fans whose ended periods were paid ($10: 59¢ Stripe, $1 Pie) and listened to both artists.
    for (const [index, minutes] of [
      [0, [5, 2]],
      [1, [1, 4]],
    ] as const) {
      const account = await makeAccount(sql, 'fan');
      const { cookies } = await logIn(platform, account);
      await seedPlays(platform, account.id, [
        { track: tracks[0], at: new Date(start.getTime() + DAY + index * 60_000), ms: minutes[0] * 60_000 },
        { track: tracks[1], at: new Date(start.getTime() + 2 * DAY + index * 60_000), ms: minutes[1] * 60_000 },
      ]);
      const invoiceId = `in_${randomUUID().slice(0, 12)}`;
      const net = await payInvoice(platform, account.id, { id: invoiceId, grossCents: 1000, processorFeeCents: 59, platformFeeCents: 100, paidAt: start });
      const periodId = await database.transaction(async (tx) => {
        const { pieId } = await createPie(tx, { fanId: account.id, subscriptionId: `sub_${randomUUID().slice(0, 12)}`, promo: false, settings: defaultSettings, firstPeriod: { startsAt: start, endsAt: end } });
        return (await openPeriod(tx, pieId, { startsAt: start, endsAt: end }, { invoiceId, fundedCents: net })).periodId;
      });
      await database.transaction((tx) => closePiePeriod(tx, periodId));
      fans.push({ account, cookies, periodId });
    }

    // A third fan pays through the sandbox's checkout (Stripe's own fee) and gets $5 refunded.
    const payer = await makeAccount(sql, 'fan');
    const payerCookies = (await logIn(platform, payer)).cookies;
    const checkout = await platform.request('POST', '/api/stripe/createCheckout', { cookies: payerCookies, body: { amount: '10.00', pieDays: 30, artistLimit: 10, artistPopularity: 0, excludeNonActive: false } });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    await platform.stripeControl.payCheckoutSession(checkout.body.data.sessionId);
    const charge = await eventually('the payment to be booked', () => sql.value<string | null>(`select charge_id from billing.invoices where fan_id = $1`, [payer.id]));
    await platform.stripeControl.refundCharge(charge!, { amount: 500 });
    await eventually('the refund to be booked', async () => (await postings({ kinds: ['refund'], account: 'stripe_clearing', fanId: payer.id })) === 500);
    fans.push({ account: payer, cookies: payerCookies });

    // An office claims the first artist: its escrow is released, transferred, and paid out to the bank.
    office = await officeAdmin(platform, sql, 'Figures Office');
    await verifyClaim(platform, office, claimed);
    const stripeAccount = await enableStripe(platform, sql, office);
    await eventually('the transfer', async () => (await platform.stripe.transfers.list({ destination: stripeAccount })).data.length === 1);
    await eventually('the money to be available at Stripe', async () => (await get(`/api/for-artists/stripe/connected-account-balance?officeId=${office.officeId}`, office.cookies)).availableCents > 0);
    const payout = await platform.request('POST', '/api/for-artists/stripe/create-payout', { cookies: office.cookies, body: { officeId: office.officeId } });
    expect(payout.status, JSON.stringify(payout.body)).toBe(200);
    await eventually('Stripe’s Connect fees to be booked', async () => (await postings({ kinds: ['monthly_account_fee'], account: 'processor_fees' })) === 200);
    await platform.settled();
  }, 240_000);
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  it('a fan’s wallet summary is the ledger’s: paid in, fees, given to artists, waiting in escrow, refunded, the balance', async () => {
    for (const fan of fans) {
      const fanId = fan.account.id;
      const summary = await get('/api/fan-wallet/summary', fan.cookies);
      const waiting = Number(await sql.value<string>(`select coalesce(sum(amount_cents), 0) from ledger.escrow_entries where fan_id = $1`, [fanId]));
      expect(summary).toEqual({
        paidInCents: out(await postings({ kinds: ['invoice_paid'], account: 'stripe_clearing', fanId })),
        cardFeesCents: await postings({ kinds: ['invoice_paid'], account: 'processor_fees', fanId }),
        pieFeesCents: await postings({ kinds: ['invoice_paid'], account: 'platform_fees', fanId }),
        feesCents: (await postings({ kinds: ['invoice_paid'], account: 'processor_fees', fanId })) + (await postings({ kinds: ['invoice_paid'], account: 'platform_fees', fanId })),
        givenToArtistsCents: out(await postings({ kinds: ['pie_period_closed'], account: `fan_wallet:${fanId}` })),
        waitingInEscrowCents: waiting,
        returnedFromEscrowCents: await postings({ kinds: ['escrow_expired'], account: `fan_wallet:${fanId}` }),
        refundedCents: await postings({ kinds: ['refund', 'refund_failed', 'dispute', 'dispute_won'], account: 'stripe_clearing', fanId }),
        balanceCents: await postings({ account: `fan_wallet:${fanId}` }),
      });
      expect((await get('/api/fan-wallet/balance', fan.cookies)).balanceCents).toBe(summary.balanceCents);
      // The admin's page of the fan shows the same figures (one read).
      const admin = await get(`/api/admin/fans/${fanId}`, adminCookies);
      expect(admin.money).toEqual(summary);
      expect(admin.walletCents).toBe(summary.balanceCents);
    }
    // The history really has these figures (so equal cannot mean "both zero").
    const [ana, ben, payer] = await Promise.all(fans.map((fan) => get('/api/fan-wallet/summary', fan.cookies)));
    expect([ana.givenToArtistsCents, ben.givenToArtistsCents]).toEqual([841, 841]);
    expect(ben.waitingInEscrowCents).toBeGreaterThan(0);
    expect(payer).toMatchObject({ paidInCents: 1000, refundedCents: 500 });
  });

  it('a period’s statement agrees with the ledger and with the wallet summary', async () => {
    for (const fan of fans.filter((candidate) => candidate.periodId)) {
      const statement = await get(`/api/pie/periods/${fan.periodId}/statement`, fan.cookies);
      const journal = await sql.value<string>(`select id from ledger.journals where idempotency_key = $1`, [`pie_period_closed:${fan.periodId}`]);
      const toArtists = -Number(await sql.value<string>(`select amount_cents from ledger.postings where journal_id = $1 and account = $2`, [journal, `fan_wallet:${fan.account.id}`]));
      expect(statement).toMatchObject({ chargeCents: 1000, sharesCents: toArtists, distributedCents: toArtists, differenceCents: 0 });
      expect(statement.paid.reduce((sum: number, line: { shareCents: number }) => sum + line.shareCents, 0)).toBe(toArtists);
      const summary = await get('/api/fan-wallet/summary', fan.cookies);
      expect(statement.fees.map((fee: { amountCents: number }) => fee.amountCents)).toEqual([summary.cardFeesCents, summary.pieFeesCents]);
      expect(statement.sharesCents).toBe(summary.givenToArtistsCents);
    }
  });

  it('an office’s funds are the ledger’s, and the admin’s office pages show the same', async () => {
    const earnings = await postings({ account: `office_earnings:${office.officeId}` });
    const connected = await postings({ account: `office_connected:${office.officeId}` });
    const wallet = await get(`/api/for-artists/stripe/wallet-balance?officeId=${office.officeId}`, office.cookies);
    expect(wallet).toMatchObject({ earningsCents: earnings, connectedCents: connected, totalCents: earnings + connected });
    const balance = await get(`/api/for-artists/stripe/balance?officeId=${office.officeId}`, office.cookies);
    expect(balance).toEqual({ earningsCents: earnings, escrowCents: await postings({ account: `artist_escrow:${artists.claimed!.id}` }) });
    const adminOffice = await get(`/api/admin/offices/${office.officeId}`, adminCookies);
    expect(adminOffice).toMatchObject({ earningsCents: earnings, connectedCents: connected });
    const listed = (await get(`/api/admin/offices?search=${encodeURIComponent('Figures Office')}`, adminCookies)) as { id: string; earningsCents: number }[];
    expect(listed.find((row) => row.id === office.officeId)?.earningsCents).toBe(earnings);
    // What was released reached the office (so the figures above are not all zero).
    const released = await postings({ kinds: ['escrow_released'], account: `office_earnings:${office.officeId}` });
    expect(released).toBeGreaterThan(0);

    // The release's details name the artist, the two fans' pie periods and their money, which adds up to it.
    const credits = (await get(`/api/for-artists/stripe/transactions?officeId=${office.officeId}&filter=credit`, office.cookies)) as { id: string; detail: string; amountCents: number; artistName: string }[];
    expect(credits.map((credit) => [credit.detail, credit.amountCents, credit.artistName])).toEqual([['escrow_released', released, 'Figures Claimed']]);
    const details = await get(`/api/for-artists/stripe/transaction-details?officeId=${office.officeId}&transactionId=${credits[0].id}`, office.cookies);
    expect(details).toMatchObject({ amountCents: released, artistName: 'Figures Claimed', fans: { count: 2, cents: released }, periods: { count: 2, firstStartsAt: start.toISOString(), lastEndsAt: end.toISOString() } });
    // The claim's page shows the same release as money in.
    const claimId = await sql.value<string>(`select id from claims.claims where office_id = $1 and status = 'successful'`, [office.officeId]);
    const claimed = (await get(`/api/for-artists/claims/${claimId}/transactions`, office.cookies)) as { detail: string; amountCents: number }[];
    expect(claimed.find((row) => row.detail === 'escrow_released')?.amountCents).toBe(released);
  });

  it('an artist’s escrow is one figure on the admin’s artists list and pages', async () => {
    const id = artists.unclaimed!.id;
    const held = await postings({ account: `artist_escrow:${id}` });
    const fansHolding = Number(await sql.value<string>(`select count(*) from (select fan_id from ledger.escrow_entries where account = $1 group by fan_id having sum(amount_cents) > 0) f`, [`artist_escrow:${id}`]));
    expect(held).toBeGreaterThan(0);
    expect(await get(`/api/admin/artists/${id}`, adminCookies)).toMatchObject({ escrowCents: held, escrowFans: fansHolding });
  });

  it('admin finances: each figure is the ledger’s, card fees are only the fans’ payments’ Stripe fees, and the fans’ figures add up to it', async () => {
    const finances = await get('/api/admin/finances?period=all', adminCookies);
    const direct = {
      paidInCents: out(await postings({ kinds: ['invoice_paid'], account: 'stripe_clearing' })),
      cardFeesCents: await postings({ kinds: ['invoice_paid'], account: 'processor_fees' }),
      pieFeesCents: await postings({ kinds: ['invoice_paid'], account: 'platform_fees' }),
      intoWalletsCents: await postings({ kinds: ['invoice_paid'], account: 'fan_wallet' }),
      givenToArtistsCents: out(await postings({ kinds: ['pie_period_closed'], account: 'fan_wallet' })),
      releasedCents: await postings({ kinds: ['escrow_released'], account: 'office_earnings' }),
      transferredCents: await postings({ kinds: ['transfer', 'transfer_failed', 'transfer_reversed'], account: 'office_connected' }),
      paidOutCents: out(await postings({ kinds: ['payout', 'payout_failed'], account: 'office_connected' })),
      connectFeesCents: await postings({ kinds: ['payout_fee', 'monthly_account_fee', 'transfer', 'transfer_failed'], account: 'processor_fees' }),
      refundedCents: await postings({ kinds: ['refund', 'refund_failed', 'dispute', 'dispute_won'], account: 'stripe_clearing' }),
      disputeFeesCents: await postings({ kinds: ['dispute_fee'], account: 'processor_fees' }),
    };
    expect(finances).toMatchObject(direct);
    // The $2 monthly account fee and the payout fee are Connect fees, never card fees or money paid in.
    expect(finances).toMatchObject({ paidInCents: 3000, cardFeesCents: 3 * 59, pieFeesCents: 3 * 100 });
    expect(finances.connectFeesCents).toBeGreaterThanOrEqual(200 + 25);
    expect(finances.cardFeesCents + finances.connectFeesCents + finances.disputeFeesCents).toBe(await postings({ account: 'processor_fees' }));
    // The same concept on the fans' screens adds up to the admin's figure.
    const summaries = await Promise.all(fans.map((fan) => get('/api/fan-wallet/summary', fan.cookies)));
    const total = (key: string) => summaries.reduce((sum, summary) => sum + summary[key], 0);
    expect({ paidInCents: finances.paidInCents, cardFeesCents: finances.cardFeesCents, pieFeesCents: finances.pieFeesCents, givenToArtistsCents: finances.givenToArtistsCents, refundedCents: finances.refundedCents }).toEqual({
      paidInCents: total('paidInCents'),
      cardFeesCents: total('cardFeesCents'),
      pieFeesCents: total('pieFeesCents'),
      givenToArtistsCents: total('givenToArtistsCents'),
      refundedCents: total('refundedCents'),
    });
    // The money flow and the daily series are the same figures.
    const flow = await get('/api/admin/transactions/flow?startDate=2000-01-01', adminCookies);
    expect(flow.links).toEqual(expect.arrayContaining([{ from: 'Paid in', to: 'Stripe card fees', cents: direct.cardFeesCents }, { from: 'Paid in', to: 'Fan wallets', cents: direct.intoWalletsCents }]));
    const daily = await get('/api/admin/dashboard/financial?startDate=2000-01-01', adminCookies);
    for (const key of Object.keys(direct) as (keyof typeof direct)[]) expect(daily.series.reduce((sum: number, day: Record<string, number>) => sum + day[key], 0), key).toBe(direct[key]);
  });

  it('the dashboard’s balances are the ledger’s', async () => {
    const stats = await get('/api/admin/dashboard/stats', adminCookies);
    expect(stats.money).toMatchObject({
      fanWalletsCents: await postings({ account: 'fan_wallet' }),
      escrowCents: await postings({ account: 'artist_escrow' }),
      officeEarningsCents: await postings({ account: 'office_earnings' }),
      officeConnectedCents: await postings({ account: 'office_connected' }),
    });
  });

  it('open books: every month’s figure, the totals and the escrow are the ledger’s to the cent, and the books balance', async () => {
    // The reconciliation runs first, so the page has a result to show.
    for (const check of ['ledger', 'balances', 'escrow']) {
      const run = await platform.request('POST', `/api/admin/financial-reconciliation/run-${check}-check-minimal`, { cookies: adminCookies });
      expect(run.status, JSON.stringify(run.body)).toBe(200);
      expect(run.body.data.ok, check).toBe(true);
    }
    const books = await get('/api/open-books', {});
    /** Σ postings per UTC month of the journal, straight from the ledger's tables. */
    const byMonth = async (kinds: string[], account: string, direction: 'in' | 'out'): Promise<Record<string, number>> => {
      const rows = await sql.query<{ month: string; net: string }>(
        `select to_char(j.occurred_at at time zone 'UTC', 'YYYY-MM') as month, sum(p.amount_cents) as net
           from ledger.postings p join ledger.journals j on j.id = p.journal_id
          where j.kind = any($1) and (p.account = $2 or p.account like $2 || ':%') group by 1`,
        [kinds, account],
      );
      return Object.fromEntries(rows.map((row) => [row.month, direction === 'in' ? Number(row.net) : out(Number(row.net))]));
    };
    const direct: Record<string, Record<string, number>> = {
      paidInCents: await byMonth(['invoice_paid'], 'stripe_clearing', 'out'),
      // Every fee Stripe took: the whole processor_fees account.
      processorFeesCents: await byMonth(['invoice_paid', 'dispute_fee', 'payout_fee', 'monthly_account_fee', 'transfer', 'transfer_failed'], 'processor_fees', 'in'),
      platformFeesCents: await byMonth(['invoice_paid'], 'platform_fees', 'in'),
      promotionsCents: await byMonth(['promo_grant', 'promo_returned'], 'fan_wallet', 'in'),
      allocatedToArtistsCents: await byMonth(['pie_period_closed'], 'fan_wallet', 'out'),
      releasedToOfficesCents: await byMonth(['escrow_released'], 'office_earnings', 'in'),
      transferredCents: await byMonth(['transfer', 'transfer_failed', 'transfer_reversed'], 'office_connected', 'in'),
      paidOutCents: await byMonth(['payout', 'payout_failed'], 'office_connected', 'out'),
      returnedByExpiryCents: await byMonth(['escrow_expired'], 'fan_wallet', 'in'),
      refundedCents: await byMonth(['refund', 'refund_failed'], 'stripe_clearing', 'in'),
      disputedCents: await byMonth(['dispute', 'dispute_won'], 'stripe_clearing', 'in'),
    };
    const months = [...new Set(Object.values(direct).flatMap((figure) => Object.keys(figure)))].sort();
    expect(books.months.map((month: { month: string }) => month.month)).toEqual(months);
    for (const month of books.months) {
      for (const [key, figure] of Object.entries(direct)) expect(month[key], `${month.month} ${key}`).toBe(figure[month.month] ?? 0);
    }
    for (const [key, figure] of Object.entries(direct)) expect(books.totals[key], key).toBe(Object.values(figure).reduce((sum, cents) => sum + cents, 0));
    expect(books.totals.processorFeesCents).toBe(await postings({ account: 'processor_fees' }));
    // The seeded history is really in them (equal cannot mean "both zero").
    expect(books.totals).toMatchObject({ paidInCents: 3000, platformFeesCents: 300, allocatedToArtistsCents: 2 * 841, refundedCents: 500 });
    expect(books.totals.releasedToOfficesCents).toBeGreaterThan(0);
    expect(books.totals.paidOutCents).toBeGreaterThan(0);
    // The admin's finances over everything give the same totals (one definition per concept).
    const finances = await get('/api/admin/finances?period=all', adminCookies);
    expect(books.totals).toMatchObject({ paidInCents: finances.paidInCents, platformFeesCents: finances.pieFeesCents, allocatedToArtistsCents: finances.givenToArtistsCents, releasedToOfficesCents: finances.releasedCents, transferredCents: finances.transferredCents, paidOutCents: finances.paidOutCents });
    expect(books.totals.refundedCents + books.totals.disputedCents).toBe(finances.refundedCents);
    expect(books.totals.processorFeesCents).toBe(finances.cardFeesCents + finances.disputeFeesCents + finances.connectFeesCents);
    // Escrow: what waits for the unclaimed artist, from how many artists.
    const waiting = await postings({ account: 'artist_escrow' });
    const artistsWaiting = Number(await sql.value<string>(`select count(*) from ledger.accounts where kind = 'artist_escrow' and balance_cents > 0`));
    expect(artistsWaiting).toBe(1);
    // One artist waiting is a small count: the public answer says "fewer than 5", never the number (issue 31).
    expect(books.escrow).toEqual({ waitingCents: waiting, artists: 'fewer than 5' });
    expect(books.escrow.waitingCents).toBe(await postings({ account: `artist_escrow:${artists.unclaimed!.id}` }));
    // The books balance, as the reconciliation last found.
    expect(books.balance).toMatchObject({ ok: true, checks: 3, failing: 0 });
    expect(Date.now() - new Date(books.balance.checkedAt).getTime()).toBeLessThan(120_000);

    // The admin's view is the same figures with the journals behind each, and its drill-down lists exactly those journals.
    const admin = await get('/api/admin/open-books', adminCookies);
    expect(admin.totals).toEqual(books.totals);
    // The admin, who sees every escrow anyway, reads the count exact.
    expect(admin.escrow).toEqual({ waitingCents: waiting, artists: artistsWaiting });
    const month = books.months.find((row: Record<string, number>) => row.paidInCents > 0);
    const { journalKinds, accountKind } = admin.definitions.paidInCents;
    const [year, monthNumber] = month.month.split('-').map(Number);
    const lastDay = new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
    const drill = await platform.request('GET', `/api/admin/transactions/search?kind=${journalKinds.join(',')}&accountKind=${accountKind}&startDate=${month.month}-01&endDate=${lastDay}&limit=100`, { cookies: adminCookies });
    expect(drill.status, JSON.stringify(drill.body)).toBe(200);
    const drilled = (drill.body.data as { kind: string; postings: { account: string; amountCents: number }[] }[]).flatMap((journal) => journal.postings.filter((posting) => posting.account === 'stripe_clearing'));
    expect(out(drilled.reduce((sum, posting) => sum + posting.amountCents, 0))).toBe(month.paidInCents);
    // Kinds behind a figure with several (transfers, failed and reversed ones) are one filter.
    const transfers = await platform.request('GET', `/api/admin/transactions/search?kind=${admin.definitions.transferredCents.journalKinds.join(',')}&accountKind=office_connected&limit=100`, { cookies: adminCookies });
    expect(transfers.status).toBe(200);
    expect(transfers.body.data.length).toBeGreaterThan(0);
    expect((await platform.request('GET', '/api/admin/open-books', { cookies: fans[0].cookies })).status).toBe(401);
  });

  it('open books name no fan: no id, name, e-mail or Stripe id of anyone in the answer, only platform-wide sums', async () => {
    const response = await platform.request('GET', '/api/open-books');
    expect(response.status).toBe(200);
    const text = JSON.stringify(response.body);
    const people = await sql.query<{ id: string; email: string; first_name: string; last_name: string }>(`select id::text, email, first_name, last_name from identity.fans`);
    expect(people.length).toBeGreaterThanOrEqual(3);
    const secrets = [
      ...people.flatMap((fan) => [fan.id, fan.email, fan.first_name, fan.last_name]),
      ...(await sql.query<{ id: string }>(`select id::text from ledger.journals`)).map((row) => row.id),
      ...(await sql.query<{ v: string }>(`select distinct r.value as v from ledger.journals j, jsonb_each_text(j."references") r`)).map((row) => row.v).filter((value) => value.length >= 8),
      artists.claimed!.id,
      artists.unclaimed!.id,
      office.officeId,
      'Figures Claimed',
      'Figures Unclaimed',
    ].filter((value) => value && value.length >= 4);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    // Only these keys: months of sums, totals, the escrow's sum and artist count, the check's result.
    expect(Object.keys(response.body.data).sort()).toEqual(['balance', 'escrow', 'generatedAt', 'months', 'totals']);
    expect(Object.keys(response.body.data.escrow).sort()).toEqual(['artists', 'waitingCents']);
    expect(Object.keys(response.body.data.balance).sort()).toEqual(['checkedAt', 'checks', 'failing', 'ok']);
    for (const month of response.body.data.months) for (const [key, value] of Object.entries(month)) if (key !== 'month') expect(typeof value, key).toBe('number');
  });
});
