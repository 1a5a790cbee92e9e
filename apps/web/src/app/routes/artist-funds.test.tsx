import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@web/shared/browser';
import { makeArtistUser } from '@web/test/fixtures';
import { jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';

const OFFICE_ID = '0b5c3f4e-8f0e-4b7a-9a57-4d6f1c2b3a10';
const PAYOUT_ID = '6f1c2b3a-0b5c-4f4e-8f0e-4b7a9a574d6f';

const ok = (data: unknown, extra: Record<string, unknown> = {}) => () => Promise.resolve(jsonResponse({ success: true, data, ...extra }));
const page = (data: unknown[], total = data.length) => ok(data, { pagination: { page: 1, limit: 20, total, pages: total === 0 ? 0 : 1 } });
const office = (role: 'admin' | 'member' = 'admin') => ({ _id: OFFICE_ID, name: 'Blue Notes', type: 'management', role, members: [] });

const PAYOUT = { id: PAYOUT_ID, amountCents: 4250, status: 'in_transit', createdAt: '2026-11-20T10:00:00.000Z', arrivalDate: '2026-11-22T00:00:00.000Z', failureMessage: null, failureCode: null };

/** An office with money: $12.34 in earnings, $42.50 available and $1.00 pending in Stripe, one payout, one credit. */
function fundsRoutes(role: 'admin' | 'member' = 'admin') {
  return {
    'GET /api/for-artists/user': ok(makeArtistUser()),
    'GET /api/for-artists/offices': ok([office(role)]),
    'GET /api/for-artists/stripe/balance': ok({ earningsCents: 1234, escrowCents: 0 }),
    'GET /api/for-artists/stripe/connected-account-balance': ok({ availableCents: 4250, pendingCents: 100 }),
    'GET /api/for-artists/stripe/total-payout': ok({ totalCents: 9900 }),
    'GET /api/for-artists/stripe/check-monthly-fee': ok({ status: 'enabled', monthlyFeeCents: 200, earningsThisMonthCents: 1234, covered: true, disconnectedAt: null }),
    'GET /api/for-artists/stripe/wallet-balance': ok({ earningsCents: 1234, connectedCents: 4250, totalCents: 5484, transferThresholdCents: 1000 }),
    'GET /api/for-artists/stripe/payouts': page([PAYOUT]),
    'GET /api/for-artists/stripe/transfers-without-payouts': page([]),
    'GET /api/for-artists/stripe/transactions': page([
      { id: 'txn-1', kind: 'credit', detail: 'escrow_released', amountCents: 1234, description: 'Released from an artist’s escrow', occurredAt: '2026-11-01T00:00:00.000Z', artistId: 'a1', artistName: 'Nina Blue', payoutId: null },
    ]),
  };
}

beforeEach(() => {
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});

describe('/for-artists/funds', () => {
  it('shows the balances, the payouts and the transactions, and filters the transactions by kind', async () => {
    const fetchMock = mockRoutes(fundsRoutes());
    const { user } = renderApp('/for-artists/funds');

    // The file's first screen also loads the artist area's modules: slow on a busy machine.
    const balances = await screen.findByRole('region', { name: 'Balances' }, { timeout: 10_000 });
    await within(balances).findByText('$12.34');
    expect(within(balances).getByText('$42.50')).toBeTruthy();
    expect(within(balances).getByText('$1.00')).toBeTruthy();
    expect(within(balances).queryByText('In escrow')).toBeNull();

    const payouts = screen.getByRole('region', { name: 'Payouts' });
    expect((await within(payouts).findByRole('link', { name: /^Payout of \$42\.50/ })).getAttribute('href')).toBe(`/for-artists/funds/payouts/${PAYOUT_ID}?office=${OFFICE_ID}`);
    expect(within(payouts).getByText('On its way')).toBeTruthy();

    const transactions = screen.getByRole('region', { name: 'Transactions' });
    // Each movement names the artist it is about.
    const released = await within(transactions).findByText('Released from an artist’s escrow');
    expect(released.textContent).toBe('Released from an artist’s escrow · Nina Blue');
    // The kind column names what happened (the API's detail), not just its filter family.
    expect(within(transactions).getByText('Released')).toBeTruthy();
    await user.click(within(transactions).getByText('Payouts'));
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/for-artists/stripe/transactions').map((request) => new URL(request.url).searchParams.get('filter'))).toContain('payout'));
    const sent = requestsTo(fetchMock, 'GET /api/for-artists/stripe/transactions').map((request) => new URL(request.url).searchParams);
    expect(sent[0]!.get('filter')).toBe('all');
    expect(sent.every((params) => params.get('officeId') === OFFICE_ID)).toBe(true);
  });

  it('creates a payout after the confirmation, then reloads payouts, transactions and balances', async () => {
    const fetchMock = mockRoutes({
      ...fundsRoutes(),
      'POST /api/for-artists/stripe/create-payout': ok({ ...PAYOUT, id: 'payout-2', status: 'pending' }),
    });
    const { user } = renderApp('/for-artists/funds');
    const balances = await screen.findByRole('region', { name: 'Balances' });
    await within(balances).findByText('$42.50');
    const calls = (route: string) => requestsTo(fetchMock, route).length;
    const before = {
      payouts: calls('GET /api/for-artists/stripe/payouts'),
      transactions: calls('GET /api/for-artists/stripe/transactions'),
      balance: calls('GET /api/for-artists/stripe/connected-account-balance'),
    };

    await user.click(within(balances).getByRole('button', { name: 'Create payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay out to your bank?' });
    expect(calls('POST /api/for-artists/stripe/create-payout')).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Pay out $42.50' }));

    await screen.findByText(/Payout of \$42\.50 created/);
    const [request] = requestsTo(fetchMock, 'POST /api/for-artists/stripe/create-payout');
    expect(await request!.json()).toEqual({ officeId: OFFICE_ID });
    await waitFor(() => {
      expect(calls('GET /api/for-artists/stripe/payouts')).toBeGreaterThan(before.payouts);
      expect(calls('GET /api/for-artists/stripe/transactions')).toBeGreaterThan(before.transactions);
      expect(calls('GET /api/for-artists/stripe/connected-account-balance')).toBeGreaterThan(before.balance);
    });
  });

  it('gives a member the figures but not the payout action', async () => {
    mockRoutes(fundsRoutes('member'));
    renderApp('/for-artists/funds');
    const balances = await screen.findByRole('region', { name: 'Balances' });
    await within(balances).findByText('$42.50');
    expect(within(balances).queryByRole('button', { name: 'Create payout' })).toBeNull();
  });

  it('says why "Create payout" is disabled: nothing available, the transfer threshold and the month end with its date', async () => {
    mockRoutes({ ...fundsRoutes(), 'GET /api/for-artists/stripe/connected-account-balance': ok({ availableCents: 0, pendingCents: 0 }) });
    renderApp('/for-artists/funds');
    const balances = await screen.findByRole('region', { name: 'Balances' });
    const button = await within(balances).findByRole('button', { name: 'Create payout' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const reason = await within(balances).findByText(/once they reach \$10\.00/);
    const now = new Date();
    const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
    const spoken = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(lastDay);
    expect(reason.textContent).toContain('Nothing is available to pay out yet.');
    expect(reason.textContent).toContain(`on the last day of the month (${spoken})`);
    // Screen readers hear the reason with the disabled button.
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    // Connected and enabled: no notice above the figures.
    expect(screen.queryByTestId('stripe-notice')).toBeNull();
  });

  it('says at once when Pie disconnected the office, and the admin connects again from Funds', async () => {
    const fetchMock = mockRoutes({
      ...fundsRoutes(),
      'GET /api/for-artists/stripe/check-monthly-fee': ok({ status: 'enabled', monthlyFeeCents: 200, earningsThisMonthCents: 0, covered: false, disconnectedAt: '2026-11-20T10:00:00.000Z' }),
      'POST /api/for-artists/stripe/completeOnboarding': ok({ accountLink: { url: 'http://stripe.test/connect/onboarding/again' } }),
    });
    const { user } = renderApp('/for-artists/funds');
    const notice = await screen.findByTestId('stripe-notice', {}, { timeout: 10_000 });
    expect(notice.textContent).toContain('Stripe is disconnected');
    expect(notice.textContent).toContain('disconnected on Nov 20, 2026');
    await user.click(within(notice).getByRole('button', { name: 'Connect Stripe again' }));
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith('http://stripe.test/connect/onboarding/again'));
    expect(await requestsTo(fetchMock, 'POST /api/for-artists/stripe/completeOnboarding')[0]!.json()).toEqual({ officeId: OFFICE_ID });
  });

  it('offers "Connect Stripe" where money waits for a connection; a member is told to ask an admin', async () => {
    const notConnected = ok({ status: 'not_connected', monthlyFeeCents: 200, earningsThisMonthCents: 0, covered: false, disconnectedAt: null });
    mockRoutes({ ...fundsRoutes(), 'GET /api/for-artists/stripe/check-monthly-fee': notConnected });
    const admin = renderApp('/for-artists/funds');
    const notice = await screen.findByTestId('stripe-notice', {}, { timeout: 10_000 });
    expect(notice.textContent).toContain('Money waits for a Stripe connection');
    expect(within(notice).getByRole('button', { name: 'Connect Stripe' })).toBeTruthy();
    admin.unmount();

    mockRoutes({ ...fundsRoutes('member'), 'GET /api/for-artists/stripe/check-monthly-fee': notConnected });
    renderApp('/for-artists/funds');
    const memberNotice = await screen.findByTestId('stripe-notice', {}, { timeout: 10_000 });
    expect(within(memberNotice).queryByRole('button')).toBeNull();
    expect(memberNotice.textContent).toContain('Ask an admin of this office to connect Stripe.');
  });

  it('says what is empty and what fills it', async () => {
    mockRoutes({
      ...fundsRoutes(),
      'GET /api/for-artists/stripe/payouts': page([]),
      'GET /api/for-artists/stripe/transactions': page([]),
    });
    renderApp('/for-artists/funds');
    expect(await screen.findByText(/^No payouts yet\./)).toBeTruthy();
    expect(await screen.findByText(/^No transactions yet\./)).toBeTruthy();
    expect(await screen.findByText(/^No transfers waiting\./)).toBeTruthy();
  });
});

describe('a payout’s page', () => {
  it('shows a failed payout with its reason', async () => {
    mockRoutes({
      ...fundsRoutes(),
      'GET /api/for-artists/stripe/payout-details': ok({ ...PAYOUT, status: 'failed', failureMessage: 'The bank account has been closed.', failureCode: 'account_closed' }),
    });
    renderApp(`/for-artists/funds/payouts/${PAYOUT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payout details' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('The bank account has been closed.');
  });

  it('is not found for another office’s id', async () => {
    mockRoutes({
      ...fundsRoutes(),
      'GET /api/for-artists/stripe/payout-details': () => Promise.resolve(jsonResponse({ success: false, statusCode: 404, code: 'not_found', message: 'No such payout' }, 404)),
    });
    renderApp(`/for-artists/funds/payouts/${PAYOUT_ID}`);
    expect(await screen.findByRole('heading', { name: 'No payout with this id' })).toBeTruthy();
  });
});

describe('a transaction’s page', () => {
  const TRANSACTION_ID = '7a1c2b3a-0b5c-4f4e-8f0e-4b7a9a574d6f';
  const release = {
    id: TRANSACTION_ID,
    kind: 'credit',
    detail: 'escrow_released',
    amountCents: 339,
    description: 'Released from an artist’s escrow',
    occurredAt: '2026-11-03T09:00:00.000Z',
    artistId: 'a1',
    artistName: 'Nina Blue',
    payoutId: null,
    periods: { count: 2, firstStartsAt: '2026-09-01T00:00:00.000Z', lastEndsAt: '2026-10-31T00:00:00.000Z' },
    fans: { count: 3, cents: 339 },
  };

  it('names the artist, the pie periods and the fans’ money it came from, and reads a release as money in', async () => {
    const fetchMock = mockRoutes({ ...fundsRoutes(), 'GET /api/for-artists/stripe/transaction-details': ok(release) });
    renderApp(`/for-artists/funds/transactions/${TRANSACTION_ID}?office=${OFFICE_ID}`);

    expect(await screen.findByRole('heading', { name: 'Released from an artist’s escrow' })).toBeTruthy();
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Amount')).toBe('$3.39');
    expect(screen.getByText('Money in')).toBeTruthy();
    expect(value('Artist')).toBe('Nina Blue');
    expect(value('Pie periods')).toMatch(/^2 periods, Sep 1, 2026 – Oct 31, 2026$/);
    expect(value('From fans')).toBe('3 fans · $3.39');
    const asked = new URL(requestsTo(fetchMock, 'GET /api/for-artists/stripe/transaction-details')[0]!.url).searchParams;
    expect(Object.fromEntries(asked)).toEqual({ officeId: OFFICE_ID, transactionId: TRANSACTION_ID });
  });

  it('leaves out what a movement has no origin for (a payout)', async () => {
    mockRoutes({
      ...fundsRoutes(),
      'GET /api/for-artists/stripe/transaction-details': ok({ ...release, kind: 'payout', detail: 'payout', amountCents: -4250, description: 'Payout to your bank', artistId: null, artistName: null, periods: null, fans: null }),
    });
    renderApp(`/for-artists/funds/transactions/${TRANSACTION_ID}?office=${OFFICE_ID}`);

    expect(await screen.findByRole('heading', { name: 'Payout to your bank' })).toBeTruthy();
    expect(screen.getByText('Money out')).toBeTruthy();
    expect(screen.queryByText('Pie periods')).toBeNull();
    expect(screen.queryByText('From fans')).toBeNull();
  });
});

describe('the Stripe connection', () => {
  const feeCheck = (status: string, disconnectedAt: string | null = null) => ok({ status, monthlyFeeCents: 200, earningsThisMonthCents: 1234, covered: true, disconnectedAt });

  it('in office settings: not connected, "Connect Stripe" goes to the onboarding link', async () => {
    const fetchMock = mockRoutes({
      ...fundsRoutes(),
      'GET /api/for-artists/stripe/check-monthly-fee': feeCheck('not_connected'),
      'POST /api/for-artists/stripe/completeOnboarding': ok({ accountLink: { url: 'http://stripe.test/connect/onboarding/abc' } }),
    });
    const { user } = renderApp('/for-artists/office-settings');
    const section = await screen.findByRole('region', { name: 'Payments for Blue Notes' });
    expect((await within(section).findByTestId('stripe-status')).textContent).toBe('Not connected');
    expect(within(section).queryByRole('button', { name: 'Open Stripe dashboard' })).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Connect Stripe' }));

    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith('http://stripe.test/connect/onboarding/abc'));
    const [request] = requestsTo(fetchMock, 'POST /api/for-artists/stripe/completeOnboarding');
    expect(await request!.json()).toEqual({ officeId: OFFICE_ID });
  });

  it('in settings: enabled, with the monthly fee check and the dashboard link', async () => {
    mockRoutes({
      ...fundsRoutes(),
      'GET /api/for-artists/stripe/check-monthly-fee': feeCheck('enabled'),
      'GET /api/for-artists/stripe/createLoginLink': ok({ login_url: 'http://stripe.test/connect/express/xyz' }),
    });
    const { user } = renderApp('/for-artists/settings');
    const section = await screen.findByRole('region', { name: 'Payments for Blue Notes' });
    expect((await within(section).findByTestId('stripe-status')).textContent).toBe('Enabled');
    expect(section.textContent).toContain('($12.34) cover Stripe');
    expect(within(section).queryByRole('button', { name: 'Connect Stripe' })).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Open Stripe dashboard' }));

    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith('http://stripe.test/connect/express/xyz'));
  });

  it('in office settings: a link naming another of the person’s offices (a mail about its Stripe account) opens that office', async () => {
    const other = { _id: '7a57d6f1-0b5c-4f4e-8f0e-4b7a9a574d10', name: 'Red Keys', type: 'management', role: 'admin', members: [] };
    const fetchMock = mockRoutes({ ...fundsRoutes(), 'GET /api/for-artists/offices': ok([office(), other]), 'GET /api/for-artists/stripe/check-monthly-fee': feeCheck('requirements_due') });
    renderApp(`/for-artists/office-settings?office=${other._id}`);
    const section = await screen.findByRole('region', { name: 'Payments for Red Keys' });
    expect((await within(section).findByTestId('stripe-status')).textContent).toBe('Requirements due');
    expect(requestsTo(fetchMock, 'GET /api/for-artists/stripe/check-monthly-fee').map((request) => new URL(request.url).searchParams.get('officeId'))).toEqual([other._id]);
  });

  it('in office settings: a disconnected office says so with the date, and its admin connects again through onboarding', async () => {
    mockRoutes({
      ...fundsRoutes(),
      'GET /api/for-artists/stripe/check-monthly-fee': feeCheck('enabled', '2026-11-20T10:00:00.000Z'),
      'POST /api/for-artists/stripe/completeOnboarding': ok({ accountLink: { url: 'http://stripe.test/connect/onboarding/back' } }),
    });
    const { user } = renderApp('/for-artists/office-settings');
    const section = await screen.findByRole('region', { name: 'Payments for Blue Notes' });
    expect((await within(section).findByTestId('stripe-status')).textContent).toBe('Disconnected');
    expect(section.textContent).toContain('disconnected on Nov 20, 2026');
    // Not "enabled": the monthly fee line is not shown for an account Pie sends nothing to.
    expect(section.textContent).not.toContain('cover Stripe');
    await user.click(within(section).getByRole('button', { name: 'Connect Stripe again' }));
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith('http://stripe.test/connect/onboarding/back'));
  });

  it('lets a member see the status but not connect', async () => {
    mockRoutes({ ...fundsRoutes('member'), 'GET /api/for-artists/stripe/check-monthly-fee': feeCheck('requirements_due') });
    renderApp('/for-artists/office-settings');
    const section = await screen.findByRole('region', { name: 'Payments for Blue Notes' });
    expect((await within(section).findByTestId('stripe-status')).textContent).toBe('Requirements due');
    expect(within(section).queryByRole('button')).toBeNull();
    expect(section.textContent).toContain('Only an office admin can connect Stripe');
  });
});

describe('/for-artists/give-back', () => {
  it('checks the share, confirms, gives and shows the gift in the history', async () => {
    const gift = { id: 'gift-1', amountCents: 123, sharePercent: 10, createdAt: '2026-11-23T10:00:00.000Z' };
    const fetchMock = mockRoutes({
      ...fundsRoutes(),
      'GET /api/for-artists/give-back': [page([]), page([gift])],
      'POST /api/for-artists/give-back': ok(gift),
    });
    const { user } = renderApp('/for-artists/give-back');
    expect(await screen.findByText(/^No gifts yet\./)).toBeTruthy();
    // The earnings are said before anything is asked.
    expect((await screen.findByTestId('give-back-earnings')).textContent).toBe("Your office's earnings: $12.34");

    const field = screen.getByLabelText(/^Share of your earnings/);
    await user.type(field, '250');
    await user.click(screen.getByRole('button', { name: 'Review the gift' }));
    expect(await screen.findByText('Enter a share from 1 to 100 percent')).toBeTruthy();

    await user.clear(field);
    await user.type(field, '10');
    await user.click(screen.getByRole('button', { name: 'Review the gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give to the promotion pool?' });
    expect(dialog.textContent).toContain("10% of your office's earnings (about $1.23 of $12.34) goes to the promotion pool.");
    await user.click(within(dialog).getByRole('button', { name: 'Give' }));

    expect(await screen.findByText('Thank you: $1.23 went to the promotion pool.')).toBeTruthy();
    const [request] = requestsTo(fetchMock, 'POST /api/for-artists/give-back');
    expect(await request!.json()).toEqual({ officeId: OFFICE_ID, share: 10 });
    const history = screen.getByRole('region', { name: 'Your gifts' });
    expect(await within(history).findByText('10% of earnings')).toBeTruthy();
  });
});

describe('/for-artists/give-back with nothing to give', () => {
  it('says the earnings are $0.00 and asks nothing', async () => {
    mockRoutes({ ...fundsRoutes(), 'GET /api/for-artists/stripe/balance': ok({ earningsCents: 0, escrowCents: 0 }), 'GET /api/for-artists/give-back': page([]) });
    renderApp('/for-artists/give-back');
    expect((await screen.findByTestId('give-back-earnings')).textContent).toBe("Your office's earnings: $0.00");
    expect((screen.getByRole('button', { name: 'Review the gift' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('There are no earnings to give yet.')).toBeTruthy();
  });

  it('refuses an amount above the earnings before asking to confirm', async () => {
    mockRoutes({ ...fundsRoutes(), 'GET /api/for-artists/give-back': page([]) });
    const { user } = renderApp('/for-artists/give-back');
    await screen.findByTestId('give-back-earnings');
    await user.click(screen.getByText('An amount'));
    await user.type(screen.getByLabelText(/^Amount/), '20');
    await user.click(screen.getByRole('button', { name: 'Review the gift' }));
    expect(await screen.findByText("Your office's earnings are $12.34: enter at most that")).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('a person in two offices', () => {
  const SECOND_ID = '7a2d4e5f-1c3b-4d6e-8f9a-0b1c2d3e4f50';
  const balances = new Map([
    [OFFICE_ID, { earningsCents: 1234, escrowCents: 0 }],
    [SECOND_ID, { earningsCents: 5678, escrowCents: 0 }],
  ]);
  const twoOffices = () => ({
    ...fundsRoutes(),
    'GET /api/for-artists/offices': ok([office(), { _id: SECOND_ID, name: 'Red Room', type: 'label', role: 'member', members: [] }]),
    'GET /api/for-artists/stripe/balance': (request: Request) => ok(balances.get(new URL(request.url).searchParams.get('officeId')!))(),
  });

  it('chooses the office in the layout; funds ask for that office, and the choice is remembered for this person', async () => {
    const fetchMock = mockRoutes(twoOffices());
    const first = renderApp('/for-artists/funds');
    const balancesRegion = await screen.findByRole('region', { name: 'Balances' });
    await within(balancesRegion).findByText('$12.34');

    const switcher = await screen.findByLabelText('Working in');
    expect((switcher as HTMLSelectElement).value).toBe(OFFICE_ID);
    await first.user.selectOptions(switcher, 'Red Room (member)');

    await within(await screen.findByRole('region', { name: 'Balances' })).findByText('$56.78');
    const asked = requestsTo(fetchMock, 'GET /api/for-artists/stripe/transactions').map((request) => new URL(request.url).searchParams.get('officeId'));
    expect(asked.at(-1)).toBe(SECOND_ID);
    first.unmount();

    // The next visit opens in the office chosen last, for this person only.
    renderApp('/for-artists/funds');
    await within(await screen.findByRole('region', { name: 'Balances' })).findByText('$56.78');
    expect(((await screen.findByLabelText('Working in')) as HTMLSelectElement).value).toBe(SECOND_ID);
  });

  it('shows no switcher to a person with one office', async () => {
    mockRoutes(fundsRoutes());
    renderApp('/for-artists/funds');
    await within(await screen.findByRole('region', { name: 'Balances' })).findByText('$12.34');
    expect(screen.queryByLabelText('Working in')).toBeNull();
  });
});
