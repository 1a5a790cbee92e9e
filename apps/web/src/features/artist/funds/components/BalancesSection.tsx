import { QueryState, Section, StatList, type Stat } from '@web/shared/ui';
import { formatMoney } from '@web/shared/format';
import { useGetConnectedAccountBalanceQuery, useGetOfficeBalanceQuery, useGetTotalPayoutQuery } from '../api/funds.api';

/**
 * The office's money in three places: earnings Pie holds until the next transfer, the connected
 * Stripe account (available and pending), and escrow for its claimed artists, when any waits.
 */
export function BalancesSection({ officeId, actions }: { officeId: string; actions?: React.ReactNode }) {
  const earnings = useGetOfficeBalanceQuery({ officeId });
  const connected = useGetConnectedAccountBalanceQuery({ officeId });
  const total = useGetTotalPayoutQuery({ officeId });
  return (
    <Section title="Balances" description="What fans have sent your artists, and where it is now." actions={actions}>
      <QueryState query={earnings} loading="Loading your balances…" errorFallback="We could not load your balances">
        {(office) => {
          const stats: Stat[] = [
            { label: 'Office earnings', value: formatMoney(office.earningsCents), hint: 'Sent to your Stripe account with the next transfer' },
            {
              label: 'Available in Stripe',
              value: connected.data ? formatMoney(connected.data.availableCents) : connected.isError ? 'Not connected' : '…',
              hint: 'Ready to pay out to your bank',
            },
            {
              label: 'Pending in Stripe',
              value: connected.data ? formatMoney(connected.data.pendingCents) : connected.isError ? '—' : '…',
              hint: 'Available once Stripe settles it',
            },
          ];
          if (office.escrowCents > 0) {
            stats.push({ label: 'In escrow', value: formatMoney(office.escrowCents), hint: 'Released to you once the artist’s claim succeeds and Stripe is connected' });
          }
          if (total.data) stats.push({ label: 'Paid out in total', value: formatMoney(total.data.totalCents) });
          return <StatList stats={stats} />;
        }}
      </QueryState>
    </Section>
  );
}
