import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeArtistUser } from '@web/test/fixtures';
import { jsonResponse, mockRoutes, renderApp } from '@web/test/render';

const OFFICE_ID = '0b5c3f4e-8f0e-4b7a-9a57-4d6f1c2b3a10';
const ok = (data: unknown, extra: Record<string, unknown> = {}) => () => jsonResponse({ success: true, data, ...extra });

describe('terms and fees before the artist commits', () => {
  it('the claim wizard shows the waiver and the funds terms, with Stripe’s monthly fee, and links the terms, before the boxes are ticked', async () => {
    mockRoutes({
      'GET /api/for-artists/user': ok(makeArtistUser()),
      'GET /api/for-artists/offices': ok([]),
      'GET /api/for-artists/claims': ok([]),
      'GET /api/for-artists/search': ok([{ _id: 'a1', name: 'Velvet Orbit', image_url: null, spotify_id: 's1', claimed: false, claimed_by_you: false }], { pagination: { page: 1, limit: 6, total: 1, pages: 1 } }),
    });
    const { user } = renderApp('/for-artists/artists');
    await user.click(await screen.findByRole('button', { name: 'Claim an artist' }));
    await user.click(await screen.findByRole('button', { name: /Velvet Orbit/ }));
    await user.click(screen.getByRole('button', { name: 'Next step' }));

    const terms = await screen.findByRole('region', { name: 'What you agree to' });
    expect(terms.textContent).toContain('You confirm that you are Velvet Orbit or are authorised to manage Velvet Orbit\'s profile.');
    expect(terms.textContent).toContain('Money fans gave Velvet Orbit waits in escrow until this claim is verified');
    expect(terms.textContent).toContain('Stripe charges $2.00 for each month the account is active');
    expect(within(terms).getByRole('link', { name: /Terms of Service/ }).getAttribute('href')).toBe('/terms');
    expect((screen.getByLabelText('I agree to the waiver') as HTMLInputElement).checked).toBe(false);
  });

  it('office settings say what Stripe costs and how transfers are batched before the admin connects', async () => {
    mockRoutes({
      'GET /api/for-artists/user': ok(makeArtistUser()),
      'GET /api/for-artists/offices': ok([{ _id: OFFICE_ID, name: 'Blue Notes', type: 'management', role: 'admin', members: [] }]),
      'GET /api/for-artists/stripe/check-monthly-fee': ok({ status: 'not_connected', monthlyFeeCents: 200, earningsThisMonthCents: 0, covered: false, disconnectedAt: null }),
      'GET /api/for-artists/stripe/wallet-balance': ok({ earningsCents: 0, connectedCents: 0, totalCents: 0, transferThresholdCents: 1000 }),
    });
    renderApp('/for-artists/office-settings');
    const section = await screen.findByRole('region', { name: 'Payments for Blue Notes' });
    await waitFor(() => expect(within(section).getByTestId('stripe-terms').textContent).toContain('$10.00'));
    expect(within(section).getByTestId('stripe-terms').textContent).toMatch(/^Stripe charges \$2\.00 for each month the account is active.*once they reach \$10\.00, or at the end of the month\./);
    expect(within(section).getByRole('button', { name: 'Connect Stripe' })).toBeTruthy();
  });
});
