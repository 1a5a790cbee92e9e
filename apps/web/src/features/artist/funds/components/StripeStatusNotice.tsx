import type { Office } from '#pie/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useCheckMonthlyFeeQuery } from '../api/funds.api';
import { useStripeLinks } from '../hooks/use-stripe-links';
import { CONNECTION, connectionStateOf } from './connection-state';

/**
 * On Funds, above the figures: why money is not reaching the office's Stripe account (never
 * connected, details Stripe needs, or disconnected), with the way to fix it. Nothing while the
 * account is enabled and connected (or while the status is unknown: the settings say more).
 */
export function StripeStatusNotice({ office }: { office: Office }) {
  const officeId = office._id;
  const check = useCheckMonthlyFeeQuery({ officeId });
  const { connect, connecting, failure } = useStripeLinks(officeId);
  if (!check.data) return null;
  const state = connectionStateOf(check.data);
  if (state === 'enabled') return null;
  const connection = CONNECTION[state];
  const title = state === 'disconnected' ? 'Stripe is disconnected' : state === 'requirements_due' ? 'Stripe needs more details' : 'Money waits for a Stripe connection';
  return (
    <Alert color={state === 'not_connected' ? 'violet' : connection.color} variant="light" title={title} data-testid="stripe-notice">
      <Stack gap="sm">
        <Text size="sm">{connection.text(check.data)}</Text>
        {office.role === 'admin' ? (
          <Group>
            <Button size="sm" onClick={() => void connect()} loading={connecting}>
              {connection.action}
            </Button>
          </Group>
        ) : (
          <Text size="sm">Ask an admin of this office to connect Stripe.</Text>
        )}
        {failure && (
          <Text size="sm" c="red.3" role="alert">
            {failure}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
