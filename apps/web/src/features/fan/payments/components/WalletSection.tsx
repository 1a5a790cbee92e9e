import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { formatCents, WALLET_TRANSACTION_TYPES, type WalletTransactionType } from '#pie/contracts';
import { serverMessage } from '@web/shared/api';
import { formatDateTime } from '@web/shared/format';
import { DataTable, FormAlert, Pager, QueryState, Section, StatList } from '@web/shared/ui';
import { useGetWalletBalanceQuery, useGetWalletSummaryQuery, useListWalletTransactionsQuery, useOpenBillingPortalMutation } from '../api/payments.api';

const TYPE_LABELS: Record<WalletTransactionType, string> = {
  payment: 'Payments',
  promotion: 'Promotions',
  given_to_artists: 'To artists',
  returned_from_escrow: 'Returned',
  refund: 'Refunds',
  dispute: 'Disputes',
};

const dollars = (cents: number) => `$${formatCents(cents)}`;

/** Settings → wallet: balance, summary, transactions with the type filter, and the billing portal link. */
export function WalletSection() {
  const [type, setType] = useState<WalletTransactionType | 'all'>('all');
  const [page, setPage] = useState(1);
  const balance = useGetWalletBalanceQuery();
  const summary = useGetWalletSummaryQuery();
  const transactions = useListWalletTransactionsQuery({ page, type: type === 'all' ? undefined : type });
  const [openPortal, portal] = useOpenBillingPortalMutation();

  async function billing() {
    const result = await openPortal();
    if ('data' in result && result.data) window.location.assign(result.data.url);
  }

  return (
    <div id="billing">
      <Section
        title="Wallet and billing"
        description="Money you paid that is waiting for your next pie's split, and where it went."
        actions={
          <Button variant="default" onClick={() => void billing()} loading={portal.isLoading}>
            Billing and card
          </Button>
        }
      >
        {portal.isError && <FormAlert message={serverMessage(portal.error) ?? 'Could not open billing'} />}
        <QueryState query={balance} loading="Loading your wallet..." errorFallback="Could not load your wallet">
          {(data) => (
            <Text size="xl" fw={700} data-testid="wallet-balance">
              {dollars(data.balanceCents)}
            </Text>
          )}
        </QueryState>
        <QueryState query={summary} loading="Loading the summary..." errorFallback="Could not load the summary">
          {(data) => (
            <StatList
              stats={[
                { label: 'Paid in', value: dollars(data.paidInCents) },
                { label: 'Fees', value: dollars(data.feesCents), hint: `Stripe ${dollars(data.cardFeesCents)} · Pie ${dollars(data.pieFeesCents)}` },
                { label: 'Given to artists', value: dollars(data.givenToArtistsCents) },
                { label: 'Waiting in escrow', value: dollars(data.waitingInEscrowCents), hint: 'Your money held for artists who have not joined Pie yet' },
                { label: 'Returned from escrow', value: dollars(data.returnedFromEscrowCents) },
                ...(data.refundedCents !== 0 ? [{ label: 'Refunded to your card', value: dollars(data.refundedCents) }] : []),
              ]}
            />
          )}
        </QueryState>
        <Group my="sm">
          {/* A select rather than a segmented control: six types fit a phone's width only as a list. */}
          <NativeSelect
            label="Transaction type"
            value={type}
            onChange={(event) => {
              setType(event.currentTarget.value as WalletTransactionType | 'all');
              setPage(1);
            }}
            data={[{ value: 'all', label: 'All' }, ...WALLET_TRANSACTION_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))]}
          />
        </Group>
        <QueryState
          query={transactions}
          loading="Loading transactions..."
          errorFallback="Could not load your transactions"
          isEmpty={(data) => data.items.length === 0}
          empty="No transactions yet. Paying for a pie puts its money here."
        >
          {(data) => (
            <>
              <DataTable
                name="Wallet transactions"
                minWidth={420}
                rows={data.items}
                rowKey={(item) => `${item.id}-${item.type}`}
                columns={[
                  { label: 'When', render: (item) => formatDateTime(item.occurredAt) },
                  { label: 'What', render: (item) => TYPE_LABELS[item.type] },
                  { label: 'Amount', align: 'right', render: (item) => dollars(item.amountCents) },
                ]}
              />
              <Pager label="Transaction pages" page={data.pagination.page} pages={data.pagination.pages} onPage={setPage} />
            </>
          )}
        </QueryState>
      </Section>
    </div>
  );
}
