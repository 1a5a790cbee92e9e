import { PIE_LIMITS } from '#pie/contracts';
import { Alert, Button, Group, Modal, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api';
import { useCreateCheckoutMutation } from '../api/pies.api';
import { feePreview } from '../format';
import { formatMoney } from '../../../../shared/format';
import { parseDollarsToCents, pieAmountError } from '#pie/contracts';
import { PieRules } from './PieRules';
import { SplitControls, type SplitSettingsValue } from './SplitControls';

/**
 * The create modal (spec §2, §3 pie create fields): amount, artist limit, popularity tilt, active
 * artists only, period length; the fees are shown before paying; "Pay" goes to the checkout page.
 */
export function CreatePieModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [amount, setAmount] = useState('10.00');
  const [pieDays, setPieDays] = useState<number>(PIE_LIMITS.pieDays.default);
  const [split, setSplit] = useState<SplitSettingsValue>({
    artistLimit: PIE_LIMITS.artistLimit.default,
    artistPopularity: PIE_LIMITS.artistPopularity.default,
    excludeNonActive: false,
  });
  const [createCheckout, checkout] = useCreateCheckoutMutation();
  const amountError = pieAmountError(amount) ?? null;
  const parsedAmount = parseDollarsToCents(amount);
  const cents = 'cents' in parsedAmount ? parsedAmount.cents : null;
  const fees = cents !== null && !amountError ? feePreview(cents) : null;

  async function pay() {
    if (amountError) return;
    const result = await createCheckout({ amount, pieDays, ...split });
    if ('data' in result && result.data) window.location.assign(result.data.url);
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Create your pie" size="lg">
      <Stack gap="lg">
        <TextInput label="Amount per period (USD)" leftSection="$" value={amount} onChange={(event) => setAmount(event.currentTarget.value)} error={amountError} inputMode="decimal" required />
        <NumberInput
          label="Period length (days)"
          min={PIE_LIMITS.pieDays.min}
          max={PIE_LIMITS.pieDays.max}
          value={pieDays}
          onChange={(value) => setPieDays(typeof value === 'number' ? value : PIE_LIMITS.pieDays.default)}
          allowDecimal={false}
        />
        <SplitControls value={split} onChange={setSplit} />
        {fees && cents !== null && (
          <Table aria-label="What you pay and what your artists get" withRowBorders={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>You pay each period</Table.Td>
                <Table.Td ta="right">{formatMoney(cents)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Card processing fee (about 2.9% + 30¢)</Table.Td>
                <Table.Td ta="right">{`−${formatMoney(fees.processorFeeCents)}`}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Pie platform fee (10%)</Table.Td>
                <Table.Td ta="right">{`−${formatMoney(fees.platformFeeCents)}`}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td fw={700}>Split among your artists</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {formatMoney(fees.netCents)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
        <Text size="xs" c="dimmed">
          The card fee is Stripe&apos;s actual fee for the payment; your statement shows it to the cent.
        </Text>
        {checkout.isError && (
          <Alert color="red" role="alert">
            {errorMessage(checkout.error, 'The checkout could not be started. Please try again.')}
          </Alert>
        )}
        <details>
          <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
            The rules
          </Text>
          <PieRules />
        </details>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void pay()} loading={checkout.isLoading} disabled={Boolean(amountError)}>
            Continue to payment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
