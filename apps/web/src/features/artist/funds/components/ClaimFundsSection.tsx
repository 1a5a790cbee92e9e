import { SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '@web/shared/format';
import { Pager, QueryState, Section } from '@web/shared/ui';
import { useListClaimPayoutsQuery, useListClaimTransactionsQuery } from '../api/funds.api';
import type { TransactionFilter } from '../api/types';
import { TRANSACTION_FILTER_OPTIONS, TransactionsTable } from './TransactionsTable';

/** One claimed artist's money: what has been paid out for them, and their transactions (claims/:id/payouts, claims/:id/transactions). */
export function ClaimFundsSection({ claimId }: { claimId: string }) {
  const [filter, setFilter] = useState<TransactionFilter>('all');
  const [page, setPage] = useState(1);
  const payouts = useListClaimPayoutsQuery(claimId);
  const transactions = useListClaimTransactionsQuery({ claimId, filter, page });
  return (
    <Section
      title="This artist's money"
      actions={
        <SegmentedControl
          value={filter}
          onChange={(value) => {
            setFilter(value as TransactionFilter);
            setPage(1);
          }}
          data={TRANSACTION_FILTER_OPTIONS}
          aria-label="Show this artist's transactions"
        />
      }
    >
      <QueryState query={payouts} loading="Loading the payouts…" errorFallback="We could not load this artist's payouts">
        {(data) => <Text>{`Paid out for this artist: ${formatMoney(data.totalCents)}`}</Text>}
      </QueryState>
      <QueryState
        query={transactions}
        loading="Loading the transactions…"
        errorFallback="We could not load this artist's transactions"
        isEmpty={(data) => data.items.length === 0}
        empty="Nothing here yet. Money fans send this artist is listed here."
      >
        {(data) => (
          <>
            <TransactionsTable items={data.items} name="This artist's transactions" />
            <Pager label="This artist's transaction pages" page={data.pagination.page} pages={data.pagination.pages} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Section>
  );
}
