import type { Pie } from '#pie/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeFanUser } from '@web/test/fixtures';
import { deferred, emptyListeningRoutes, jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';
import { activePie, emptyStats, newPieEstimate, ok, PIE_ID, subscription } from '../test-fixtures';

const AUTHENTICATED = { session: { status: 'authenticated' as const, redirectTo: null } };
const ELIGIBILITY = 'GET /api/stripe/promoEligibility';
const START = 'POST /api/stripe/createPromoSubscription';

/** A fan who signed up through /try and has not had the free pie. */
const promoFan = makeFanUser({ promo_eligible: true });
const freeSettings = { amountCents: 500, artistLimit: 20, artistPopularity: 0, excludeNonActive: false, pieDays: 14 };
const freePie: Pie = { ...activePie, promo: true, subscriptionId: 'promo_fan_1', settings: freeSettings };
const freeSubscription = subscription({ id: 'promo_fan_1', promo: true, pieSettings: freeSettings });

function routes(table: Parameters<typeof mockRoutes>[0]) {
  return mockRoutes({
    ...emptyListeningRoutes(),
    [`GET /api/pie/${PIE_ID}/realtime-stats`]: ok(emptyStats),
    [`GET /api/pie/${PIE_ID}/orphaned-tracks`]: ok([]),
    'GET /api/pie/new/realtime-stats': ok({ ...newPieEstimate, amountCents: 500 }),
    ...table,
  });
}

async function openFreePieModal(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Start your free $5.00 pie' }));
  return screen.findByRole('dialog', { name: 'Start your free $5.00 pie' });
}

describe('the free pie on /pie', () => {
  it('offers an eligible fan the free pie beside the paid one, starts it with the settings (no amount), and shows the pie once it is there', async () => {
    const fetchMock = routes({
      'GET /api/user': [ok(promoFan), ok({ ...promoFan, used_promotion_code: true })],
      [ELIGIBILITY]: ok({ available: true, used: false }),
      // Still none right after the start (the worker makes the pie), then the free pie.
      'GET /api/pie/active': [ok(null), ok(null), ok(freePie)],
      [START]: ok(freeSubscription),
      'GET /api/stripe/activeSubscription': [ok(null), ok(freeSubscription)],
    });
    const { user } = renderApp('/pie', AUTHENTICATED);

    expect(await screen.findByRole('heading', { name: 'No pies yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create your pie' })).toBeTruthy();
    const modal = await openFreePieModal(user);
    expect(within(modal).queryByLabelText(/Amount per period/)).toBeNull();
    expect(within(modal).queryByRole('table', { name: 'What you pay and what your artists get' })).toBeNull();
    const days = within(modal).getByLabelText(/Period length/);
    await user.clear(days);
    await user.type(days, '14');
    await user.click(within(modal).getByRole('button', { name: 'Start my free pie' }));

    expect(await screen.findByText('Your free pie has started. Setting it up… this takes a few seconds.')).toBeTruthy();
    expect(await screen.findByText('Your free pie: the Pie promotion pays its $5.00, and nothing is charged to you.', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start your free $5.00 pie' })).toBeNull();

    const [sent] = requestsTo(fetchMock, START);
    expect(await sent!.json()).toEqual({ pieDays: 14, artistLimit: 20, artistPopularity: 0, excludeNonActive: false });
    // The fan is read again: `used_promotion_code` is set now, so the offer is gone for good.
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/user').length).toBeGreaterThanOrEqual(2));
  });

  it.each([
    ['not flagged promo_eligible (signed up without /try)', makeFanUser(), { available: true, used: false }, false],
    ['who has used a code', makeFanUser({ promo_eligible: true, used_promotion_code: true }), { available: true, used: false }, false],
    ['whose eligibility call reports it used', promoFan, { available: true, used: true }, true],
    ['whose eligibility call reports it not available', promoFan, { available: false, used: false }, true],
  ])('offers only the paid pie to a fan %s', async (_case, fan, eligibility, asks) => {
    const fetchMock = routes({ 'GET /api/user': ok(fan), [ELIGIBILITY]: ok(eligibility) });
    renderApp('/pie', AUTHENTICATED);

    expect(await screen.findByRole('button', { name: 'Create your pie' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /free/ })).toBeNull();
    // The eligibility call is made only when the fan's own flags leave the free pie open.
    expect(requestsTo(fetchMock, ELIGIBILITY)).toHaveLength(asks ? 1 : 0);
  });

  it('offers only the paid pie when the eligibility call fails', async () => {
    routes({
      'GET /api/user': ok(promoFan),
      [ELIGIBILITY]: () => Promise.resolve(jsonResponse({ success: false, statusCode: 500, message: 'Something went wrong' }, 500)),
    });
    renderApp('/pie', AUTHENTICATED);
    expect(await screen.findByRole('button', { name: 'Create your pie' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /free/ })).toBeNull();
  });

  it.each([
    [409, 'You have already used the free PIE promotion. Each user can only use this offer once.'],
    [409, 'Please verify your e-mail address before starting your free pie'],
    [409, 'No promotion codes are available'],
    [400, 'Request body is invalid: pieDays must be at most 90'],
  ])('shows the server’s %i “%s” in an alert, keeps the modal open and starts no pie', async (statusCode, message) => {
    const answer = deferred<Response>();
    const fetchMock = routes({
      'GET /api/user': ok(promoFan),
      [ELIGIBILITY]: ok({ available: true, used: false }),
      [START]: () => answer.promise,
    });
    const { user } = renderApp('/pie', AUTHENTICATED);

    const modal = await openFreePieModal(user);
    const start = within(modal).getByRole('button', { name: 'Start my free pie' });
    await user.click(start);
    // Loading: the button waits for the answer and cannot be pressed twice.
    await waitFor(() => expect(start.getAttribute('data-loading')).toBe('true'));
    expect((start as HTMLButtonElement).disabled).toBe(true);
    answer.resolve(jsonResponse({ success: false, statusCode, message }, statusCode));

    const alert = await within(modal).findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect((start as HTMLButtonElement).disabled).toBe(false);
    expect(requestsTo(fetchMock, START)).toHaveLength(1);
    // A refusal changes nothing: no pie, subscription or fan to read again.
    expect(requestsTo(fetchMock, 'GET /api/pie/active')).toHaveLength(1);
    expect(requestsTo(fetchMock, 'GET /api/user')).toHaveLength(1);
  });
});
