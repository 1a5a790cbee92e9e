import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OpenBooksView } from '#pie/contracts';
import { jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';

const figures = {
  paidInCents: 300000,
  processorFeesCents: 17700,
  platformFeesCents: 30000,
  promotionsCents: 500,
  allocatedToArtistsCents: 250000,
  releasedToOfficesCents: 120000,
  transferredCents: 100000,
  paidOutCents: 90000,
  returnedByExpiryCents: 1200,
  refundedCents: 500,
  disputedCents: 0,
};

const view = (balance: OpenBooksView['balance'], artists: OpenBooksView['escrow']['artists'] = 7): OpenBooksView => ({
  months: [
    { month: '2026-09', ...figures, paidInCents: 100000 },
    { month: '2026-10', ...figures, paidInCents: 200000 },
  ],
  totals: figures,
  escrow: { waitingCents: 4321, artists },
  balance,
  generatedAt: '2026-11-02T10:00:00.000Z',
});

describe('/open-books', () => {
  it('shows a visitor the totals, the escrow and for how many artists, the months, and that the books balance', async () => {
    mockRoutes({ 'GET /api/open-books': () => Promise.resolve(jsonResponse({ success: true, data: view({ ok: true, checkedAt: '2026-11-02T02:30:00.000Z', checks: 6, failing: 0 }) })) });
    renderApp('/open-books');

    expect(await screen.findByRole('heading', { level: 1, name: 'Open books' }, { timeout: 10_000 })).toBeTruthy();
    expect((await screen.findByTestId('balance-line')).textContent).toMatch(/The books balance: all 6 checks passed, the latest on /);
    const totals = screen.getByRole('region', { name: 'Since Pie began' });
    const value = (label: string) => within(totals).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Paid in by fans')).toBe('$3,000.00');
    expect(value('Payment processor fees')).toBe('$177.00');
    expect(value('Waiting in escrow')).toBe('$43.21');
    expect(totals.textContent).toContain('for 7 artists who have not claimed their profile yet');
    const table = screen.getByRole('region', { name: 'Money per month (table)' });
    // Newest month first.
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('2026-10');
    expect(rows[1]!.textContent).toContain('$2,000.00');
    expect(screen.getByRole('img', { name: /^Money per month\. 2026-09: paid in by fans \$1,000\.00/ })).toBeTruthy();
  });

  it('says "fewer than 5 artists" when the API masked a small count', async () => {
    mockRoutes({ 'GET /api/open-books': () => Promise.resolve(jsonResponse({ success: true, data: view({ ok: true, checkedAt: '2026-11-02T02:30:00.000Z', checks: 6, failing: 0 }, 'fewer than 5') })) });
    renderApp('/open-books');
    const totals = await screen.findByRole('region', { name: 'Since Pie began' }, { timeout: 10_000 });
    expect(totals.textContent).toContain('for fewer than 5 artists who have not claimed their profile yet');
  });

  it('says so when the last check found a difference', async () => {
    mockRoutes({ 'GET /api/open-books': () => Promise.resolve(jsonResponse({ success: true, data: view({ ok: false, checkedAt: '2026-11-02T02:30:00.000Z', checks: 6, failing: 1 }) })) });
    renderApp('/open-books');
    expect((await screen.findByTestId('balance-line', {}, { timeout: 10_000 })).textContent).toMatch(/found a difference in 1 of 6 checks/);
  });

  it('shows the figures the api served inside the page without reading them again, and reads them on a later visit', async () => {
    // As the api's /open-books sends them (apps/api/src/open-books-page.ts).
    const served = document.createElement('script');
    served.type = 'application/json';
    served.id = 'open-books-data';
    served.textContent = JSON.stringify(view({ ok: true, checkedAt: '2026-11-02T02:30:00.000Z', checks: 3, failing: 0 }));
    document.body.append(served);
    const fetchMock = mockRoutes({ 'GET /api/open-books': () => Promise.resolve(jsonResponse({ success: true, data: view({ ok: true, checkedAt: '2026-11-02T02:30:00.000Z', checks: 9, failing: 0 }) })) });
    const { router } = renderApp('/open-books');

    expect((await screen.findByTestId('balance-line', {}, { timeout: 10_000 })).textContent).toMatch(/all 3 checks passed/);
    expect(requestsTo(fetchMock, 'GET /api/open-books')).toHaveLength(0);
    expect(document.getElementById('open-books-data')).toBeNull();

    // Away and back: the served figures are old by then; the page reads the API.
    await router.navigate('/help');
    await screen.findByRole('heading', { level: 1, name: /help/i }, { timeout: 10_000 });
    await router.navigate('/open-books');
    expect((await screen.findByTestId('balance-line', {}, { timeout: 10_000 })).textContent).toMatch(/all 9 checks passed/);
    expect(requestsTo(fetchMock, 'GET /api/open-books')).toHaveLength(1);
  });
});
