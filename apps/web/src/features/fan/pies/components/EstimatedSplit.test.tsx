import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeFanUser } from '@web/test/fixtures';
import { emptyListeningRoutes, mockRoutes, renderApp, requestsTo } from '@web/test/render';
import { activePie, emptyStats, newPieEstimate, ok, PIE_ID } from '../test-fixtures';
import { ESTIMATE_RETRY_MS } from './EstimatedSplit';

const AUTHENTICATED = { session: { status: 'authenticated' as const, redirectTo: null } };
const ESTIMATE = 'GET /api/pie/new/realtime-stats';

/** The query of each estimate asked for, in order. */
function askedFor(fetchMock: ReturnType<typeof mockRoutes>) {
  return requestsTo(fetchMock, ESTIMATE).map((request) => Object.fromEntries(new URL(request.url).searchParams));
}

/**
 * A split before paying (issue 29 item 10): the create modal shows the split of what is left after
 * the fees, estimated from the fan's last 28 days of listening with the settings being tried, and
 * /pie shows a period without listening of its own the estimate, each labelled as an estimate.
 */
describe('the estimated split', () => {
  it('shows a new fan the estimated split of what the artists would get in the create modal, following the amount and the settings', async () => {
    const fetchMock = mockRoutes({
      ...emptyListeningRoutes(),
      'GET /api/user': ok(makeFanUser()),
      'GET /api/pie/active': ok(null),
      [ESTIMATE]: ok(newPieEstimate),
    });
    const { user } = renderApp('/pie', AUTHENTICATED);
    // The lazy route's first load is slow on a busy machine.
    await user.click(await screen.findByRole('button', { name: 'Create your pie' }, { timeout: 10_000 }));
    const modal = await screen.findByRole('dialog', { name: 'Create your pie' });

    const estimate = within(modal).getByRole('region', { name: 'Your split, estimated' });
    expect(estimate.textContent).toContain('From what you listened to in the last 28 days');
    const split = await within(estimate).findByRole('list', { name: 'Your estimated split' });
    const rows = within(split).getAllByRole('listitem').map((row) => row.textContent);
    expect(rows[0]).toContain('Night Swimmers');
    expect(rows[0]).toContain('$5.61');
    expect(rows[1]).toContain('Paper Lanterns');
    expect(within(estimate).getByText('Estimate')).toBeTruthy();
    expect(within(estimate).getByText('$8.41 would be split among 2 artists, going by your last 28 days of listening')).toBeTruthy();
    // $10.00 by default: $8.41 is what the fee table says the artists share.
    expect(askedFor(fetchMock)[0]).toEqual({ amount: '8.41', limit: '20', artistPopularity: '0', excludeNonActive: 'false' });

    // $20.00: Stripe's 88¢ and Pie's $2.00 leave $17.12.
    const amount = within(modal).getByLabelText(/Amount per period/);
    await user.clear(amount);
    await user.type(amount, '20');
    await waitFor(() => expect(askedFor(fetchMock).at(-1)).toMatchObject({ amount: '17.12' }));
    // The tilt slider moves the estimate too.
    const tilt = within(modal).getByRole('slider', { name: /Tilt toward less popular artists/ });
    tilt.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(askedFor(fetchMock).at(-1)).toEqual({ amount: '17.12', limit: '20', artistPopularity: '1', excludeNonActive: 'false' }));
  });

  it('says there is nothing to estimate from for a fan without listening', async () => {
    mockRoutes({
      ...emptyListeningRoutes(),
      'GET /api/user': ok(makeFanUser()),
      'GET /api/pie/active': ok(null),
      [ESTIMATE]: ok({ ...newPieEstimate, artists: [] }),
    });
    const { user } = renderApp('/pie', AUTHENTICATED);
    // The lazy route's first load is slow on a busy machine.
    await user.click(await screen.findByRole('button', { name: 'Create your pie' }, { timeout: 10_000 }));
    const modal = await screen.findByRole('dialog', { name: 'Create your pie' });
    expect(await within(modal).findByText(/No listening in your last 28 days to estimate from yet/)).toBeTruthy();
  });

  it('asks again while there is nothing to estimate from, and shows the split once the first plays are in', async () => {
    // A fan just signed in with Spotify: the first poll is still bringing their plays.
    const fetchMock = mockRoutes({
      ...emptyListeningRoutes(),
      'GET /api/user': ok(makeFanUser()),
      'GET /api/pie/active': ok(null),
      [ESTIMATE]: [ok({ ...newPieEstimate, artists: [] }), ok(newPieEstimate)],
    });
    const { user } = renderApp('/pie', AUTHENTICATED);
    await user.click(await screen.findByRole('button', { name: 'Create your pie' }, { timeout: 10_000 }));
    const modal = await screen.findByRole('dialog', { name: 'Create your pie' });
    expect(await within(modal).findByText(/No listening in your last 28 days to estimate from yet/)).toBeTruthy();
    const split = await within(modal).findByRole('list', { name: 'Your estimated split' }, { timeout: ESTIMATE_RETRY_MS + 5_000 });
    expect(within(split).getAllByRole('listitem')[0]!.textContent).toContain('Night Swimmers');
    expect(requestsTo(fetchMock, ESTIMATE).length).toBeGreaterThanOrEqual(2);
  }, 20_000);

  it('labels the split on /pie as an estimate while the period has no listening of its own', async () => {
    mockRoutes({
      ...emptyListeningRoutes(),
      'GET /api/user': ok(makeFanUser()),
      'GET /api/pie/active': ok(activePie),
      [`GET /api/pie/${PIE_ID}/realtime-stats`]: ok({ ...emptyStats, artists: newPieEstimate.artists, estimate: { days: 28 } }),
      [`GET /api/pie/${PIE_ID}/orphaned-tracks`]: ok([]),
    });
    renderApp('/pie', AUTHENTICATED);
    const section = await screen.findByRole('region', { name: 'Your split, estimated' }, { timeout: 10_000 });
    expect(await within(section).findByRole('list', { name: 'Your estimated split' })).toBeTruthy();
    expect(within(section).getByText('Estimate')).toBeTruthy();
    expect(section.textContent).toContain('Your period has no listening of its own yet, so this is an estimate from your last 28 days');
    expect(screen.queryByRole('heading', { name: 'Your split right now' })).toBeNull();
  });
});
