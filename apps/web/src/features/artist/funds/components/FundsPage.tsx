import type { Office } from '#pie/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { AfterFirstAnswers, EmptyState, PageFrame } from '@web/shared/ui';
import { useCheckMonthlyFeeQuery, useGetConnectedAccountBalanceQuery, useGetOfficeBalanceQuery, useGetTotalPayoutQuery, useListPayoutsQuery } from '../api/funds.api';
import { BalancesSection } from './BalancesSection';
import { CreatePayoutButton } from './CreatePayoutButton';
import { PayoutsSection } from './PayoutsSection';
import { StripeStatusNotice } from './StripeStatusNotice';
import { TransactionsSection } from './TransactionsSection';
import { TransfersSection } from './TransfersSection';

const FRAME = {
  title: 'Funds',
  site: 'Pie for artists',
  width: 'wide',
  description: 'What fans have sent your artists, and what has been paid out to your team.',
} as const;

function OfficeFunds({ office }: { office: Office }) {
  const officeId = office._id;
  const connected = useGetConnectedAccountBalanceQuery({ officeId });
  // What the notice and the balances above the fold read (the sections ask again: one request each).
  const stripeCheck = useCheckMonthlyFeeQuery({ officeId });
  const earnings = useGetOfficeBalanceQuery({ officeId });
  const total = useGetTotalPayoutQuery({ officeId });
  const payouts = useListPayoutsQuery({ officeId, page: 1 });
  // Only an office admin pays out; members see the figures the API gives them.
  const payoutAction = office.role === 'admin' && connected.data ? <CreatePayoutButton officeId={officeId} availableCents={connected.data.availableCents} /> : undefined;
  return (
    <AfterFirstAnswers queries={[stripeCheck, earnings, connected, total, payouts]} label="Loading your funds…">
      <StripeStatusNotice office={office} />
      <BalancesSection officeId={officeId} actions={payoutAction} />
      <PayoutsSection officeId={officeId} />
      <TransfersSection officeId={officeId} />
      <TransactionsSection officeId={officeId} />
    </AfterFirstAnswers>
  );
}

/** /for-artists/funds: the office's balances, transfers, payouts and transactions, and the payout action. */
export function FundsPage({ office }: { office: Office | undefined }) {
  return (
    <PageFrame {...FRAME}>
      {office ? (
        <OfficeFunds office={office} />
      ) : (
        <EmptyState
          title="No funds yet"
          action={
            <Anchor component={Link} to="/for-artists/artists">
              Claim an artist
            </Anchor>
          }
        >
          Money arrives once you have a verified claim. Until then, what fans send an artist waits in escrow for them.
        </EmptyState>
      )}
    </PageFrame>
  );
}
