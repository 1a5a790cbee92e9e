import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './DataTable';

const rows = [
  { id: 'p1', created: '1 May 2026', cents: 1234 },
  { id: 'p2', created: '2 May 2026', cents: 50 },
];

describe('a data table', () => {
  it('is one named table in a named scrolling frame, each cell labelled by its column for the phone layout', () => {
    render(
      <MantineProvider>
        <DataTable
          name="Payouts"
          rows={rows}
          rowKey={(row) => row.id}
          columns={[
            { label: 'Created', render: (row) => row.created },
            { label: 'Amount', align: 'right', render: (row) => `$${(row.cents / 100).toFixed(2)}` },
          ]}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('region', { name: 'Payouts (table)' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Payouts' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Created', 'Amount']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getAllByRole('cell').map((cell) => [cell.getAttribute('data-label'), cell.textContent])).toEqual([
      ['Created', '1 May 2026'],
      ['Amount', '$12.34'],
    ]);
    expect(within(second!).getAllByRole('cell')[1]!.textContent).toBe('$0.50');
  });
});
