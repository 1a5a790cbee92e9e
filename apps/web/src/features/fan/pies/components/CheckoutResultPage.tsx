import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { errorMessage } from '../../../../shared/api';
import { PageFrame } from '../../../../shared/ui';
import { useGetActivePieQuery } from '../api/pies.api';
import { formatMoney } from '../../../../shared/format';

/** /pie/successCheckout: waits until the payment's webhook has made the pie, then shows it. */
export function CheckoutResultPage() {
  // The pie appears once Stripe's webhook has been handled: poll every 1.5 s until it does.
  const active = useGetActivePieQuery(undefined, { pollingInterval: 1500, skipPollingIfUnfocused: false });
  const pie = active.data;
  return (
    <PageFrame title="Checkout" description="The result of paying for your pie.">
      {active.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(active.error, 'We could not check your pie. Please reload this page.')}
        </Alert>
      ) : pie ? (
        <Stack gap="md" align="flex-start">
          <Text size="lg" fw={700}>{`Your ${formatMoney(pie.settings.amountCents)} pie is active.`}</Text>
          <Text>It is split among the artists you listen to when this period ends.</Text>
          <Button component={Link} to="/pie">
            See your pie
          </Button>
        </Stack>
      ) : (
        <Stack gap="md" align="flex-start" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text>Confirming your payment… this takes a few seconds.</Text>
          <Anchor component={Link} to="/pie" size="sm">
            Back to your pie
          </Anchor>
        </Stack>
      )}
    </PageFrame>
  );
}
