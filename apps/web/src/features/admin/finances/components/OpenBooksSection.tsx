import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { balanceLine, OPEN_BOOKS_FIGURES, OPEN_BOOKS_LABELS, type AdminOpenBooksView, type OpenBooksFigure } from '#pie/contracts';
import { formatDateTime, formatMaskedCount, formatMoney } from '@web/shared/format';
import { DataTable, QueryState, Section } from '@web/shared/ui';
import { useRecordOfQuery } from '@web/shared/back-office';

type Month = AdminOpenBooksView['months'][number];

/** The first and last day of a 'YYYY-MM' month (UTC), as the transactions list's date filter takes them. */
function monthRange(month: string): { startDate: string; endDate: string } {
  const [year, number] = month.split('-').map(Number);
  return { startDate: `${month}-01`, endDate: new Date(Date.UTC(year!, number!, 0)).toISOString().slice(0, 10) };
}

/** The journals behind one figure (of one month, or of all time): the transactions list, filtered to them. */
export function journalsBehind(definition: AdminOpenBooksView['definitions'][OpenBooksFigure], month?: string): string {
  const params = new URLSearchParams({ kind: definition.journalKinds.join(','), accountKind: definition.accountKind, ...(month ? monthRange(month) : {}) });
  return `/admin/transactions?${params.toString()}`;
}

/**
 * The open books as the public sees them (`GET open-books`), each figure of each month a link to the
 * journals behind it: "where did this month's money go" in two clicks.
 */
export function OpenBooksSection() {
  const books = useRecordOfQuery('open-books');
  return (
    <Section title="Open books" description="The public page’s figures per month (UTC), from the ledger. Each amount opens the journals behind it.">
      <QueryState query={books} loading="Loading the open books…" errorFallback="We could not load the open books">
        {(data: AdminOpenBooksView) => {
          const cell = (key: OpenBooksFigure, cents: number, month?: string) => (
            <Anchor component={Link} to={journalsBehind(data.definitions[key], month)} aria-label={`${OPEN_BOOKS_LABELS[key]}${month ? ` in ${month}` : ' in all'}: ${formatMoney(cents)}, the journals`}>
              {formatMoney(cents)}
            </Anchor>
          );
          return (
            <>
              <Text mb="sm" data-testid="admin-balance-line">
                {balanceLine(data.balance, formatDateTime)} {`Waiting in escrow: ${formatMoney(data.escrow.waitingCents)} for ${formatMaskedCount(data.escrow.artists, { one: 'artist', other: 'artists' })}.`}
              </Text>
              <DataTable<Month | ({ month: 'All months' } & AdminOpenBooksView['totals'])>
                name="Open books per month"
                minWidth={1200}
                rows={[...[...data.months].reverse(), { month: 'All months', ...data.totals }]}
                rowKey={(row) => row.month}
                columns={[
                  { label: 'Month', render: (row) => row.month },
                  ...OPEN_BOOKS_FIGURES.map((key) => ({
                    label: OPEN_BOOKS_LABELS[key],
                    align: 'right' as const,
                    render: (row: Month) => cell(key, row[key], row.month === 'All months' ? undefined : row.month),
                  })),
                ]}
              />
            </>
          );
        }}
      </QueryState>
    </Section>
  );
}
