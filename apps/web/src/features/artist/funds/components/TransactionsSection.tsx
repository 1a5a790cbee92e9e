import { Anchor, SegmentedControl, Table } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, formatDateTime } from '../../../../shared/format';
import { Pager, QueryState, Section, TableScroll } from '../../../../shared/ui';
import { useListTransactionsQuery } from '../api/funds.api';
import type { TransactionFilter } from '../api/types';

const FILTERS: { value: TransactionFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'credit', label: 'Credits' },
  { value: 'payout', label: 'Payouts' },
];

const EMPTY_TEXT: Record<TransactionFilter, string> = {
  all: 'No transactions yet. Every credit from fans and every payout to your bank will be listed here.',
  credit: 'No credits yet. Money fans send your verified artists is listed here.',
  payout: 'No payouts yet. Payouts to your bank are listed here.',
};

export const KIND_LABEL = { credit: 'Credit', payout: 'Payout' } as const;

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
          data={FILTERS}
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
            <TableScroll minWidth={560} stackOnPhone label="Transactions (table)">
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
                      <Table.Td data-label="When">
                        <Anchor component={Link} to={`/for-artists/funds/transactions/${item.id}`}>
                          {formatDateTime(item.occurredAt)}
                        </Anchor>
                      </Table.Td>
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
            <Pager label="Transaction pages" page={data.pagination.page} pages={data.pagination.pages} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Section>
  );
}
