import { SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { Pager, QueryState, Section } from '@web/shared/ui';
import { useListTransactionsQuery } from '../api/funds.api';
import type { TransactionFilter } from '../api/types';
import { TRANSACTION_FILTER_OPTIONS, TransactionsTable } from './TransactionsTable';

const EMPTY_TEXT: Record<TransactionFilter, string> = {
  all: 'No transactions yet. Every credit from fans and every payout to your bank will be listed here.',
  credit: 'No credits yet. Money fans send your verified artists is listed here.',
  payout: 'No payouts yet. Payouts to your bank are listed here.',
};

/** The office's transactions with the spec's filter (all, credit, payout), a page at a time. */
export function TransactionsSection({ officeId }: { officeId: string }) {
  const [filter, setFilter] = useState<TransactionFilter>('all');
  const [page, setPage] = useState(1);
  const transactions = useListTransactionsQuery({ officeId, filter, page });
  return (
    <Section
      title="Transactions"
      actions={
        <SegmentedControl
          value={filter}
          onChange={(value) => {
            setFilter(value as TransactionFilter);
            setPage(1);
          }}
          data={TRANSACTION_FILTER_OPTIONS}
          aria-label="Show transactions"
        />
      }
    >
      <QueryState
        query={transactions}
        loading="Loading your transactions…"
        errorFallback="We could not load your transactions"
        isEmpty={(data) => data.items.length === 0}
        empty={EMPTY_TEXT[filter]}
      >
        {(data) => (
          <>
            <TransactionsTable items={data.items} name="Transactions" detailsOfOffice={officeId} />
            <Pager label="Transaction pages" page={data.pagination.page} pages={data.pagination.pages} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Section>
  );
}
