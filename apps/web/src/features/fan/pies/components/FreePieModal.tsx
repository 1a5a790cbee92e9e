import { PROMO_PIE_CENTS } from '#pie/contracts';
import { Stack, Text } from '@mantine/core';
import { ModalDialog } from '@web/shared/ui';
import { useState } from 'react';
import { formatMoney } from '@web/shared/format';
import { useCreatePromoSubscriptionMutation } from '../api/pies.api';
import { DEFAULT_NEW_PIE_SETTINGS, NewPieSettingsFields, type NewPieSettings } from './NewPieSettingsFields';
import { NewPieModalFooter } from './NewPieModalFooter';
import { EstimatedSplit } from './EstimatedSplit';

/**
 * The free pie (spec §9: promo code 'try', free pie $5): the create modal's settings without the
 * amount; "Start my free pie" starts it at once (no payment page). The server's refusal (used
 * already, e-mail not verified, no codes left) stays in the modal, announced.
 */
export function FreePieModal({ opened, onClose, onStarted }: { opened: boolean; onClose: () => void; onStarted: () => void }) {
  const [settings, setSettings] = useState<NewPieSettings>(DEFAULT_NEW_PIE_SETTINGS);
  const [startFreePie, start] = useCreatePromoSubscriptionMutation();
  const free = formatMoney(PROMO_PIE_CENTS);

  async function submit() {
    const result = await startFreePie(settings);
    if ('data' in result && result.data) onStarted();
  }

  return (
    <ModalDialog opened={opened} onClose={onClose} title={`Start your free ${free} pie`} size="lg">
      <Stack gap="lg">
        <Text>
          {`The Pie promotion pays for this pie: ${free}, split among the artists you listen to when the period ends, with no fees taken. No card needed, nothing is charged. One per person.`}
        </Text>
        <NewPieSettingsFields value={settings} onChange={setSettings} />
        <EstimatedSplit amountCents={PROMO_PIE_CENTS} settings={settings} />
        <NewPieModalFooter
          error={start.isError ? start.error : undefined}
          errorFallback="Your free pie could not be started. Please try again."
          confirmLabel="Start my free pie"
          onConfirm={() => void submit()}
          onCancel={onClose}
          loading={start.isLoading}
        />
      </Stack>
    </ModalDialog>
  );
}
