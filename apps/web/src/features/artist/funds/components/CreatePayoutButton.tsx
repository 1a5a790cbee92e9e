import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { errorMessage } from '@web/shared/api';
import { formatLongDay, formatMoney } from '@web/shared/format';
import { ModalDialog } from '@web/shared/ui';
import { useCreatePayoutMutation, useGetWalletBalanceQuery } from '../api/funds.api';

/** The last day of this month (UTC, as the daily transfer sweep counts it), as YYYY-MM-DD. */
export function monthEndDay(now: Date = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

/** Why nothing can be paid out yet: money reaches Stripe in batches (the threshold, or the month's last day). */
function nothingYet(thresholdCents: number | undefined): string {
  const batch = thresholdCents === undefined ? 'once they are large enough' : `once they reach ${formatMoney(thresholdCents)}`;
  return `Nothing is available to pay out yet. Pie sends your earnings to Stripe ${batch}, or on the last day of the month (${formatLongDay(monthEndDay())}); once Stripe has settled them, you can pay them out here.`;
}

/**
 * "Create payout": pays the connected account's available balance out to the office's bank,
 * after a confirmation that says how much. The server makes one payout however often it is asked.
 */
export function CreatePayoutButton({ officeId, availableCents }: { officeId: string; availableCents: number | undefined }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [createPayout, creating] = useCreatePayoutMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const nothing = !availableCents;
  const wallet = useGetWalletBalanceQuery({ officeId }, { skip: !nothing });
  const reasonId = `payout-disabled-${officeId}`;

  const confirm = async () => {
    setOutcome(null);
    try {
      const payout = await createPayout({ officeId }).unwrap();
      setOutcome({ ok: true, message: `Payout of ${formatMoney(payout.amountCents)} created. It reaches your bank in a few days.` });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, 'We could not create the payout. Please try again.') });
    }
    close();
  };

  return (
    <Stack gap="xs" align="flex-end">
      <Button onClick={open} disabled={nothing} aria-describedby={nothing ? reasonId : undefined}>
        Create payout
      </Button>
      {nothing && (
        <Text id={reasonId} size="sm" c="dimmed" maw={360} ta="right" data-testid="payout-disabled-reason">
          {nothingYet(wallet.data?.transferThresholdCents)}
        </Text>
      )}
      {outcome && (
        <Alert color={outcome.ok ? 'teal' : 'red'} variant="light" role={outcome.ok ? 'status' : 'alert'} maw={360}>
          {outcome.message}
        </Alert>
      )}
      <ModalDialog opened={opened} onClose={close} title="Pay out to your bank?" centered>
        <Stack gap="md">
          <Text>
            {`${formatMoney(availableCents ?? 0)} available in your Stripe account goes to your bank account. Payouts usually arrive within two business days.`}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void confirm()} loading={creating.isLoading}>
              {`Pay out ${formatMoney(availableCents ?? 0)}`}
            </Button>
          </Group>
        </Stack>
      </ModalDialog>
    </Stack>
  );
}
