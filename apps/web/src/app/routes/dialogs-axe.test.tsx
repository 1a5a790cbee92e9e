import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminClaimDetails, AdminMoneyFigures } from '#pie/contracts';
import { axeViolations } from '@web/test/axe';
import { makeAdmin, makeArtistUser } from '@web/test/fixtures';
import { adminOpenBooks, jsonResponse, mockRoutes, renderApp } from '@web/test/render';

/*
 * The confirmation dialogs, each opened on its page and checked by axe with the page around it
 * (Mantine's default Modal has a <header>, a second banner landmark beside the page's, and an
 * unnamed close button: shared/ui's ModalDialog has neither).
 */

const ok = (data: unknown, extra: Record<string, unknown> = {}) => () => Promise.resolve(jsonResponse({ success: true, data, ...extra }));
const page = (data: unknown[]) => ok(data, { pagination: { page: 1, limit: 20, total: data.length, pages: data.length ? 1 : 0 } });
const OFFICE_ID = '0b5c3f4e-8f0e-4b7a-9a57-4d6f1c2b3a10';
const ARTIST_ID = '22222222-2222-4222-8222-222222222222';
const CLAIM_ID = '55555555-5555-4555-8555-555555555555';

function artistRoutes() {
  return {
    'GET /api/for-artists/user': ok(makeArtistUser()),
    'GET /api/for-artists/offices': ok([{ _id: OFFICE_ID, name: 'Blue Notes', type: 'management', role: 'admin', members: [] }]),
    'GET /api/for-artists/stripe/balance': ok({ earningsCents: 1234, escrowCents: 0 }),
    'GET /api/for-artists/stripe/connected-account-balance': ok({ availableCents: 4250, pendingCents: 100 }),
    'GET /api/for-artists/stripe/total-payout': ok({ totalCents: 9900 }),
    'GET /api/for-artists/stripe/check-monthly-fee': ok({ status: 'enabled', monthlyFeeCents: 200, earningsThisMonthCents: 1234, covered: true, disconnectedAt: null }),
    'GET /api/for-artists/stripe/wallet-balance': ok({ earningsCents: 1234, connectedCents: 4250, totalCents: 5484, transferThresholdCents: 1000 }),
    'GET /api/for-artists/stripe/payouts': page([]),
    'GET /api/for-artists/stripe/transfers-without-payouts': page([]),
    'GET /api/for-artists/stripe/transactions': page([]),
    'GET /api/for-artists/give-back': page([]),
    [`GET /api/for-artists/offices/${OFFICE_ID}/members`]: ok([
      { user_id: 'u1', email: 'nina@example.com', role: 'admin', status: 'active', first_name: null, last_name: null, invited_at: null, joined_at: '2026-11-01T00:00:00.000Z' },
      { user_id: 'u2', email: 'bob@example.com', role: 'member', status: 'active', first_name: null, last_name: null, invited_at: null, joined_at: '2026-11-01T00:00:00.000Z' },
    ]),
  };
}

function adminRoutes(table: Record<string, ReturnType<typeof ok>>) {
  return mockRoutes({ 'GET /api/admin/profile': ok(makeAdmin()), 'GET /api/admin/audit-log': page([]), ...table });
}

/** Opens a dialog with `open` and expects axe to find nothing on the page around it. */
async function expectAccessibleDialog(name: string, open: () => Promise<void>) {
  await open();
  const dialog = await screen.findByRole('dialog', { name });
  expect(dialog.textContent).not.toBe('');
  expect(await axeViolations()).toEqual([]);
}

describe('confirmation dialogs pass axe', () => {
  it('delete account', async () => {
    mockRoutes({ 'GET /api/for-artists/user': ok(makeArtistUser()) });
    const { user } = renderApp('/for-artists/settings');
    await expectAccessibleDialog('Delete your account?', async () => user.click(await screen.findByRole('button', { name: 'Delete account' })));
  });

  it('create payout', async () => {
    mockRoutes(artistRoutes());
    const { user } = renderApp('/for-artists/funds');
    const balances = await screen.findByRole('region', { name: 'Balances' });
    await within(balances).findByText('$42.50');
    await expectAccessibleDialog('Pay out to your bank?', () => user.click(within(balances).getByRole('button', { name: 'Create payout' })));
  });

  it('remove member', async () => {
    mockRoutes(artistRoutes());
    const { user } = renderApp('/for-artists/team');
    await expectAccessibleDialog('Remove this member?', async () => user.click(await screen.findByRole('button', { name: 'Remove bob@example.com' })));
  });

  it('give back', async () => {
    mockRoutes(artistRoutes());
    const { user } = renderApp('/for-artists/give-back');
    await screen.findByTestId('give-back-earnings');
    await user.type(screen.getByLabelText(/^Share of your earnings/), '10');
    await expectAccessibleDialog('Give to the promotion pool?', () => user.click(screen.getByRole('button', { name: 'Review the gift' })));
  });

  it('an admin record’s action (process escrow payouts)', async () => {
    const figures: AdminMoneyFigures = {
      paidInCents: 2741, cardFeesCents: 184, pieFeesCents: 274, intoWalletsCents: 2283, promotionsCents: 0, givenToArtistsCents: 1500,
      returnedFromEscrowCents: 0, refundedCents: 0, disputeFeesCents: 0, releasedCents: 339, transferredCents: 339, paidOutCents: 339,
      connectFeesCents: 226, givenBackCents: 0,
    };
    adminRoutes({
      'GET /api/admin/finances': ok({ period: '30d', from: null, to: null, ...figures, balances: {} }),
      'GET /api/admin/transactions/flow': ok({ ...figures, links: [] }),
      'GET /api/admin/escrow': page([]),
      'GET /api/admin/open-books': ok(adminOpenBooks()),
    });
    const { user } = renderApp('/admin/finances');
    await expectAccessibleDialog('Process escrow payouts?', async () =>
      user.click(await screen.findByRole('button', { name: 'Process escrow payouts' }, { timeout: 10_000 })),
    );
  });

  it('a reason asked for (rejecting a claim)', async () => {
    const claim: AdminClaimDetails = {
      id: CLAIM_ID,
      status: 'verifying',
      artistId: ARTIST_ID,
      artistName: 'Nina Blue',
      officeId: OFFICE_ID,
      officeName: 'Blue Notes',
      claimedBy: 'nina@blue.test',
      claimedById: '77777777-7777-4777-8777-777777777777',
      verificationMethod: 'bio',
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      verifiedAt: null,
      verificationString: 'pie-verify-0123456789',
      platform: 'twitter',
      lastAttempt: null,
      proof: { profileUrl: 'https://open.spotify.com/artist/nina', checked: [] },
      history: [{ from: null, to: 'pending', at: '2026-11-01T00:00:00.000Z', reason: null }],
      reports: [],
    };
    adminRoutes({ [`GET /api/admin/claims/${CLAIM_ID}`]: ok(claim) });
    const { user } = renderApp(`/admin/claims/${CLAIM_ID}`);
    await expectAccessibleDialog('Reject this claim?', async () => user.click(await screen.findByRole('button', { name: 'Reject' }, { timeout: 10_000 })));
  });
});
