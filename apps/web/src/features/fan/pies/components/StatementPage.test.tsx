import type { PieStatement } from '#pie/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeFanUser } from '@web/test/fixtures';
import { emptyListeningRoutes, mockRoutes, renderApp } from '@web/test/render';
import { ok } from '../test-fixtures';

const AUTHENTICATED = { session: { status: 'authenticated' as const, redirectTo: null } };
const PERIOD_ID = '00000000-0000-4000-8000-0000000000aa';

/** A period where 2 artists were paid and 478 were not: 470 over the limit, 8 with no listening. */
const statement: PieStatement = {
  periodId: PERIOD_ID,
  pieId: '00000000-0000-4000-8000-0000000000bb',
  startsAt: '2026-10-01T00:00:00.000Z',
  endsAt: '2026-10-31T00:00:00.000Z',
  closedAt: '2026-10-31T01:00:00.000Z',
  chargeCents: 1000,
  chargeLabel: 'Charge',
  fees: [
    { label: 'Payment processing fee (Stripe)', amountCents: 59 },
    { label: 'Pie platform fee', amountCents: 100 },
  ],
  carriedInCents: 0,
  splitCents: 841,
  distributedCents: 841,
  sharesCents: 841,
  keptInWalletCents: 0,
  totalCents: 1000,
  differenceCents: 0,
  journalId: null,
  money: [
    { kind: 'charge', label: 'Charge', amountCents: 1000, bold: true },
    { kind: 'fee', label: 'Payment processing fee (Stripe)', amountCents: -59, bold: false },
    { kind: 'fee', label: 'Pie platform fee', amountCents: -100, bold: false },
    { kind: 'split', label: 'Split among your artists', amountCents: 841, bold: true },
    { kind: 'to_artists', label: 'To your artists', amountCents: 841, bold: false },
    { kind: 'kept', label: 'Kept in your wallet for the next period', amountCents: 0, bold: false },
    { kind: 'total', label: 'Total of the lines (fees, shares, kept, less carried in)', amountCents: 1000, bold: true },
  ],
  paid: [
    { artistId: 'a1', name: 'An artist with a name far too long to fit on a phone screen in one line', listenedMs: 600_000, weight: 0.6, selected: true, reason: null, shareCents: 505, whereNow: 'escrow' },
    { artistId: 'a2', name: 'Łona i Webber', listenedMs: 400_000, weight: 0.4, selected: true, reason: null, shareCents: 336, whereNow: 'office' },
  ],
  notPaid: [
    {
      reason: 'over_limit',
      label: 'Over your artist limit',
      count: 470,
      listenedMs: 470 * 60_000,
      artists: Array.from({ length: 470 }, (_, i) => ({ artistId: `o${i}`, name: `Over ${i}`, listenedMs: 60_000 })),
    },
    { reason: 'no_listening', label: 'No listening this period', count: 8, listenedMs: 0, artists: Array.from({ length: 8 }, (_, i) => ({ artistId: `n${i}`, name: `Quiet ${i}`, listenedMs: 0 })) },
  ],
};

function open() {
  mockRoutes({
    ...emptyListeningRoutes(),
    'GET /api/user': ok(makeFanUser()),
    [`GET /api/pie/periods/${PERIOD_ID}/statement`]: ok(statement),
  });
  return renderApp(`/my-pies/statements/${PERIOD_ID}`, AUTHENTICATED);
}

describe('the statement page', () => {
  it('shows the money lines with −$ amounts, the artists paid, and one collapsed line per reason instead of 478 rows', async () => {
    open();
    const money = await screen.findByRole('table', { name: 'Charge and fees' });
    const moneyRows = within(money).getAllByRole('row').map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(moneyRows).toEqual(statement.money.map((line) => [line.label, expect.stringMatching(/\$/)]));
    expect(moneyRows[2][1]).toBe('\u2212$1.00');
    expect(moneyRows.flat().join('')).not.toMatch(/-\$/);

    const artists = screen.getByRole('table', { name: 'Artists' });
    expect(within(artists).getAllByRole('row')).toHaveLength(1 + 2);

    const overLimit = screen.getByRole('button', { name: /Over your artist limit/ });
    expect(overLimit.getAttribute('aria-expanded')).toBe('false');
    expect(overLimit.textContent).toContain('470 artists');
    expect(screen.getByRole('button', { name: /No listening this period/ }).textContent).toContain('8 artists');
    expect(screen.queryByText('Over 0')).toBeNull();
    // The downloads: CSV, PDF, and the period's impact card.
    expect(screen.getByRole('link', { name: 'Download card' }).getAttribute('href')).toBe(`/api/report/impact/card.png?periodId=${PERIOD_ID}`);
  });

  it('opens a reason’s list of artists on demand, and closes it again', async () => {
    const { user } = open();
    const overLimit = await screen.findByRole('button', { name: /Over your artist limit/ });
    await user.click(overLimit);
    expect(overLimit.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(overLimit.getAttribute('aria-controls')!)!;
    expect(within(list).getAllByRole('listitem')).toHaveLength(470);
    expect(within(list).getByText('Over 0')).toBeTruthy();
    await user.click(overLimit);
    expect(overLimit.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Over 0')).toBeNull();
  });

  it('keeps the amounts on screen on a phone: fixed two-column tables, names wrap, amounts never do, nothing scrolls sideways', async () => {
    open();
    const artists = await screen.findByRole('table', { name: 'Artists' });
    for (const table of [artists, screen.getByRole('table', { name: 'Charge and fees' })]) {
      expect(table.style.tableLayout).toBe('fixed');
      // No wrapper that scrolls the table sideways (which is where the money went off-screen).
      expect(table.closest('[style*="--table-min-width"]')).toBeNull();
      for (const row of within(table).getAllByRole('row')) {
        const cells = row.querySelectorAll('td, th');
        expect(cells).toHaveLength(2);
        expect((cells[0] as HTMLElement).style.overflowWrap || (cells[0] as HTMLElement).tagName).toMatch(/anywhere|TH/);
        if (cells[1]!.tagName === 'TD') expect((cells[1] as HTMLElement).style.whiteSpace).toBe('nowrap');
      }
    }
    expect(within(artists).getByText('$5.05')).toBeTruthy();
  });
});
