import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, formatDate, formatDateTime } from '@web/shared/format';
import { DataTable, Pager, QueryState, Section } from '@web/shared/ui';
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
            <DataTable
              name="Payouts"
              minWidth={520}
              rows={data.items}
              rowKey={(payout) => payout.id}
              columns={[
                {
                  label: 'Created',
                  render: (payout) => (
                    <Anchor component={Link} to={`/for-artists/funds/payouts/${payout.id}?${new URLSearchParams({ office: officeId })}`} aria-label={`Payout of ${formatMoney(payout.amountCents)}, ${formatDateTime(payout.createdAt)}`}>
                      {formatDateTime(payout.createdAt)}
                    </Anchor>
                  ),
                },
                { label: 'Amount', render: (payout) => formatMoney(payout.amountCents) },
                { label: 'Status', render: (payout) => <PayoutStatusBadge status={payout.status} /> },
                { label: 'Arrives', render: (payout) => (payout.arrivalDate ? formatDate(payout.arrivalDate) : '—') },
              ]}
            />
            <Pager label="Payout pages" page={data.pagination.page} pages={data.pagination.pages} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Section>
  );
}
