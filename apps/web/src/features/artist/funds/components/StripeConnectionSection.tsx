import type { Office } from '#pie/contracts';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { QueryState, Section } from '@web/shared/ui';
import { formatMoney } from '@web/shared/format';
import { useCheckMonthlyFeeQuery, useGetWalletBalanceQuery } from '../api/funds.api';
import { useStripeLinks } from '../hooks/use-stripe-links';
import { CONNECTION, connectionStateOf } from './connection-state';

/**
 * An office's Stripe connection: its status (a disconnect by Pie, or an account Stripe restricted,
 * said at once), the way to connect or back (Stripe's onboarding page) or to open the Stripe
 * dashboard, and whether this month's earnings cover Stripe's monthly account fee. Only an office
 * admin connects or opens the dashboard.
 */
export function StripeConnectionSection({ office }: { office: Office }) {
  const officeId = office._id;
  const admin = office.role === 'admin';
  const check = useCheckMonthlyFeeQuery({ officeId });
  const wallet = useGetWalletBalanceQuery({ officeId });
  const threshold = wallet.data?.transferThresholdCents;
  const { connect, dashboard, connecting, openingDashboard, failure } = useStripeLinks(officeId);

  return (
    <Section title={`Payments for ${office.name}`} description="Payouts go through Stripe, to the office's bank account.">
      <QueryState query={check} loading="Checking your Stripe connection…" errorFallback="We could not check your Stripe connection">
        {(data) => {
          const state = connectionStateOf(data);
          const status = CONNECTION[state];
          return (
            <Stack gap="sm">
              <Group gap="sm">
                <Text fw={600}>Stripe</Text>
                <Badge color={status.color} variant="light" data-testid="stripe-status">
                  {status.label}
                </Badge>
              </Group>
              <Text size="sm">{status.text(data)}</Text>
              {state === 'enabled' && (
                <Text size="sm" c={data.covered ? undefined : 'yellow.3'}>
                  {data.covered
                    ? `This month's earnings (${formatMoney(data.earningsThisMonthCents)}) cover Stripe's ${formatMoney(data.monthlyFeeCents)} monthly account fee, taken from the month's first transfer.`
                    : `This month's earnings (${formatMoney(data.earningsThisMonthCents)}) do not cover Stripe's ${formatMoney(data.monthlyFeeCents)} monthly account fee yet; it is taken from the month's first transfer once they do.`}
                </Text>
              )}
              {state !== 'enabled' && (
                // What Stripe costs and how money moves, before the admin commits to onboarding.
                <Text size="sm" data-testid="stripe-terms">
                  {`Stripe charges ${formatMoney(data.monthlyFeeCents)} for each month the account is active; Pie takes it from that month's first transfer. Pie sends your earnings to Stripe in batches: ${threshold === undefined ? 'once they are large enough' : `once they reach ${formatMoney(threshold)}`}, or at the end of the month. Stripe's own terms apply to the account.`}
                </Text>
              )}
              {admin ? (
                <Group gap="sm">
                  {state !== 'enabled' && (
                    <Button onClick={() => void connect()} loading={connecting}>
                      {status.action}
                    </Button>
                  )}
                  {data.status !== 'not_connected' && (
                    <Button variant="default" onClick={() => void dashboard()} loading={openingDashboard}>
                      Open Stripe dashboard
                    </Button>
                  )}
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  Only an office admin can connect Stripe or open its dashboard.
                </Text>
              )}
              {failure && (
                <Alert color="red" variant="light" role="alert">
                  {failure}
                </Alert>
              )}
            </Stack>
          );
        }}
      </QueryState>
    </Section>
  );
}
