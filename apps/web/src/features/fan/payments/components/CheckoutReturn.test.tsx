import type { SubscriptionView } from '#pie/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFanUser } from '@web/test/fixtures';
import { emptyListeningRoutes, jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';

const ok = (data: unknown) => () => Promise.resolve(jsonResponse({ success: true, data }));
const active: SubscriptionView = {
  id: 'sub_1',
  status: 'active',
  promo: false,
  active: true,
  cancelAtPeriodEnd: false,
  currentPeriodStart: '2026-11-26T10:00:00.000Z',
  currentPeriodEnd: '2026-12-26T10:00:00.000Z',
  pieSettings: { amountCents: 1000, artistLimit: 20, artistPopularity: 0, excludeNonActive: false, pieDays: 30 },
  metadata: { pie_id: 'pie_1' },
};
const REFRESH = 'GET /api/stripe/refreshSubscription';
const signedIn = { session: { status: 'authenticated' as const, redirectTo: null } };

/** Lets `ms` of fake time pass in small steps, so each answer arrives before the page's next wait starts. */
async function waitOut(ms: number) {
  for (let passed = 0; passed < ms; passed += 250) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
  }
}

describe('/pie/successCheckout', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when no payment is confirmed, stops saying it updates in a moment and offers to check again or go to the pie', async () => {
    // No subscription until the payment arrives (after the page has given up).
    let paid = false;
    const fetchMock = mockRoutes({
      ...emptyListeningRoutes(),
      'GET /api/user': ok(makeFanUser()),
      [REFRESH]: () => ok(paid ? active : null)(),
    });
    const { user } = renderApp('/pie/successCheckout?session_id=cs_test_1', signedIn);

    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeTruthy();
    expect(await screen.findByText('We have not seen a payment yet. If you just paid, this page updates in a moment.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Waiting for the payment provider…');
    await waitOut(20_000);

    expect(await screen.findByRole('heading', { name: 'Payment not confirmed yet' })).toBeTruthy();
    expect(screen.queryByText(/this page updates in a moment/)).toBeNull();
    expect(screen.queryByText('Waiting for the payment provider…')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('We have not heard from the payment provider yet. If you paid, your pie appears within a few minutes.');
    expect(screen.getByRole('link', { name: 'Go to your pie' }).getAttribute('href')).toBe('/pie');
    // Ten tries (React's StrictMode starts the effect twice in development: one more, cut short).
    const asked = requestsTo(fetchMock, REFRESH).length;
    expect(asked).toBeGreaterThanOrEqual(10);
    expect(asked).toBeLessThanOrEqual(11);
    // Polling has stopped: no more asking.
    await waitOut(10_000);
    expect(requestsTo(fetchMock, REFRESH)).toHaveLength(asked);

    // "Check again" asks anew; the payment is in by now.
    paid = true;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Your pie is active' })).toBeTruthy();
    expect(screen.getByText('Paid: $10.00 every 30 days, split among up to 20 artists.')).toBeTruthy();
    expect(requestsTo(fetchMock, REFRESH)).toHaveLength(asked + 1);
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
  });

  it('shows the active pie as soon as the payment is confirmed, and stops asking', async () => {
    let paid = false;
    const fetchMock = mockRoutes({
      ...emptyListeningRoutes(),
      'GET /api/user': ok(makeFanUser()),
      [REFRESH]: () => ok(paid ? active : null)(),
    });
    renderApp('/pie/successCheckout?session_id=cs_test_1', signedIn);

    expect(await screen.findByText('We have not seen a payment yet. If you just paid, this page updates in a moment.')).toBeTruthy();
    paid = true;
    await waitOut(2_000);
    expect(await screen.findByRole('heading', { name: 'Your pie is active' })).toBeTruthy();
    const asked = requestsTo(fetchMock, REFRESH).length;
    await waitOut(20_000);
    expect(requestsTo(fetchMock, REFRESH)).toHaveLength(asked);
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
  });
});
