import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { SubscriptionView } from '#pie/contracts';
import { formatCents } from '#pie/contracts';
import { endsPhrase } from '@web/shared/pies';
import { ErrorBlock, PageFrame, Section } from '@web/shared/ui';
import { useGetWalletBalanceQuery, useRefreshSubscriptionMutation } from '../api/payments.api';

const ATTEMPTS = 10;
const INTERVAL_MS = 1_500;

/**
 * /pie/successCheckout: Stripe's checkout sends the browser back here. The page asks the server to
 * re-read Stripe (not waiting for webhooks) until the subscription is active and the period is paid,
 * ATTEMPTS times INTERVAL_MS apart. When none of them finds the payment it says so and offers to
 * check again (polling anew) or to go to the pie, where the pie shows once the payment arrives.
 */
export function CheckoutReturn() {
  const [refresh, refreshing] = useRefreshSubscriptionMutation();
  const [subscription, setSubscription] = useState<SubscriptionView | null | undefined>(undefined);
  /** Each "Check again" starts a new round of polling. */
  const [round, setRound] = useState(0);
  const [gaveUp, setGaveUp] = useState(false);
  const wallet = useGetWalletBalanceQuery();

  useEffect(() => {
    let stopped = false;
    setGaveUp(false);
    void (async () => {
      for (let attempt = 0; attempt < ATTEMPTS && !stopped; attempt++) {
        const result = await refresh();
        if (stopped) return;
        const data = 'data' in result ? result.data : undefined;
        setSubscription(data ?? null);
        if (data && data.status === 'active') return;
        if (attempt < ATTEMPTS - 1) await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
      }
      if (!stopped) setGaveUp(true);
    })();
    return () => {
      stopped = true;
    };
  }, [refresh, round]);

  const checkAgain = () => setRound((n) => n + 1);
  const active = subscription?.status === 'active';
  // One wording of the pie's status everywhere: a cancelled pie is paid up and ending, not "active".
  const ending = active && subscription.cancelAtPeriodEnd ? { endsAt: subscription.currentPeriodEnd } : null;
  const title = !active ? (gaveUp ? 'Payment not confirmed yet' : 'Confirming your payment') : ending ? `Your pie is paid and ends ${endsPhrase(ending)}` : 'Your pie is active';

  return (
    <PageFrame title="Checkout" description="The result of paying for your pie.">
      <Section title={title}>
        {active ? (
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
        ) : gaveUp ? (
          <Stack gap="sm" align="flex-start">
            {refreshing.isError && <ErrorBlock error={refreshing.error} fallback="Could not confirm your payment" />}
            <Text role="status">We have not heard from the payment provider yet. If you paid, your pie appears within a few minutes.</Text>
            <Group gap="sm">
              <Button size="sm" onClick={checkAgain}>
                Check again
              </Button>
              <Anchor component={Link} to="/pie">
                Go to your pie
              </Anchor>
            </Group>
          </Stack>
        ) : (
          <Stack gap="xs" align="flex-start" role="status">
            {/* A Loader is a plain span: the words, not an aria-label on it, tell a screen reader what is happening. */}
            <Group gap="xs">
              <Loader size="sm" aria-hidden="true" />
              <Text>Waiting for the payment provider…</Text>
            </Group>
            {subscription !== undefined && <Text c="dimmed">We have not seen a payment yet. If you just paid, this page updates in a moment.</Text>}
          </Stack>
        )}
      </Section>
    </PageFrame>
  );
}
