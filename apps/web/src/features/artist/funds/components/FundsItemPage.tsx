import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorStatus } from '../../../../shared/api';
import { ErrorBlock, LoadingBlock, PageFrame, Section, StatList, type Stat } from '../../../../shared/ui';
import { formatMoney, formatDate, formatDateTime } from '../../../../shared/format';
import { useGetPayoutQuery, useGetTransactionQuery } from '../api/funds.api';
import { FUNDS_ITEM_TITLE, FundsItemNotFound } from './FundsItemNotFound';
import { PayoutStatusBadge } from './PayoutStatusBadge';
import { DETAIL_LABEL } from './TransactionsTable';

interface ItemQuery {
  data?: unknown;
  error?: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The frame of one payout or transaction: not found (another office's id, a malformed one), failed, loading, or the figures. */
function ItemFrame({ kind, query, children }: { kind: 'payout' | 'transaction'; query: ItemQuery; children: () => ReactNode }) {
  if (query.isError && [400, 404].includes(errorStatus(query.error) as number)) return <FundsItemNotFound kind={kind} />;
  return (
    <PageFrame title={FUNDS_ITEM_TITLE[kind]} site="Pie for artists" back={{ to: '/for-artists/funds', label: 'Funds' }}>
      {query.isError ? (
        <ErrorBlock error={query.error} fallback={`We could not load this ${kind}`} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data === undefined ? (
        <LoadingBlock label={`Loading the ${kind}…`} />
      ) : (
        children()
      )}
    </PageFrame>
  );
}

/** /for-artists/funds/payouts/:id */
export function PayoutDetailsPage({ officeId, payoutId }: { officeId: string; payoutId: string }) {
  const payout = useGetPayoutQuery({ officeId, payoutId });
  return (
    <ItemFrame kind="payout" query={payout}>
      {() => {
        const data = payout.data!;
        const stats: Stat[] = [
          { label: 'Amount', value: formatMoney(data.amountCents) },
          { label: 'Status', value: <PayoutStatusBadge status={data.status} /> },
          { label: 'Created', value: formatDateTime(data.createdAt) },
          { label: data.status === 'paid' ? 'Arrived' : 'Expected to arrive', value: data.arrivalDate ? formatDate(data.arrivalDate) : '—' },
          { label: 'Reference', value: data.id },
        ];
        return (
          <>
            {data.status === 'failed' && (
              <Alert color="red" variant="light" role="alert" title="This payout failed">
                {`${data.failureMessage ?? 'Your bank refused it.'} The money is back in your Stripe balance.`}
              </Alert>
            )}
            <Section title="Payout">
              <StatList stats={stats} cols={2} />
            </Section>
          </>
        );
      }}
    </ItemFrame>
  );
}

/** /for-artists/funds/transactions/:id */
export function TransactionDetailsPage({ officeId, transactionId }: { officeId: string; transactionId: string }) {
  const transaction = useGetTransactionQuery({ officeId, transactionId });
  return (
    <ItemFrame kind="transaction" query={transaction}>
      {() => {
        const data = transaction.data!;
        return (
          <Section title={data.description}>
            <StatList
              cols={2}
              stats={[
                { label: 'Amount', value: formatMoney(data.amountCents) },
                { label: 'Kind', value: DETAIL_LABEL[data.detail] ?? data.kind },
                { label: 'When', value: formatDateTime(data.occurredAt) },
                { label: 'Reference', value: data.id },
              ]}
            />
          </Section>
        );
      }}
    </ItemFrame>
  );
}
