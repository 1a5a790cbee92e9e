import type { Office } from '#pie/contracts';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api';
import { browserLocation } from '../../../../shared/browser';
import { QueryState, Section } from '../../../../shared/ui';
import { formatMoney } from '../../../../shared/format';
import { useCheckMonthlyFeeQuery, useCompleteOnboardingMutation, useCreateLoginLinkMutation } from '../api/funds.api';
import type { StripeConnectionStatus } from '../api/types';

const STATUS: Record<StripeConnectionStatus, { label: string; color: string; text: string }> = {
  not_connected: { label: 'Not connected', color: 'gray', text: 'Connect a Stripe account to receive your artists’ earnings and pay them out to your bank.' },
  requirements_due: { label: 'Requirements due', color: 'yellow', text: 'Stripe needs more details before it can send money to this account. Continue the setup with Stripe.' },
  enabled: { label: 'Enabled', color: 'teal', text: 'Your Stripe account receives transfers from Pie and pays out to your bank.' },
};

/**
 * An office's Stripe connection: its status, the way to connect (Stripe's onboarding page) or to
 * open the Stripe dashboard, and whether this month's earnings cover Stripe's monthly account fee.
 * Only an office admin connects or opens the dashboard.
 */
export function StripeConnectionSection({ office }: { office: Office }) {
  const officeId = office._id;
  const admin = office.role === 'admin';
  const check = useCheckMonthlyFeeQuery({ officeId });
  const [completeOnboarding, onboarding] = useCompleteOnboardingMutation();
  const [createLoginLink, loginLink] = useCreateLoginLinkMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const go = async (make: () => Promise<string>, fallback: string) => {
    setFailure(null);
    try {
      browserLocation.assign(await make());
    } catch (error) {
      setFailure(errorMessage(error, fallback));
    }
  };
  const connect = () => go(async () => (await completeOnboarding({ officeId }).unwrap()).accountLink.url, 'We could not open Stripe. Please try again.');
  const dashboard = () => go(async () => (await createLoginLink({ officeId }).unwrap()).login_url, 'We could not open the Stripe dashboard. Please try again.');

  return (
    <Section title={`Payments for ${office.name}`} description="Payouts go through Stripe, to the office's bank account.">
      <QueryState query={check} loading="Checking your Stripe connection…" errorFallback="We could not check your Stripe connection">
        {(data) => {
          const status = STATUS[data.status];
          return (
            <Stack gap="sm">
              <Group gap="sm">
                <Text fw={600}>Stripe</Text>
                <Badge color={status.color} variant="light" data-testid="stripe-status">
                  {status.label}
                </Badge>
              </Group>
              <Text size="sm">{status.text}</Text>
              {data.status === 'enabled' && (
                <Text size="sm" c={data.covered ? undefined : 'yellow.3'}>
                  {data.covered
                    ? `This month's earnings (${formatMoney(data.earningsThisMonthCents)}) cover Stripe's ${formatMoney(data.monthlyFeeCents)} monthly account fee, taken from the month's first transfer.`
                    : `This month's earnings (${formatMoney(data.earningsThisMonthCents)}) do not cover Stripe's ${formatMoney(data.monthlyFeeCents)} monthly account fee yet; it is taken from the month's first transfer once they do.`}
                </Text>
              )}
              {admin ? (
                <Group gap="sm">
                  {data.status !== 'enabled' && (
                    <Button onClick={() => void connect()} loading={onboarding.isLoading}>
                      {data.status === 'not_connected' ? 'Connect with Stripe' : 'Continue with Stripe'}
                    </Button>
                  )}
                  {data.status !== 'not_connected' && (
                    <Button variant="default" onClick={() => void dashboard()} loading={loginLink.isLoading}>
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
