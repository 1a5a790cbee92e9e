import { PIE_LIMITS } from '#pie/contracts';
import { Slider, Stack, Switch, Text } from '@mantine/core';

export interface SplitSettingsValue {
  artistLimit: number;
  artistPopularity: number;
  excludeNonActive: boolean;
}

/** The three split settings a fan tries out: the artist limit, the popularity tilt, active artists only. */
export function SplitControls({ value, onChange }: { value: SplitSettingsValue; onChange: (next: SplitSettingsValue) => void }) {
  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" fw={500} id="artist-limit-label">{`Artist limit: ${value.artistLimit}`}</Text>
        <Text size="xs" c="dimmed">At most this many artists share your pie (your most listened).</Text>
        <Slider
          mt="xs"
          min={PIE_LIMITS.artistLimit.min}
          max={PIE_LIMITS.artistLimit.max}
          value={value.artistLimit}
          onChange={(artistLimit) => onChange({ ...value, artistLimit })}
          thumbProps={{ 'aria-labelledby': 'artist-limit-label' }}
          label={null}
        />
      </div>
      <div>
        <Text size="sm" fw={500} id="popularity-label">{`Tilt toward less popular artists: ${value.artistPopularity}`}</Text>
        <Text size="xs" c="dimmed">0 splits by listening time only; higher values give less popular artists more.</Text>
        <Slider
          mt="xs"
          min={PIE_LIMITS.artistPopularity.min}
          max={PIE_LIMITS.artistPopularity.max}
          value={value.artistPopularity}
          onChange={(artistPopularity) => onChange({ ...value, artistPopularity })}
          thumbProps={{ 'aria-labelledby': 'popularity-label' }}
          label={null}
        />
      </div>
      <Switch
        label="Only artists who are still active"
        checked={value.excludeNonActive}
        onChange={(event) => onChange({ ...value, excludeNonActive: event.currentTarget.checked })}
      />
    </Stack>
  );
}
