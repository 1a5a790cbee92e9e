import { Alert, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { balanceLine, OPEN_BOOKS_FIGURES, OPEN_BOOKS_LABELS, type OpenBooksView } from '#pie/contracts';
import { errorMessage } from '@web/shared/api';
import { formatDateTime, formatMaskedCount, formatMoney } from '@web/shared/format';
import { EmptyState, PageFrame, PageLoader, Section, StatList } from '@web/shared/ui';
import { useOpenBooksQuery } from '../api/open-books.api';
import { forgetServedOpenBooks, servedOpenBooks } from '../api/served-open-books';
import { MonthlyMoneyChart } from './MonthlyMoneyChart';
import classes from './open-books.module.css';

type Month = OpenBooksView['months'][number];

/** /open-books: where all of the money is, live from the ledger — platform-wide sums, never a fan. */
export function OpenBooksPage() {
  // Served with the page when it was the first one opened (the api's /open-books): no read then.
  const [served] = useState(servedOpenBooks);
  useEffect(() => forgetServedOpenBooks, []);
  const books = useOpenBooksQuery(undefined, { skip: served !== undefined });
  const data = served ?? books.data;
  return (
    <PageFrame
      title="Open books"
      description="Every cent fans paid into Pie, and where it is now: live from our double-entry ledger, month by month. Only platform-wide totals — never a fan."
      width="wide"
    >
      {data ? (
        <OpenBooks data={data} />
      ) : books.isLoading ? (
        <PageLoader />
      ) : (
        <Alert color="red" role="alert">
          {errorMessage(books.error, 'The open books could not be loaded. Please try again.')}
        </Alert>
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
            <div role="region" aria-label="Money per month (table)" tabIndex={0} className={classes.scroll}>
              <table className={classes.table}>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    {OPEN_BOOKS_FIGURES.map((key) => (
                      <th key={key} scope="col">
                        {OPEN_BOOKS_LABELS[key]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {[...data.months].reverse().map((month: Month) => (
                    <tr key={month.month}>
                      <th scope="row">{month.month}</th>
                      {OPEN_BOOKS_FIGURES.map((key) => (
                        <td key={key}>{formatMoney(month[key])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Section>
    </>
  );
}
