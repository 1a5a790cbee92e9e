import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../shared/browser';
import { makeArtistUser } from '../../test/fixtures';
import { jsonResponse, mockRoutes, renderApp, requestsTo } from '../../test/render';

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
    'GET /api/for-artists/stripe/payouts': page([PAYOUT]),
    'GET /api/for-artists/stripe/transfers-without-payouts': page([]),
    'GET /api/for-artists/stripe/transactions': page([
      { id: 'txn-1', kind: 'credit', detail: 'escrow_released', amountCents: 1234, description: 'Fans of Nina, November', occurredAt: '2026-11-01T00:00:00.000Z', artistId: null, payoutId: null },
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

    const balances = await screen.findByRole('region', { name: 'Balances' });
    await within(balances).findByText('$12.34');
    expect(within(balances).getByText('$42.50')).toBeTruthy();
    expect(within(balances).getByText('$1.00')).toBeTruthy();
    expect(within(balances).queryByText('In escrow')).toBeNull();

    const payouts = screen.getByRole('region', { name: 'Payouts' });
    expect((await within(payouts).findByRole('link', { name: /^Payout of \$42\.50/ })).getAttribute('href')).toBe(`/for-artists/funds/payouts/${PAYOUT_ID}`);
    expect(within(payouts).getByText('On its way')).toBeTruthy();

    const transactions = screen.getByRole('region', { name: 'Transactions' });
    await within(transactions).findByText('Fans of Nina, November');
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

describe('the Stripe connection', () => {
  const feeCheck = (status: string) => ok({ status, monthlyFeeCents: 200, earningsThisMonthCents: 1234, covered: true });

  it('in office settings: not connected, "Connect with Stripe" goes to the onboarding link', async () => {
    const fetchMock = mockRoutes({
      ...fundsRoutes(),
      'GET /api/for-artists/stripe/check-monthly-fee': feeCheck('not_connected'),
      'POST /api/for-artists/stripe/completeOnboarding': ok({ accountLink: { url: 'http://stripe.test/connect/onboarding/abc' } }),
    });
    const { user } = renderApp('/for-artists/office-settings');
    const section = await screen.findByRole('region', { name: 'Payments for Blue Notes' });
    expect((await within(section).findByTestId('stripe-status')).textContent).toBe('Not connected');
    expect(within(section).queryByRole('button', { name: 'Open Stripe dashboard' })).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Connect with Stripe' }));

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
    expect(within(section).queryByRole('button', { name: 'Connect with Stripe' })).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Open Stripe dashboard' }));

    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith('http://stripe.test/connect/express/xyz'));
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

    const field = screen.getByLabelText(/^Share of your earnings/);
    await user.type(field, '250');
    await user.click(screen.getByRole('button', { name: 'Review the gift' }));
    expect(await screen.findByText('Enter a share from 1 to 100 percent')).toBeTruthy();

    await user.clear(field);
    await user.type(field, '10');
    await user.click(screen.getByRole('button', { name: 'Review the gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give to the promotion pool?' });
    expect(dialog.textContent).toContain("10% of your office's earnings goes");
    await user.click(within(dialog).getByRole('button', { name: 'Give' }));

    expect(await screen.findByText('Thank you: $1.23 went to the promotion pool.')).toBeTruthy();
    const [request] = requestsTo(fetchMock, 'POST /api/for-artists/give-back');
    expect(await request!.json()).toEqual({ officeId: OFFICE_ID, share: 10 });
    const history = screen.getByRole('region', { name: 'Your gifts' });
    expect(await within(history).findByText('10% of earnings')).toBeTruthy();
  });
});
