import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeFanUser } from '@web/test/fixtures';
import { emptyListeningRoutes, mockRoutes, renderApp, requestsTo } from '@web/test/render';
import { activePie, emptyStats, ok, PIE_ID, subscription } from '../test-fixtures';

const AUTHENTICATED = { session: { status: 'authenticated' as const, redirectTo: null } };

function routes(subscriptions: ReturnType<typeof ok>[]) {
  return mockRoutes({
    ...emptyListeningRoutes(),
    'GET /api/user': ok(makeFanUser()),
    'GET /api/pie/active': ok(activePie),
    [`GET /api/pie/${PIE_ID}/realtime-stats`]: ok(emptyStats),
    [`GET /api/pie/${PIE_ID}/orphaned-tracks`]: ok([]),
    'GET /api/stripe/activeSubscription': subscriptions,
    'POST /api/stripe/cancelSubscription': ok({ cancelled: true }),
  });
}

describe('cancelling a pie', () => {
  it('confirms, cancels, then shows the pie as ending instead of offering to cancel again', async () => {
    const fetchMock = routes([ok(subscription()), ok(subscription({ cancelAtPeriodEnd: true }))]);
    const { user } = renderApp('/pie/settings', AUTHENTICATED);

    const section = (await screen.findByRole('heading', { name: 'Cancel your pie' })).closest('section') as HTMLElement;
    await user.click(within(section).getByRole('button', { name: 'Cancel pie' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, cancel my pie' }));

    expect(await screen.findByRole('heading', { name: 'Your pie is cancelled' })).toBeTruthy();
    expect(screen.getByText('It ends on Dec 1, 2026: this period still goes to your artists, and you are not charged again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel pie' })).toBeNull();
    expect(requestsTo(fetchMock, 'POST /api/stripe/cancelSubscription')).toHaveLength(1);
  });

  it('shows a cancelled pie as ending on /pie, where saved settings would have no next period to apply to', async () => {
    routes([ok(subscription({ cancelAtPeriodEnd: true }))]);
    renderApp('/pie', AUTHENTICATED);
    expect(await screen.findByText('Ending on Dec 1, 2026')).toBeTruthy();
    expect(screen.getByText(/Your pie ends on Dec 1, 2026: there is no next period for new settings\./)).toBeTruthy();
    expect(screen.queryByText(/apply from your next period/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a running pie as active on /pie, where saved settings apply from the next period', async () => {
    routes([ok(subscription())]);
    renderApp('/pie', AUTHENTICATED);
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(screen.getByText(/Saved changes apply from your next period\./)).toBeTruthy();
  });
});

describe('one pie status everywhere', () => {
  const cancelled = () =>
    mockRoutes({
      ...emptyListeningRoutes(),
      'GET /api/user': ok(makeFanUser()),
      'GET /api/pie/active': ok(activePie),
      'GET /api/stripe/activeSubscription': ok(subscription({ cancelAtPeriodEnd: true })),
      'GET /api/pie/user/fan_1/pies': ok([{ ...activePie, periods: [activePie.currentPeriod] }]),
      'GET /api/stripe/refreshSubscription': ok(subscription({ cancelAtPeriodEnd: true })),
      'GET /api/fan-wallet/balance': ok({ balance: '8.41', balanceCents: 841 }),
    });

  it('/my-pies says a cancelled pie is ending, not active', async () => {
    cancelled();
    renderApp('/my-pies', AUTHENTICATED);
    expect(await screen.findByText('Ending on Dec 1, 2026')).toBeTruthy();
    expect(screen.queryByText(/^active$/i)).toBeNull();
  });

  it('/my-pies says a pie started when its first period did, even when the pie was recorded later (the demo pie)', async () => {
    const backDated = { ...activePie.currentPeriod!, id: 'p0', seq: 0, startsAt: '2026-10-02T00:00:00.000Z', endsAt: '2026-11-01T00:00:00.000Z', state: 'closed' as const };
    mockRoutes({
      ...emptyListeningRoutes(),
      'GET /api/user': ok(makeFanUser()),
      'GET /api/stripe/activeSubscription': ok(subscription()),
      'GET /api/pie/user/fan_1/pies': ok([{ ...activePie, createdAt: '2026-11-20T00:00:00.000Z', periods: [backDated, activePie.currentPeriod] }]),
    });
    renderApp('/my-pies', AUTHENTICATED);
    expect(await screen.findByRole('heading', { name: 'Pie 1: $10.00 every 30 days, started Oct 2, 2026' })).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
  });

  it('the dashboard says the pie ends', async () => {
    cancelled();
    renderApp('/dashboard', AUTHENTICATED);
    expect(await screen.findByText('Ending on Dec 1, 2026: this period still goes to your artists, and you are not charged again.')).toBeTruthy();
  });

  it('the checkout result says a cancelled pie is paid and ends, not that it is active', async () => {
    cancelled();
    renderApp('/pie/successCheckout?session_id=cs_test_1', AUTHENTICATED);
    expect(await screen.findByRole('heading', { name: 'Your pie is paid and ends on Dec 1, 2026' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your pie is active' })).toBeNull();
  });
});
