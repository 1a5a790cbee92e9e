import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, makeAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { DASHBOARD_MONEY_DAYS } from '#pie/contracts';
import { CLAIM_REJECTED_SUBJECT, CLAIM_VERIFIED_SUBJECT, STRIPE_DISCONNECTED_SUBJECT } from '#pie/notifications/testing';
import { addMember, editBio, makeCatalogueArtist, makeClaim, officeAdmin, socialsFor } from '../claims/artist-area-fixtures.js';
import { enableStripe, intoEscrow } from '../payouts/payouts-fixtures.js';
import { fundWallet } from '../pies/pies-fixtures.js';

/**
 * Every /api/admin endpoint (issue 15): only an admin session gets in (none, a fan's or an
 * artist's: 401), lists page by 10 (claims 20), filter and sort, bad input is a 400, every action is
 * in the audit log with its before and after.
 */
describe('the admin API', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let admin: Record<string, string>;
  let fan: Record<string, string>;
  let artistSession: Record<string, string>;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'admin-api', stripe: true, env: { TRANSFER_THRESHOLD_CENTS: '1000' } });
    sql = openSql(platform.database.url);
    admin = (await logIn(platform, await makeAccount(sql, 'admin'))).cookies;
    fan = (await logIn(platform, await makeAccount(sql, 'fan'))).cookies;
    artistSession = (await logIn(platform, await makeAccount(sql, 'artist'))).cookies;
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const get = (path: string, cookies = admin) => platform.request('GET', path, { cookies });
  const audit = async (action: string) => (await get(`/api/admin/audit-log?action=${action}`)).body.data as { targetId: string; before: any; after: any; adminName: string }[];

  const READS = [
    '/api/admin/dashboard/stats',
    '/api/admin/dashboard/health',
    '/api/admin/dashboard/financial',
    '/api/admin/claims/list',
    '/api/admin/artists',
    '/api/admin/fans',
    '/api/admin/finances',
    '/api/admin/escrow',
    '/api/admin/user-artists',
    '/api/admin/offices',
    '/api/admin/wallet-transactions',
    '/api/admin/wallet-transactions/stats',
    '/api/admin/transactions/flow',
    '/api/admin/transactions/search',
    '/api/admin/artist-invites',
    '/api/admin/audit-log',
  ];

  it('lets only an admin in: 401 without a session and with a fan’s or an artist’s', async () => {
    const id = randomUUID();
    const everything: [string, string, unknown?][] = [
      ...READS.map((path) => ['GET', path] as [string, string]),
      ...['claims', 'artists', 'fans', 'user-artists', 'offices'].map((kind) => ['GET', `/api/admin/${kind}/${id}`] as [string, string]),
      ['GET', `/api/admin/artists/${id}/top-fans`],
      ['GET', `/api/admin/artists/${id}/contact-info`],
      ['GET', `/api/admin/artists/${id}/email-discovery/progress`],
      ['GET', `/api/admin/transactions/${id}/details`],
      ['GET', `/api/admin/transactions/user/${id}`],
      ['PATCH', `/api/admin/claims/${id}/status`, { status: 'rejected' }],
      ['POST', `/api/admin/claims/${id}/verify-bio`, { manualVerification: true }],
      ['PUT', `/api/admin/artists/${id}/crm-status`, { crmStatus: 'contacted' }],
      ['POST', `/api/admin/artists/${id}/communication`, { channel: 'email', note: 'hi' }],
      ['POST', `/api/admin/artists/${id}/email-discovery/start`, { forceRediscovery: false }],
      ['POST', '/api/admin/email-discovery/cleanup'],
      ['POST', '/api/admin/escrow/process-payouts'],
      ['POST', '/api/admin/financial-reconciliation/run-ledger-check'],
      ['POST', '/api/admin/artist-invites/generate', { artistId: id }],
      ['DELETE', `/api/admin/artist-invites/${id}`],
      ['DELETE', `/api/admin/offices/${id}/stripe-connection`],
    ];
    for (const [method, path, body] of everything) {
      for (const cookies of [undefined, fan, artistSession]) {
        const answer = await platform.request(method as 'GET', path, { cookies, body });
        expect(answer.status, `${method} ${path} as ${cookies ? Object.keys(cookies)[0] : 'nobody'}`).toBe(401);
      }
    }
    for (const path of READS) expect((await get(path)).status, path).toBe(200);
  });

  it('lists claims 20 a page, filters by status and search, sorts, verifies one by hand and changes another, all audited', async () => {
    const office = await officeAdmin(platform, sql, 'Claims Desk Office');
    const coAdmin = await addMember(platform, sql, office, 'admin');
    const member = await addMember(platform, sql, office, 'member');
    const artists = [];
    for (let n = 0; n < 22; n++) artists.push(await makeCatalogueArtist(sql, `Desk Artist ${String(n).padStart(2, '0')}`));
    const claims = [];
    for (const artist of artists) claims.push(await makeClaim(platform, office, artist.id));

    const first = await get('/api/admin/claims/list');
    expect(first.body.pagination).toMatchObject({ page: 1, limit: 20 });
    expect(first.body.data).toHaveLength(20);
    const searched = await get('/api/admin/claims/list?search=Desk%20Artist%2007');
    expect(searched.body.data.map((row: { artistName: string }) => row.artistName)).toEqual(['Desk Artist 07']);
    const sorted = await get('/api/admin/claims/list?search=Desk&sortBy=artistName&sortOrder=asc&limit=3');
    expect(sorted.body.data.map((row: { artistName: string }) => row.artistName)).toEqual(['Desk Artist 00', 'Desk Artist 01', 'Desk Artist 02']);
    expect(sorted.body.pagination).toEqual({ page: 1, limit: 3, total: 22, pages: 8 });

    const verified = await platform.request('POST', `/api/admin/claims/${claims[0].id}/verify-bio`, { cookies: admin, body: { manualVerification: true, note: 'called the label' } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data.status).toBe('successful');
    // Its event reached payouts (the release listener ran for it).
    await eventually('the claim-verified event', async () => (await sql.value<number>(`select count(*)::int from platform.inbox where consumer = 'payouts.release-escrow-on-claim-verified'`)) > 0);
    expect((await get('/api/admin/claims/list?status=successful')).body.data.map((row: { id: string }) => row.id)).toContain(claims[0].id);
    const [entry] = await audit('claim.verified-manually');
    expect(entry).toMatchObject({ targetId: claims[0].id, before: { status: 'pending' }, after: { status: 'successful', note: 'called the label' }, adminName: 'Ada Admin' });

    // A rejection takes a reason the office reads: without one it is refused and nothing changes.
    const unexplained = await platform.request('PATCH', `/api/admin/claims/${claims[1].id}/status`, { cookies: admin, body: { status: 'rejected' } });
    expect(unexplained.status).toBe(400);
    expect(JSON.stringify(unexplained.body)).toContain('A rejection needs a reason the office will read');
    expect((await get(`/api/admin/claims/${claims[1].id}`)).body.data.status).toBe('pending');
    const rejected = await platform.request('PATCH', `/api/admin/claims/${claims[1].id}/status`, { cookies: admin, body: { status: 'rejected', reason: 'not the artist' } });
    expect(rejected.body.data.status).toBe('rejected');
    // The office reads it on its claim's page.
    const onItsPage = await platform.request('GET', `/api/for-artists/claims/${claims[1].id}/detailed`, { cookies: office.cookies });
    expect(onItsPage.body.data.history.findLast((change: { to: string }) => change.to === 'rejected').reason).toBe('not the artist');
    const illegal = await platform.request('PATCH', `/api/admin/claims/${claims[1].id}/status`, { cookies: admin, body: { status: 'successful' } });
    expect(illegal.status).toBe(409);
    expect(illegal.body.code).toBe('claims.illegal-transition');
    const details = await get(`/api/admin/claims/${claims[1].id}`);
    expect(details.body.data.history.map((change: { to: string }) => change.to)).toEqual(['pending', 'rejected']);
    expect((await audit('claim.status-changed'))[0]).toMatchObject({ targetId: claims[1].id, before: { status: 'pending' }, after: { status: 'rejected' } });

    // Each admin of the office is told each result, with the reason of a rejection; a member is not.
    for (const to of [office.account.email, coAdmin.account.email]) {
      const verifiedMail = await platform.inbox.waitForMessage({ to, subjectIncludes: `${CLAIM_VERIFIED_SUBJECT}: Desk Artist 00`, timeoutMs: 20_000 });
      expect(verifiedMail.text).toContain('Your office “Claims Desk Office” is now verified as the office of Desk Artist 00 on Pie.');
      expect(verifiedMail.text).toContain(`See the claim: http://localhost:3000/for-artists/claims/${claims[0].id}`);
      const rejectedMail = await platform.inbox.waitForMessage({ to, subjectIncludes: `${CLAIM_REJECTED_SUBJECT}: Desk Artist 01`, timeoutMs: 20_000 });
      expect(rejectedMail.text).toContain('Reason: not the artist');
      expect(rejectedMail.text).toContain(`See the claim: http://localhost:3000/for-artists/claims/${claims[1].id}`);
    }
    expect((await platform.inbox.list({ to: member.account.email })).filter((mail) => mail.subject.startsWith('Your claim'))).toEqual([]);

    for (const bad of ['/api/admin/claims/list?status=won', '/api/admin/claims/list?limit=0', '/api/admin/claims/list?sortBy=price', '/api/admin/claims/not-an-id']) {
      expect((await get(bad)).status, bad).toBe(400);
    }
    expect((await platform.request('POST', `/api/admin/claims/${claims[2].id}/verify-bio`, { cookies: admin, body: { manualVerification: false } })).status).toBe(400);

    // The review links to the proof: the artist's profile page (where the string goes), and what the office's last attempt read.
    const untried = (await get(`/api/admin/claims/${claims[2].id}`)).body.data;
    expect(untried.proof).toEqual({ profileUrl: `${platform.sandbox.urls.providers}/socials/spotify/artist/${artists[2].spotifyId}`, checked: [] });
    expect(untried).toMatchObject({ claimedBy: office.account.email, claimedById: office.account.id, verificationString: claims[2].verificationString });
    const { spotifyArtistUrl } = await socialsFor(platform, office, artists[2].id);
    const attempt = await platform.request('POST', `/api/for-artists/claims/${claims[2].id}/verify-bio`, { cookies: office.cookies, body: { spotifyArtistUrl } });
    expect(attempt.status).toBe(409);
    const tried = (await get(`/api/admin/claims/${claims[2].id}`)).body.data;
    expect(tried.lastAttempt).toMatchObject({ ok: false });
    expect(tried.proof.checked).toEqual([{ label: 'Desk Artist 02’s Spotify profile', url: untried.proof.profileUrl }]);
    expect((await get(`/api/admin/claims/${randomUUID()}`)).status).toBe(404);
  });

  it('lists artists 10 a page with escrow, CRM status and contacts; logs contacts; discovers an e-mail step by step; invites', async () => {
    const artist = await makeCatalogueArtist(sql, 'Outreach Target');
    await intoEscrow(platform, artist.id, 4321);
    const page = await get('/api/admin/artists?moneyFilter=with_escrow&sortBy=escrow&sortOrder=desc');
    expect(page.body.pagination.limit).toBe(10);
    expect(page.body.data[0]).toMatchObject({ id: artist.id, escrowCents: 4321, crmStatus: 'not_contacted', claimed: false });
    expect((await get('/api/admin/artists?moneyFilter=without_escrow&search=Outreach%20Target')).body.data).toEqual([]);
    const escrowed = (await get(`/api/admin/artists/${artist.id}`)).body.data;
    expect(escrowed).toMatchObject({ id: artist.id, escrowCents: 4321 });
    expect(Date.parse(escrowed.oldestEscrowAt)).toBeGreaterThan(Date.now() - 86_400_000);

    const crm = await platform.request('PUT', `/api/admin/artists/${artist.id}/crm-status`, { cookies: admin, body: { crmStatus: 'contacted' } });
    expect(crm.body.data).toEqual({ artistId: artist.id, crmStatus: 'contacted' });
    expect((await get('/api/admin/artists?crmStatus=contacted')).body.data.map((row: { id: string }) => row.id)).toEqual([artist.id]);
    expect((await get('/api/admin/artists?crmStatus=not_contacted&search=Outreach%20Target')).body.data).toEqual([]);
    const logged = await platform.request('POST', `/api/admin/artists/${artist.id}/communication`, { cookies: admin, body: { channel: 'email', note: 'Sent the intro mail', contactedAt: '2026-11-20T10:00:00.000Z' } });
    expect(logged.status).toBe(201);
    const details = await get(`/api/admin/artists/${artist.id}`);
    expect(details.body.data.communications).toEqual([expect.objectContaining({ channel: 'email', note: 'Sent the intro mail', contactedAt: '2026-11-20T10:00:00.000Z', adminName: 'Ada Admin' })]);
    expect((await audit('artist.crm-status-changed'))[0]).toMatchObject({ targetId: artist.id, before: { crmStatus: 'not_contacted' }, after: { crmStatus: 'contacted' } });

    // The sandbox's artist page carries a booking address in its bio.
    await editBio(platform, `/socials/spotify/artist/${artist.spotifyId}`, 'Booking: booking@outreach-target.test');
    const started = await platform.request('POST', `/api/admin/artists/${artist.id}/email-discovery/start`, { cookies: admin, body: { forceRediscovery: false } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await eventually('the discovery', async () => {
      const progress = (await get(`/api/admin/artists/${artist.id}/email-discovery/progress`)).body.data;
      return progress.status === 'done' ? progress : undefined;
    });
    expect(done.email).toBe('booking@outreach-target.test');
    expect(done.steps[0]).toMatchObject({ name: 'Streaming profile', status: 'done', detail: 'found booking@outreach-target.test' });
    expect((await get(`/api/admin/artists/${artist.id}/contact-info`)).body.data).toMatchObject({ email: 'booking@outreach-target.test', crmStatus: 'contacted' });
    // Found already: not again unless forced.
    const again = await platform.request('POST', `/api/admin/artists/${artist.id}/email-discovery/start`, { cookies: admin, body: { forceRediscovery: true } });
    expect(again.status).toBe(202);
    expect((await platform.request('POST', '/api/admin/email-discovery/cleanup', { cookies: admin })).status).toBe(200);

    const invite = await platform.request('POST', '/api/admin/artist-invites/generate', { cookies: admin, body: { artistId: artist.id } });
    expect(invite.status).toBe(201);
    expect(invite.body.data.token).toMatch(/^[\w-]{43}$/);
    const invites = await get('/api/admin/artist-invites');
    expect(invites.body.data.find((row: { id: string }) => row.id === invite.body.data.id)).toMatchObject({ artistName: 'Outreach Target', status: 'open' });
    expect((await platform.request('DELETE', `/api/admin/artist-invites/${invite.body.data.id}`, { cookies: admin })).status).toBe(200);
    expect((await platform.request('DELETE', `/api/admin/artist-invites/${invite.body.data.id}`, { cookies: admin })).status).toBe(404);
    expect((await audit('artist-invite.deleted'))[0].targetId).toBe(invite.body.data.id);

    for (const [method, path, body] of [
      ['GET', '/api/admin/artists?crmStatus=friends'],
      ['GET', '/api/admin/artists?moneyFilter=rich'],
      ['GET', '/api/admin/artists?period=0'],
      ['PUT', `/api/admin/artists/${artist.id}/crm-status`, { crmStatus: 'maybe' }],
      ['POST', `/api/admin/artists/${artist.id}/communication`, { channel: 'email', note: '' }],
      ['POST', `/api/admin/artists/${artist.id}/email-discovery/start`, { forceRediscovery: 'yes' }],
      ['POST', '/api/admin/artist-invites/generate', {}],
    ] as [string, string, unknown?][]) {
      expect((await platform.request(method as 'GET', path, { cookies: admin, body })).status, `${method} ${path}`).toBe(400);
    }
    expect((await get(`/api/admin/artists/${randomUUID()}/top-fans`)).status).toBe(404);
  });

  it('lists fans, artist accounts and offices 10 a page; disconnects an office’s Stripe; processes escrow payouts twice safely', async () => {
    for (let n = 0; n < 11; n++) await makeAccount(sql, 'fan');
    const fans = await get('/api/admin/fans');
    expect(fans.body.pagination.limit).toBe(10);
    expect(fans.body.data).toHaveLength(10);
    const someone = fans.body.data[0];
    expect((await get(`/api/admin/fans/${someone.id}`)).body.data).toMatchObject({ id: someone.id, walletCents: 0, pies: [] });
    await fundWallet(platform, someone.id, 700, new Date());
    expect((await get(`/api/admin/fans/${someone.id}`)).body.data.walletCents).toBe(700);
    expect((await get('/api/admin/fans?sortBy=wallet&sortOrder=desc')).body.data[0].id).toBe(someone.id);
    expect((await get(`/api/admin/fans?search=${encodeURIComponent(someone.email)}`)).body.data.map((row: { id: string }) => row.id)).toEqual([someone.id]);
    expect((await get('/api/admin/fans?activePie=true')).body.data).toEqual([]);

    const office = await officeAdmin(platform, sql, 'Disconnect Me Office');
    const users = await get(`/api/admin/user-artists?search=${encodeURIComponent(office.account.email)}`);
    expect(users.body.data.map((row: { id: string }) => row.id)).toEqual([office.account.id]);
    expect((await get(`/api/admin/user-artists/${office.account.id}`)).body.data.offices).toEqual([expect.objectContaining({ officeId: office.officeId, role: 'admin' })]);
    const artist = await makeCatalogueArtist(sql, 'Process Me');
    await intoEscrow(platform, artist.id, 1500);
    const claim = await makeClaim(platform, office, artist.id);
    await platform.request('POST', `/api/admin/claims/${claim.id}/verify-bio`, { cookies: admin, body: { manualVerification: true } });
    await enableStripe(platform, sql, office);
    // The whole release is transferred: Stripe's Connect fees are booked with payouts, not transfers.
    await eventually('the release', async () => (await get(`/api/admin/offices/${office.officeId}`)).body.data.connectedCents === 1500);
    const processed = [await platform.request('POST', '/api/admin/escrow/process-payouts', { cookies: admin }), await platform.request('POST', '/api/admin/escrow/process-payouts', { cookies: admin })];
    expect(processed.map((answer) => answer.status)).toEqual([200, 200]);
    expect(processed[1].body.data).toEqual({ released: [], transfers: [], failures: [] });
    expect((await get('/api/admin/offices?search=Disconnect%20Me')).body.data[0]).toMatchObject({ id: office.officeId, stripe: 'enabled' });

    const disconnected = await platform.request('DELETE', `/api/admin/offices/${office.officeId}/stripe-connection`, { cookies: admin });
    expect(disconnected.status).toBe(200);
    expect(disconnected.body.data.disconnectedAt).toEqual(expect.any(String));
    expect((await get(`/api/admin/offices/${office.officeId}`)).body.data.stripe.disconnectedAt).toEqual(expect.any(String));
    expect((await audit('office.stripe-disconnected'))[0]).toMatchObject({ targetId: office.officeId, before: { disconnectedAt: null } });
    const disconnectedMail = await platform.inbox.waitForMessage({ to: office.account.email, subjectIncludes: STRIPE_DISCONNECTED_SUBJECT, timeoutMs: 20_000 });
    expect(disconnectedMail.text).toContain('A Pie admin disconnected the Stripe account of your office “Disconnect Me Office” from Pie.');
    expect(disconnectedMail.text).toContain(`Open Office settings: http://localhost:3000/for-artists/office-settings?office=${office.officeId}`);
    // Disconnecting again changes nothing and tells nobody again.
    expect((await platform.request('DELETE', `/api/admin/offices/${office.officeId}/stripe-connection`, { cookies: admin })).status).toBe(200);
    expect(await sql.value<number>(`select count(*)::int from platform.outbox where job_name = 'notifications.send-email' and payload ->> 'to' = $1 and payload ->> 'subject' = $2`, [office.account.email, STRIPE_DISCONNECTED_SUBJECT])).toBe(1);
    const payout = await platform.request('POST', '/api/for-artists/stripe/create-payout', { cookies: office.cookies, body: { officeId: office.officeId } });
    expect(payout.body.code).toBe('payouts.disconnected');

    const transactions = await get(`/api/admin/transactions/user/${office.officeId}`);
    expect(transactions.body.data.map((journal: { kind: string }) => journal.kind)).toEqual(expect.arrayContaining(['escrow_released', 'transfer']));
    const journal = transactions.body.data[0];
    expect((await get(`/api/admin/transactions/${journal.id}/details`)).body.data).toEqual(journal);
    // Named, never a bare id: the office's accounts by its name, its references by what they are.
    const release = transactions.body.data.find((row: { kind: string }) => row.kind === 'escrow_released');
    expect(release.postings.map((posting: { accountLabel: string; owner: { name: string } | null }) => [posting.accountLabel, posting.owner?.name])).toEqual(
      expect.arrayContaining([['Earnings at Pie', 'Disconnect Me Office'], ['Escrow', artist.name]]),
    );
    expect(release.parties.map((party: { type: string; name: string }) => [party.type, party.name])).toEqual(expect.arrayContaining([['office', 'Disconnect Me Office'], ['artist', artist.name]]));
    const shown = [...release.postings.map((posting: { accountLabel: string }) => posting.accountLabel), ...release.references.map((reference: { label: string; text: string }) => `${reference.label} ${reference.text}`)];
    expect(shown.filter((text: string) => /[0-9a-f]{8}-[0-9a-f]{4}-/.test(text))).toEqual([]);
    expect((await get(`/api/admin/transactions/search?search=${journal.id}`)).body.data.map((row: { id: string }) => row.id)).toEqual([journal.id]);
    expect((await get('/api/admin/escrow')).body.data.every((row: { balanceCents: number }) => row.balanceCents > 0)).toBe(true);
    // Wallet transactions by the spec's `type` (a journal kind touching a fan wallet).
    expect((await get('/api/admin/wallet-transactions?type=transfer')).body.data).toEqual([]);
    expect((await get('/api/admin/wallet-transactions?type=test_funding')).body.data.length).toBeGreaterThan(0);
    const finances = await get('/api/admin/finances?period=7d');
    expect(finances.body.data).toMatchObject({ period: '7d', releasedCents: expect.any(Number), transferredCents: expect.any(Number) });
    expect(finances.body.data.transferredCents).toBeGreaterThanOrEqual(1300);
    const flow = await get('/api/admin/transactions/flow');
    expect(flow.body.data.links.find((link: { from: string; to: string }) => link.from === 'Office earnings').cents).toBeGreaterThanOrEqual(1300);
    const series = await get('/api/admin/dashboard/financial?startDate=2026-01-01&endDate=2030-01-01');
    expect(series.body.data.series.length).toBeGreaterThan(0);

    for (const bad of [
      '/api/admin/fans?sortBy=age',
      '/api/admin/fans?activePie=maybe',
      '/api/admin/finances?period=1y',
      '/api/admin/dashboard/financial?startDate=2026-02-01&endDate=2026-01-01',
      '/api/admin/transactions/search?kind=DROP TABLE',
      '/api/admin/wallet-transactions?startDate=yesterday',
      '/api/admin/wallet-transactions?type=Not A Type',
      '/api/admin/offices?limit=500',
    ]) {
      expect((await get(bad)).status, bad).toBe(400);
    }
    expect((await platform.request('DELETE', `/api/admin/offices/${randomUUID()}/stripe-connection`, { cookies: admin })).status).toBe(404);
  });

  it('answers the dashboard’s daily chart, asked without a range, for the days its placeholder is sized for', async () => {
    const daysBack = () => new Date(Date.now() - DASHBOARD_MONEY_DAYS * 86_400_000).toISOString().slice(0, 10);
    const before = daysBack();
    const answer = await get('/api/admin/dashboard/financial');
    expect(answer.status).toBe(200);
    expect(answer.body.data.endDate).toBeNull();
    expect([before, daysBack()]).toContain(answer.body.data.startDate);
  });

  it('finds a fan’s transactions by e-mail (any case) and by Stripe customer id, as the search box promises', async () => {
    const someone = await makeAccount(sql, 'fan');
    await sql.query(`update identity.fans set stripe_customer_id = $1 where id = $2`, [`cus_${someone.id.slice(0, 8)}`, someone.id]);
    await fundWallet(platform, someone.id, 777, new Date());
    const found = (search: string) => get(`/api/admin/transactions/search?search=${encodeURIComponent(search)}`);
    for (const search of [someone.email, someone.email.toUpperCase(), `cus_${someone.id.slice(0, 8)}`]) {
      const answer = await found(search);
      expect(answer.status, search).toBe(200);
      expect(answer.body.data.map((row: { parties: { type: string; id: string; name: string }[] }) => row.parties.find((party) => party.type === 'fan'))).toEqual([{ type: 'fan', id: someone.id, name: 'Fia Fan' }]);
    }
    expect((await found('nobody@example.test')).body.data).toEqual([]);
  });

  it('runs every reconciliation check, full and minimal, and shows the last results on the health panel', async () => {
    for (const type of ['ledger', 'balances', 'wallets', 'idempotency']) {
      const full = await platform.request('POST', `/api/admin/financial-reconciliation/run-${type}-check`, { cookies: admin });
      expect(full.status, type).toBe(200);
      expect(full.body.data).toMatchObject({ type, ok: true, violations: 0, rows: [] });
      const minimal = await platform.request('POST', `/api/admin/financial-reconciliation/run-${type}-check-minimal`, { cookies: admin });
      expect(minimal.body.data).toEqual({ type, ok: true, checkedAt: expect.any(String), violations: 0 });
    }
    // The provider check reads all of Stripe: a job whose run is followed until it is done.
    const started = await platform.request('POST', '/api/admin/financial-reconciliation/run-provider-check', { cookies: admin });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ type: 'provider', status: 'running', runId: expect.any(String) });
    const done = await eventually('the provider check', async () => {
      const run = await get(`/api/admin/financial-reconciliation/runs/${started.body.data.runId}`);
      return run.body.data.status === 'done' ? run.body.data : undefined;
    });
    expect(done, JSON.stringify(done.rows)).toMatchObject({ type: 'provider', ok: true, violations: 0, rows: [] });
    expect((await get('/api/admin/financial-reconciliation/runs/999999999')).status).toBe(404);
    expect((await get('/api/admin/financial-reconciliation/runs/not-a-run')).status).toBe(400);
    expect((await platform.request('POST', '/api/admin/financial-reconciliation/run-everything-check', { cookies: admin })).status).toBe(400);
    const health = await get('/api/admin/dashboard/health');
    expect(health.body.data).toMatchObject({ database: true, outbox: { unpublished: expect.any(Number) } });
    expect(health.body.data.queues.map((queue: { name: string }) => queue.name)).toEqual(expect.arrayContaining(['events', 'payments', 'escrow', 'admin']));
    expect(health.body.data.reconciliation.map((run: { type: string }) => run.type)).toEqual(expect.arrayContaining(['ledger', 'provider']));
    await eventually('a worker heartbeat', async () => (await get('/api/admin/dashboard/health')).body.data.worker.alive === true);
    const stats = await get('/api/admin/dashboard/stats');
    expect(stats.body.data.fans).toBeGreaterThan(10);
    expect(stats.body.data.claimsByStatus.pending).toBeGreaterThan(0);
  });
});
