import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeFanUser } from '../../../../test/fixtures';
import { emptyListeningRoutes, mockRoutes, renderApp, requestsTo } from '../../../../test/render';
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

  it('shows a cancelled pie as ending on /pie', async () => {
    routes([ok(subscription({ cancelAtPeriodEnd: true }))]);
    renderApp('/pie', AUTHENTICATED);
    expect(await screen.findByText('Cancelled, ends Dec 1, 2026')).toBeTruthy();
  });
});
