import { formatMoney, formatDateTime } from '@web/shared/format';
import { DataTable, QueryState, Section } from '@web/shared/ui';
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
          <DataTable
            name="Transfers"
            minWidth={360}
            rows={data.items}
            rowKey={(transfer) => transfer.id}
            columns={[
              { label: 'Sent', render: (transfer) => formatDateTime(transfer.createdAt) },
              { label: 'Amount', align: 'right', render: (transfer) => formatMoney(transfer.amountCents) },
            ]}
          />
        )}
      </QueryState>
    </Section>
  );
}
