import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney, formatDateTime } from '@web/shared/format';
import { TableScroll } from '@web/shared/ui';
import type { TransactionFilter, TransactionView } from '../api/types';

/** The spec's transaction filter (all, credit, payout), as the segmented control offers it. */
export const TRANSACTION_FILTER_OPTIONS: { value: TransactionFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'credit', label: 'Credits' },
  { value: 'payout', label: 'Payouts' },
];

/** What each movement is called in the table (the API's `detail`). */
export const DETAIL_LABEL: Record<TransactionView['detail'], string> = {
  period_share: 'Credit',
  escrow_released: 'Released',
  transfer: 'Transfer',
  monthly_fee: 'Fee',
  give_back: 'Give-back',
  payout: 'Payout',
  payout_failed: 'Payout returned',
  escrow_expired: 'Returned to fan',
  refund: 'Refund',
  account_deauthorized: 'Left with old Stripe account',
};

/**
 * Transactions as a table (stacked rows on a phone): the office's on the funds page, one artist's
 * on a claim's page. `detailsOfOffice` links each to `/for-artists/funds/transactions/:id?office=…`
 * (the link names its office, so it opens there whichever office is chosen).
 */
export function TransactionsTable({ items, label, detailsOfOffice }: { items: TransactionView[]; label: string; detailsOfOffice?: string }) {
  const linkToDetails = detailsOfOffice !== undefined;
  return (
    <TableScroll minWidth={linkToDetails ? 560 : 480} stackOnPhone label={label}>
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
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td data-label="When">
                {linkToDetails ? (
                  <Anchor component={Link} to={`/for-artists/funds/transactions/${item.id}?${new URLSearchParams({ office: detailsOfOffice ?? '' })}`}>
                    {formatDateTime(item.occurredAt)}
                  </Anchor>
                ) : (
                  formatDateTime(item.occurredAt)
                )}
              </Table.Td>
              <Table.Td data-label="Kind">{DETAIL_LABEL[item.detail] ?? item.kind}</Table.Td>
              <Table.Td data-label="What">
                {item.description}
                {item.artistName && (
                  <Text span size="sm" c="dimmed">
                    {` · ${item.artistName}`}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label="Amount" ta="right">
                {formatMoney(item.amountCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
