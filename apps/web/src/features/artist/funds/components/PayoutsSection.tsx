import { Anchor, Table } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, formatDate, formatDateTime } from '@web/shared/format';
import { Pager, QueryState, Section, TableScroll } from '@web/shared/ui';
import { useListPayoutsQuery } from '../api/funds.api';
import { PayoutStatusBadge } from './PayoutStatusBadge';

/** The office's payouts to its bank, newest first, a page at a time. */
export function PayoutsSection({ officeId }: { officeId: string }) {
  const [page, setPage] = useState(1);
  const payouts = useListPayoutsQuery({ officeId, page });
  return (
    <Section title="Payouts" description="Money sent from your Stripe account to your bank.">
      <QueryState
        query={payouts}
        loading="Loading your payouts…"
        errorFallback="We could not load your payouts"
        isEmpty={(data) => data.items.length === 0}
        empty="No payouts yet. Once money is available in your Stripe account, create a payout to send it to your bank."
      >
        {(data) => (
          <>
            <TableScroll minWidth={520} stackOnPhone label="Payouts (table)">
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Created</Table.Th>
                    <Table.Th scope="col">Amount</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Arrives</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((payout) => (
                    <Table.Tr key={payout.id}>
                      <Table.Td data-label="Created">
                        <Anchor component={Link} to={`/for-artists/funds/payouts/${payout.id}?${new URLSearchParams({ office: officeId })}`} aria-label={`Payout of ${formatMoney(payout.amountCents)}, ${formatDateTime(payout.createdAt)}`}>
                          {formatDateTime(payout.createdAt)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td data-label="Amount">{formatMoney(payout.amountCents)}</Table.Td>
                      <Table.Td data-label="Status">
                        <PayoutStatusBadge status={payout.status} />
                      </Table.Td>
                      <Table.Td data-label="Arrives">{payout.arrivalDate ? formatDate(payout.arrivalDate) : '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <Pager label="Payout pages" page={data.pagination.page} pages={data.pagination.pages} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Section>
  );
}
