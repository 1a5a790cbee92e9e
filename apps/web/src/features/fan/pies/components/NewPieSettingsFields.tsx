import { PIE_LIMITS } from '#pie/contracts';
import { NumberInput, Stack } from '@mantine/core';
import { SplitControls, type SplitSettingsValue } from './SplitControls';

/** A new pie's settings besides its amount: the period length and the three split settings. */
export interface NewPieSettings extends SplitSettingsValue {
  pieDays: number;
}

export const DEFAULT_NEW_PIE_SETTINGS: NewPieSettings = {
  pieDays: PIE_LIMITS.pieDays.default,
  artistLimit: PIE_LIMITS.artistLimit.default,
  artistPopularity: PIE_LIMITS.artistPopularity.default,
  excludeNonActive: false,
};

/** The fields the paid pie and the free pie share (the free one has no amount to choose). */
export function NewPieSettingsFields({ value, onChange }: { value: NewPieSettings; onChange: (next: NewPieSettings) => void }) {
  const { pieDays, ...split } = value;
  return (
    <Stack gap="lg">
      <NumberInput
        label="Period length (days)"
        min={PIE_LIMITS.pieDays.min}
        max={PIE_LIMITS.pieDays.max}
        value={pieDays}
        onChange={(next) => onChange({ ...value, pieDays: typeof next === 'number' ? next : PIE_LIMITS.pieDays.default })}
        allowDecimal={false}
      />
      <SplitControls value={split} onChange={(next) => onChange({ ...next, pieDays })} />
    </Stack>
  );
}
