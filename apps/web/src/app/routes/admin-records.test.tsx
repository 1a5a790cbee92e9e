import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminClaimDetails, AdminJournalView, AdminMoneyFigures, AuditEntry } from '#pie/contracts';
import { makeAdmin } from '@web/test/fixtures';
import { adminOpenBooks, jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';

/*
 * Issue 29 (items 5 and 7) on the back office's screens: names and links instead of ids and JSON,
 * the proof a claim's review links to, a rejection with its reason, and the finances' card fees
 * apart from Stripe's Connect fees.
 */

const ok = (data: unknown, extra: Record<string, unknown> = {}) => () => Promise.resolve(jsonResponse({ success: true, data, ...extra }));
const page = (data: unknown[]) => ok(data, { pagination: { page: 1, limit: 10, total: data.length, pages: data.length ? 1 : 0 } });
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

const FAN = { type: 'fan' as const, id: '11111111-1111-4111-8111-111111111111', name: 'Fia Fan' };
const ARTIST = { type: 'artist' as const, id: '22222222-2222-4222-8222-222222222222', name: 'Nina Blue' };
const OFFICE = { type: 'office' as const, id: '33333333-3333-4333-8333-333333333333', name: 'Blue Office' };
const JOURNAL_ID = '44444444-4444-4444-8444-444444444444';
const CLAIM_ID = '55555555-5555-4555-8555-555555555555';

const close: AdminJournalView = {
  id: JOURNAL_ID,
  kind: 'pie_period_closed',
  idempotencyKey: 'pie_period_closed:66666666-6666-4666-8666-666666666666',
  occurredAt: '2026-11-01T00:00:00.000Z',
  recordedAt: '2026-11-01T00:00:01.000Z',
  postings: [
    { account: `fan_wallet:${FAN.id}`, accountLabel: 'Wallet', owner: FAN, amountCents: -841 },
    { account: `artist_escrow:${ARTIST.id}`, accountLabel: 'Escrow', owner: ARTIST, amountCents: 841 },
  ],
  references: [
    { key: 'fanId', label: 'Fan', text: FAN.name, ref: FAN },
    { key: 'piePeriodId', label: 'Pie period', text: 'Pie period 2026-10-01 – 2026-10-31', ref: { type: 'period', id: '66666666-6666-4666-8666-666666666666', name: 'Pie period 2026-10-01 – 2026-10-31', fanId: FAN.id } },
  ],
  parties: [FAN, ARTIST],
};

const audit: AuditEntry = {
  id: '1',
  adminId: 'admin_1',
  adminName: 'Grace Hopper',
  action: 'escrow.released',
  targetType: 'artist',
  targetId: ARTIST.id,
  target: ARTIST,
  refs: [OFFICE],
  before: null,
  after: { officeId: OFFICE.id, cents: 900 },
  at: '2026-11-02T10:00:00.000Z',
};

function adminRoutes(table: Record<string, ReturnType<typeof ok>>) {
  return mockRoutes({ 'GET /api/admin/profile': ok(makeAdmin()), 'GET /api/admin/audit-log': page([audit]), ...table });
}


describe('the back office names what it shows', () => {
  it('a transaction: each account by its owner’s name, linked; its references named; no id and no JSON', async () => {
    adminRoutes({ [`GET /api/admin/transactions/${JOURNAL_ID}/details`]: ok(close) });
    renderApp(`/admin/transactions/${JOURNAL_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction: Pie split' }, { timeout: 10_000 })).toBeTruthy();
    const postings = screen.getByRole('region', { name: 'Postings (table)' });
    expect(within(postings).getByRole('link', { name: 'Fia Fan' }).getAttribute('href')).toBe(`/admin/fans/${FAN.id}`);
    expect(within(postings).getByRole('link', { name: 'Nina Blue' }).getAttribute('href')).toBe(`/admin/artists/${ARTIST.id}`);
    expect(within(postings).getByText(/Wallet of/)).toBeTruthy();
    const about = screen.getByRole('region', { name: 'What it is about' });
    // A pie period links to the fan whose pie it is.
    expect(within(about).getByRole('link', { name: 'Pie period 2026-10-01 – 2026-10-31' }).getAttribute('href')).toBe(`/admin/fans/${FAN.id}`);
    const shown = [postings.textContent, about.textContent].join(' ');
    expect(shown).not.toMatch(UUID);
    expect(shown).not.toContain('{');
  });

  it('the transactions list: who each one is about, linked, and the search box sends what was typed', async () => {
    const fetchMock = adminRoutes({ 'GET /api/admin/transactions/search': page([close]) });
    const { user } = renderApp('/admin/transactions');

    const table = await screen.findByRole('region', { name: 'Transactions (table)' }, { timeout: 10_000 });
    expect(await within(table).findByRole('link', { name: 'Fia Fan' })).toBeTruthy();
    expect(within(table).getByText('Pie split')).toBeTruthy();
    expect(within(table).getByText('$8.41')).toBeTruthy();
    await user.type(screen.getByLabelText(/A fan’s e-mail or Stripe customer id/), 'cus_123');
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/admin/transactions/search').map((request) => new URL(request.url).searchParams.get('search'))).toContain('cus_123'));
  });

  it('the audit log: the target by name, before and after in words', async () => {
    adminRoutes({ [`GET /api/admin/artists/${ARTIST.id}`]: ok({ id: ARTIST.id, name: ARTIST.name, spotifyId: null, crmStatus: 'contacted', escrowCents: 1234, escrowFans: 3, fans: 4, listenedMs: 0, claimed: true, contactEmail: null, claim: { id: CLAIM_ID, officeId: OFFICE.id, officeName: OFFICE.name, status: 'successful' }, oldestEscrowAt: null, communications: [] }), [`GET /api/admin/artists/${ARTIST.id}/email-discovery/progress`]: ok({ artistId: ARTIST.id, status: 'idle', steps: [], email: null, source: null, updatedAt: null }) });
    renderApp(`/admin/artists/${ARTIST.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Nina Blue' }, { timeout: 10_000 })).toBeTruthy();
    // The claim and its office by name (not "office 33333333").
    expect(screen.getByRole('link', { name: 'Blue Office' }).getAttribute('href')).toBe(`/admin/offices/${OFFICE.id}`);
    expect(screen.getByText('From 3 fans')).toBeTruthy();
    const log = screen.getByRole('region', { name: 'Audit log of this artist' });
    const row = await within(log).findByText('escrow.released');
    const cells = row.closest('tr')!;
    expect(within(cells).getByRole('link', { name: 'Nina Blue' })).toBeTruthy();
    expect(within(cells).getByRole('link', { name: 'Blue Office' }).getAttribute('href')).toBe(`/admin/offices/${OFFICE.id}`);
    expect(cells.textContent).toContain('office: Blue Office · cents: $9.00');
    expect(cells.textContent).not.toMatch(UUID);
  });
});

describe('a claim’s review', () => {
  const claim: AdminClaimDetails = {
    id: CLAIM_ID,
    status: 'verifying',
    artistId: ARTIST.id,
    artistName: ARTIST.name,
    officeId: OFFICE.id,
    officeName: OFFICE.name,
    claimedBy: 'nina@blue.test',
    claimedById: '77777777-7777-4777-8777-777777777777',
    verificationMethod: 'bio',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    verifiedAt: null,
    verificationString: 'pie-verify-0123456789',
    platform: 'twitter',
    lastAttempt: { at: '2026-11-02T00:00:00.000Z', ok: false, message: 'We could not find pie-verify-0123456789 on Nina Blue’s Spotify profile or the linked page.' },
    proof: {
      profileUrl: 'https://open.spotify.com/artist/nina',
      checked: [
        { label: 'Nina Blue’s Spotify profile', url: 'https://open.spotify.com/artist/nina' },
        { label: 'X page @ninablue, linked from the profile', url: 'https://x.com/ninablue' },
      ],
    },
    history: [{ from: null, to: 'pending', at: '2026-11-01T00:00:00.000Z', reason: null }],
    reports: [],
  };

  it('links to the proof: the profile page, the string, the pages the last attempt read, who claimed it', async () => {
    adminRoutes({ [`GET /api/admin/claims/${CLAIM_ID}`]: ok(claim) });
    renderApp(`/admin/claims/${CLAIM_ID}`);

    const proof = await screen.findByRole('region', { name: 'Proof' }, { timeout: 10_000 });
    expect(within(proof).getByText('pie-verify-0123456789')).toBeTruthy();
    expect(within(proof).getByRole('link', { name: 'Nina Blue on Spotify' }).getAttribute('href')).toBe('https://open.spotify.com/artist/nina');
    const read = within(proof).getByRole('list', { name: 'What the last attempt read' });
    expect(within(read).getByRole('link', { name: 'X page @ninablue, linked from the profile' }).getAttribute('href')).toBe('https://x.com/ninablue');
    expect(screen.getByRole('link', { name: 'nina@blue.test' }).getAttribute('href')).toBe(`/admin/user-artists/${claim.claimedById}`);
    const facts = screen.getByRole('region', { name: 'Details' });
    expect(within(facts).getByRole('link', { name: 'Blue Office' }).getAttribute('href')).toBe(`/admin/offices/${OFFICE.id}`);
    expect(within(facts).getByRole('link', { name: 'Nina Blue' }).getAttribute('href')).toBe(`/admin/artists/${ARTIST.id}`);
  });

  it('rejects only with a reason, which it sends for the office to read', async () => {
    const fetchMock = adminRoutes({ [`GET /api/admin/claims/${CLAIM_ID}`]: ok(claim), [`PATCH /api/admin/claims/${CLAIM_ID}/status`]: ok({ ...claim, status: 'rejected' }) });
    const { user } = renderApp(`/admin/claims/${CLAIM_ID}`);

    await user.click(await screen.findByRole('button', { name: 'Reject' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this claim?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why, in a few words')).toBeTruthy();
    expect(requestsTo(fetchMock, `PATCH /api/admin/claims/${CLAIM_ID}/status`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Reason \(the office reads it\)/), 'The linked X page is not the artist’s');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Rejected: the office has been told why.')).toBeTruthy();
    expect(await requestsTo(fetchMock, `PATCH /api/admin/claims/${CLAIM_ID}/status`)[0]!.json()).toEqual({ status: 'rejected', reason: 'The linked X page is not the artist’s' });
  });
});

describe('admin finances', () => {
  const figures: AdminMoneyFigures = {
    paidInCents: 2741,
    cardFeesCents: 184,
    pieFeesCents: 274,
    intoWalletsCents: 2283,
    promotionsCents: 0,
    givenToArtistsCents: 1500,
    returnedFromEscrowCents: 0,
    refundedCents: 0,
    disputeFeesCents: 0,
    releasedCents: 339,
    transferredCents: 339,
    paidOutCents: 339,
    connectFeesCents: 226,
    givenBackCents: 0,
  };

  it('shows Stripe’s card fees apart from its Connect fees (the $2 monthly account fee is no card fee), and who claimed an escrow', async () => {
    adminRoutes({
      'GET /api/admin/finances': ok({ period: '30d', from: null, to: null, ...figures, balances: {} }),
      'GET /api/admin/transactions/flow': ok({ ...figures, links: [] }),
      'GET /api/admin/escrow': page([{ artistId: ARTIST.id, artistName: ARTIST.name, balanceCents: 500, oldestAt: null, claimedBy: OFFICE.id, claimedByName: OFFICE.name }]),
      'GET /api/admin/open-books': ok(adminOpenBooks()),
    });
    renderApp('/admin/finances');

    const money = await screen.findByRole('region', { name: 'Money over a period' });
    const value = (label: string) => within(money).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await within(money).findByText('Paid in by fans');
    expect(value('Paid in by fans')).toBe('$27.41');
    expect(value('Stripe card fees (on fans’ payments)')).toBe('$1.84');
    expect(value('Stripe Connect fees (offices’ payouts, monthly account fee)')).toBe('$2.26');
    const escrow = screen.getByRole('region', { name: 'Escrow' });
    expect((await within(escrow).findByRole('link', { name: 'Blue Office' })).getAttribute('href')).toBe(`/admin/offices/${OFFICE.id}`);
  });

  it('the open books per month, each amount a link to the journals behind it, which the transactions list then shows', async () => {
    const month = { month: '2026-10', paidInCents: 2741, processorFeesCents: 410, platformFeesCents: 274, promotionsCents: 0, allocatedToArtistsCents: 1500, releasedToOfficesCents: 339, transferredCents: 339, paidOutCents: 339, returnedByExpiryCents: 0, refundedCents: 0, disputedCents: 0 };
    const fetchMock = adminRoutes({
      'GET /api/admin/finances': ok({ period: '30d', from: null, to: null, ...figures, balances: {} }),
      'GET /api/admin/transactions/flow': ok({ ...figures, links: [] }),
      'GET /api/admin/escrow': page([]),
      'GET /api/admin/open-books': ok(adminOpenBooks([month])),
      'GET /api/admin/transactions/search': page([close]),
    });
    const { user } = renderApp('/admin/finances');

    const books = await screen.findByRole('region', { name: 'Open books' }, { timeout: 10_000 });
    expect(await within(books).findByText(/The books balance: all 6 checks passed/)).toBeTruthy();
    const transferred = within(books).getByRole('link', { name: 'Transferred to artists’ Stripe accounts in 2026-10: $3.39, the journals' });
    expect(transferred.getAttribute('href')).toBe('/admin/transactions?kind=transfer%2Ctransfer_failed%2Ctransfer_reversed&accountKind=office_connected&startDate=2026-10-01&endDate=2026-10-31');
    await user.click(transferred);

    expect(await screen.findByTestId('transactions-narrowed')).toBeTruthy();
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/admin/transactions/search').length).toBeGreaterThan(0));
    const sent = new URL(requestsTo(fetchMock, 'GET /api/admin/transactions/search')[0]!.url).searchParams;
    expect(Object.fromEntries(['kind', 'accountKind', 'startDate', 'endDate'].map((name) => [name, sent.get(name)]))).toEqual({
      kind: 'transfer,transfer_failed,transfer_reversed',
      accountKind: 'office_connected',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
  });
});
