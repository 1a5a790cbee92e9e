import { SegmentedControl, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatMoney, formatDateTime } from '../../../../shared/format';
import { Pager, QueryState, Section, TableScroll } from '../../../../shared/ui';
import { useListClaimPayoutsQuery, useListClaimTransactionsQuery } from '../api/funds.api';
import type { TransactionFilter } from '../api/types';
import { KIND_LABEL } from './TransactionsSection';

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
          data={[
            { value: 'all', label: 'All' },
            { value: 'credit', label: 'Credits' },
            { value: 'payout', label: 'Payouts' },
          ]}
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
            <TableScroll minWidth={480} stackOnPhone label="This artist's transactions (table)">
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">When</Table.Th>
                    <Table.Th scope="col">Kind</Table.Th>
                    <Table.Th scope="col">What</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Amount
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td data-label="When">{formatDateTime(item.occurredAt)}</Table.Td>
                      <Table.Td data-label="Kind">{KIND_LABEL[item.kind] ?? item.kind}</Table.Td>
                      <Table.Td data-label="What">{item.description}</Table.Td>
                      <Table.Td data-label="Amount" ta="right">
                        {formatMoney(item.amountCents)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <Pager label="This artist's transaction pages" page={data.pagination.page} pages={data.pagination.pages} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Section>
  );
}
