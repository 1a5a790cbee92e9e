import { NEW_PIE, SPLIT_ESTIMATE_DAYS } from '#pie/contracts';
import { Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useGetRealtimeStatsQuery } from '../api/pies.api';
import type { SplitSettingsValue } from './SplitControls';
import { SplitPreview } from './SplitPreview';

/** Integer cents as the dollars the API reads ("8.41"), without a float in between. */
function dollars(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * How often an estimate with no listening asks again: a fan who just signed in with Spotify opens
 * the modal while the first poll is still bringing their plays, and sees the estimate appear.
 */
export const ESTIMATE_RETRY_MS = 3000;

/**
 * A new pie's split before paying (issue 29): plays before a pie starts never count for it, so the
 * modal shows the split the same function would make of `amountCents` over the fan's last 28 days
 * of listening, with the settings being tried — labelled as the estimate it is.
 */
export function EstimatedSplit({ amountCents, settings }: { amountCents: number; settings: SplitSettingsValue }) {
  const [asked] = useDebouncedValue({ amountCents, ...settings }, 250);
  const [retryMs, setRetryMs] = useState(0);
  const stats = useGetRealtimeStatsQuery(
    {
      pieId: NEW_PIE,
      amount: dollars(asked.amountCents),
      limit: asked.artistLimit,
      artistPopularity: asked.artistPopularity,
      excludeNonActive: asked.excludeNonActive,
    },
    // Asked again each time the modal opens (the listening may have come in since), and every few
    // seconds while there is none to estimate from yet.
    { refetchOnMountOrArgChange: true, pollingInterval: retryMs, skipPollingIfUnfocused: true },
  );
  const noListeningYet = stats.data !== undefined && stats.data.artists.length === 0;
  useEffect(() => setRetryMs(noListeningYet ? ESTIMATE_RETRY_MS : 0), [noListeningYet]);
  return (
    <Stack gap="sm" component="section" aria-labelledby="estimated-split-title">
      <Title order={3} size="h4" id="estimated-split-title">
        Your split, estimated
      </Title>
      <Text size="xs" c="dimmed">
        {`From what you listened to in the last ${SPLIT_ESTIMATE_DAYS} days. Your pie's real split counts only what you listen to during each period.`}
      </Text>
      <SplitPreview
        stats={stats}
        errorFallback="The estimate could not be computed."
        estimateDays={stats.data?.estimate?.days ?? SPLIT_ESTIMATE_DAYS}
        testId="estimated-split"
      />
    </Stack>
  );
}
