import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorStatus } from '@web/shared/api';
import { ErrorBlock, LoadingBlock, PageFrame, Section, StatList, type Stat } from '@web/shared/ui';
import { formatCount, formatMoney, formatDate, formatDateTime, NOUNS } from '@web/shared/format';
import type { TransactionDetailView } from '../api/types';
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

/** When a run of pie periods ran: one period's dates, or the first start to the last end. */
function periodsText(periods: NonNullable<TransactionDetailView['periods']>): string {
  const span = `${formatDate(periods.firstStartsAt)} – ${formatDate(periods.lastEndsAt)}`;
  return periods.count === 1 ? `The period ${span}` : `${periods.count} periods, ${span}`;
}

/** /for-artists/funds/transactions/:id: the movement, the artist it is about, and whose money it was (pie periods and fans, in aggregate). */
export function TransactionDetailsPage({ officeId, transactionId }: { officeId: string; transactionId: string }) {
  const transaction = useGetTransactionQuery({ officeId, transactionId });
  return (
    <ItemFrame kind="transaction" query={transaction}>
      {() => {
        const data = transaction.data!;
        const stats: Stat[] = [
          { label: 'Amount', value: formatMoney(data.amountCents), hint: data.amountCents > 0 ? 'Money in' : data.amountCents < 0 ? 'Money out' : undefined },
          { label: 'Kind', value: DETAIL_LABEL[data.detail] ?? data.kind },
          { label: 'When', value: formatDateTime(data.occurredAt) },
        ];
        if (data.artistName) stats.push({ label: 'Artist', value: data.artistName });
        if (data.periods) stats.push({ label: 'Pie periods', value: periodsText(data.periods), hint: 'The fans’ pie periods whose splits paid this money' });
        if (data.fans) stats.push({ label: 'From fans', value: `${formatCount(data.fans.count, NOUNS.fan)} · ${formatMoney(data.fans.cents)}`, hint: 'Their pies’ shares, added up (who they are stays private)' });
        stats.push({ label: 'Reference', value: data.id });
        return (
          <Section title={data.description}>
            <StatList cols={2} stats={stats} />
          </Section>
        );
      }}
    </ItemFrame>
  );
}
