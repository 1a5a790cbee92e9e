import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney, formatDateTime } from '@web/shared/format';
import { DataTable } from '@web/shared/ui';
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
export function TransactionsTable({ items, name, detailsOfOffice }: { items: TransactionView[]; name: string; detailsOfOffice?: string }) {
  const linkToDetails = detailsOfOffice !== undefined;
  return (
    <DataTable
      name={name}
      minWidth={linkToDetails ? 560 : 480}
      rows={items}
      rowKey={(item) => item.id}
      columns={[
        {
          label: 'When',
          render: (item) =>
            linkToDetails ? (
              <Anchor component={Link} to={`/for-artists/funds/transactions/${item.id}?${new URLSearchParams({ office: detailsOfOffice ?? '' })}`}>
                {formatDateTime(item.occurredAt)}
              </Anchor>
            ) : (
              formatDateTime(item.occurredAt)
            ),
        },
        { label: 'Kind', render: (item) => DETAIL_LABEL[item.detail] ?? item.kind },
        {
          label: 'What',
          render: (item) => (
            <>
              {item.description}
              {item.artistName && (
                <Text span size="sm" c="dimmed">
                  {` · ${item.artistName}`}
                </Text>
              )}
            </>
          ),
        },
        { label: 'Amount', align: 'right', render: (item) => formatMoney(item.amountCents) },
      ]}
    />
  );
}
