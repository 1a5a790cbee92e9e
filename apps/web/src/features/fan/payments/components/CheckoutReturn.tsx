import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { SubscriptionView } from '#pie/contracts';
import { formatCents } from '#pie/contracts';
import { ErrorBlock, PageFrame, Section } from '../../../../shared/ui';
import { useGetWalletBalanceQuery, useRefreshSubscriptionMutation } from '../api/payments.api';

const ATTEMPTS = 10;
const INTERVAL_MS = 1_500;

/**
 * /pie/successCheckout: Stripe's checkout sends the browser back here. The page asks the server to
 * re-read Stripe (not waiting for webhooks) until the subscription is active and the period is paid.
 */
export function CheckoutReturn() {
  const [refresh, refreshing] = useRefreshSubscriptionMutation();
  const [subscription, setSubscription] = useState<SubscriptionView | null | undefined>(undefined);
  const wallet = useGetWalletBalanceQuery();

  useEffect(() => {
    let stopped = false;
    void (async () => {
      for (let attempt = 0; attempt < ATTEMPTS && !stopped; attempt++) {
        const result = await refresh();
        const data = 'data' in result ? result.data : undefined;
        setSubscription(data ?? null);
        if (data && data.status === 'active') return;
        await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
      }
    })();
    return () => {
      stopped = true;
    };
  }, [refresh]);

  return (
    <PageFrame title="Checkout" description="The result of paying for your pie.">
      <Section title={subscription?.status === 'active' ? 'Your pie is active' : 'Confirming your payment'}>
        {refreshing.isError && subscription === undefined ? (
          <ErrorBlock error={refreshing.error} fallback="Could not confirm your payment" onRetry={() => void refresh()} />
        ) : subscription?.status === 'active' ? (
          <Stack gap="xs">
            <Text>
              Paid: ${formatCents(subscription.pieSettings.amountCents)} every {subscription.pieSettings.pieDays} days, split among up to{' '}
              {subscription.pieSettings.artistLimit} artists.
            </Text>
            {wallet.data && <Text data-testid="wallet-balance">Wallet: ${wallet.data.balance} waiting for your pie's split</Text>}
            <Anchor component={Link} to="/pie">
              Go to your pie
            </Anchor>
          </Stack>
        ) : subscription === null || (subscription && subscription.status !== 'active' && !refreshing.isLoading && subscription !== undefined) ? (
          <Text c="dimmed">We have not seen a payment yet. If you just paid, this page updates in a moment.</Text>
        ) : (
          <Loader size="sm" aria-label="Confirming your payment" />
        )}
      </Section>
    </PageFrame>
  );
}
