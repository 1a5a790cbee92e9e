import { Stack, Table, Text, TextInput } from '@mantine/core';
import { ModalDialog } from '@web/shared/ui';
import { useState } from 'react';
import { useCreateCheckoutMutation } from '../api/pies.api';
import { feePreview } from '../format';
import { formatMoney } from '@web/shared/format';
import { parseDollarsToCents, pieAmountError } from '#pie/contracts';
import { DEFAULT_NEW_PIE_SETTINGS, NewPieSettingsFields, type NewPieSettings } from './NewPieSettingsFields';
import { NewPieModalFooter } from './NewPieModalFooter';
import { EstimatedSplit } from './EstimatedSplit';

/**
 * The create modal (spec §2, §3 pie create fields): amount, artist limit, popularity tilt, active
 * artists only, period length; the fees are shown before paying, and the split of what is left,
 * estimated from the fan's recent listening; "Pay" goes to the checkout page.
 */
export function CreatePieModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [amount, setAmount] = useState('10.00');
  const [settings, setSettings] = useState<NewPieSettings>(DEFAULT_NEW_PIE_SETTINGS);
  const [createCheckout, checkout] = useCreateCheckoutMutation();
  const amountError = pieAmountError(amount) ?? null;
  const parsedAmount = parseDollarsToCents(amount);
  const cents = 'cents' in parsedAmount ? parsedAmount.cents : null;
  const fees = cents !== null && !amountError ? feePreview(cents) : null;

  async function pay() {
    if (amountError) return;
    const result = await createCheckout({ amount, ...settings });
    if ('data' in result && result.data) window.location.assign(result.data.url);
  }

  return (
    <ModalDialog opened={opened} onClose={onClose} title="Create your pie" size="lg">
      <Stack gap="lg">
        <TextInput label="Amount per period (USD)" leftSection="$" value={amount} onChange={(event) => setAmount(event.currentTarget.value)} error={amountError} inputMode="decimal" required />
        <NewPieSettingsFields value={settings} onChange={setSettings} />
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
        {fees && <EstimatedSplit amountCents={fees.netCents} settings={settings} />}
        <NewPieModalFooter
          error={checkout.isError ? checkout.error : undefined}
          errorFallback="The checkout could not be started. Please try again."
          confirmLabel="Continue to payment"
          onConfirm={() => void pay()}
          onCancel={onClose}
          loading={checkout.isLoading}
          disabled={Boolean(amountError)}
        />
      </Stack>
    </ModalDialog>
  );
}
