import { Table } from '@mantine/core';
import { formatMoney, formatDateTime } from '@web/shared/format';
import { QueryState, Section, TableScroll } from '@web/shared/ui';
import { useListTransfersQuery } from '../api/funds.api';

/** Transfers from Pie to the office's Stripe account that no payout has taken to the bank yet. */
export function TransfersSection({ officeId }: { officeId: string }) {
  const transfers = useListTransfersQuery({ officeId });
  return (
    <Section title="Transfers" description="Sent by Pie to your Stripe account and not paid out yet.">
      <QueryState
        query={transfers}
        loading="Loading your transfers…"
        errorFallback="We could not load your transfers"
        isEmpty={(data) => data.items.length === 0}
        empty="No transfers waiting. Pie sends your earnings to your Stripe account once they reach $10, or at the end of the month."
      >
        {(data) => (
          <TableScroll minWidth={360} stackOnPhone label="Transfers (table)">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Sent</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Amount
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((transfer) => (
                  <Table.Tr key={transfer.id}>
                    <Table.Td data-label="Sent">{formatDateTime(transfer.createdAt)}</Table.Td>
                    <Table.Td data-label="Amount" ta="right">
                      {formatMoney(transfer.amountCents)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </QueryState>
    </Section>
  );
}
