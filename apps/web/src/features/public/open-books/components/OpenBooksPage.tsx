import { Alert, Table, Text } from '@mantine/core';
import { balanceLine, OPEN_BOOKS_FIGURES, OPEN_BOOKS_LABELS, type OpenBooksView } from '#pie/contracts';
import { errorMessage } from '@web/shared/api';
import { formatDateTime, formatMaskedCount, formatMoney } from '@web/shared/format';
import { EmptyState, PageFrame, PageLoader, Section, StatList } from '@web/shared/ui';
import { useOpenBooksQuery } from '../api/open-books.api';
import { MonthlyMoneyChart } from './MonthlyMoneyChart';

type Month = OpenBooksView['months'][number];

/** /open-books: where all of the money is, live from the ledger — platform-wide sums, never a fan. */
export function OpenBooksPage() {
  const books = useOpenBooksQuery();
  return (
    <PageFrame
      title="Open books"
      description="Every cent fans paid into Pie, and where it is now: live from our double-entry ledger, month by month. Only platform-wide totals — never a fan."
      width="wide"
    >
      {books.isLoading ? (
        <PageLoader />
      ) : books.isError || !books.data ? (
        <Alert color="red" role="alert">
          {errorMessage(books.error, 'The open books could not be loaded. Please try again.')}
        </Alert>
      ) : (
        <OpenBooks data={books.data} />
      )}
    </PageFrame>
  );
}

function OpenBooks({ data }: { data: OpenBooksView }) {
  const line = balanceLine(data.balance, formatDateTime);
  return (
    <>
      <Alert color={data.balance.ok === false ? 'yellow' : 'grape'} variant="light" title="Do the books balance?" data-testid="balance-line">
        <Text>{line}</Text>
        <Text size="sm" c="dimmed">
          Each night we check that every journal sums to zero, that every account&apos;s balance is the sum of its entries, that every artist&apos;s escrow is exactly what fans&apos; pies put there, and that our records match our payment processor&apos;s.
        </Text>
      </Alert>
      <Section title="Since Pie began">
        <StatList
          cols={3}
          stats={[
            ...OPEN_BOOKS_FIGURES.map((key) => ({ label: OPEN_BOOKS_LABELS[key], value: formatMoney(data.totals[key]) })),
            {
              label: 'Waiting in escrow',
              value: formatMoney(data.escrow.waitingCents),
              hint: `for ${formatMaskedCount(data.escrow.artists, { one: 'artist', other: 'artists' })} who have not claimed their profile yet`,
            },
          ]}
        />
      </Section>
      <Section title="Month by month" description="Months in UTC. Money moves between these steps at different times, so a month's columns need not add up on their own; over all months they do.">
        {data.months.length === 0 ? (
          <EmptyState title="No money yet">Nothing has been paid in yet.</EmptyState>
        ) : (
          <>
            <MonthlyMoneyChart months={data.months} />
            {/* A plain scrolling box, not the shared TableScroll: its scroll area is a library this public page's first load does without. */}
            <div role="region" aria-label="Money per month (table)" tabIndex={0} style={{ overflowX: 'auto' }}>
              <Table miw={1100}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Month</Table.Th>
                    {OPEN_BOOKS_FIGURES.map((key) => (
                      <Table.Th key={key} scope="col" ta="right">
                        {OPEN_BOOKS_LABELS[key]}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...data.months].reverse().map((month: Month) => (
                    <Table.Tr key={month.month}>
                      <Table.Th scope="row">{month.month}</Table.Th>
                      {OPEN_BOOKS_FIGURES.map((key) => (
                        <Table.Td key={key} ta="right">
                          {formatMoney(month[key])}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          </>
        )}
      </Section>
    </>
  );
}
