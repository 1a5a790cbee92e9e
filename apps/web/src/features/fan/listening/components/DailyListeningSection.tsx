import type { DailyListening } from '#pie/contracts';
import { Box, Text } from '@mantine/core';
import { lazy, memo, Suspense, useState } from 'react';
import { useGetDailyListeningQuery } from '../api/listening.api';
import { formatListened, formatLongDay, formatCount, NOUNS } from '@web/shared/format';
import { DAILY_CHART_HEIGHT, DailyListeningChart } from './DailyListeningChart';
import { EmptyBlock, ErrorBlock, LoadingBlock, Section } from '@web/shared/ui';

/** The chart's caption (two lines on a phone) and the table's toggle under it, in px. */
const LOADED_EXTRAS_HEIGHT = 92;

// Mantine's Table (and the ScrollArea it brings) loads only when someone opens the figures.
const DailyListeningTable = lazy(() => import('./DailyListeningTable'));

/** One sentence that says what the chart shows. */
export function dailySummary(days: readonly DailyListening[]): string {
  const total = days.reduce((sum, day) => sum + day.listened_ms, 0);
  const plays = days.reduce((sum, day) => sum + day.plays, 0);
  const best = days.reduce<DailyListening | null>((top, day) => (!top || day.listened_ms > top.listened_ms ? day : top), null);
  const base = `Daily listening over the last ${days.length} days: ${formatListened(total)} in ${formatCount(plays, NOUNS.play)}`;
  return best && best.listened_ms > 0 ? `${base}; most on ${formatLongDay(best.date)} (${formatListened(best.listened_ms)}).` : `${base}.`;
}

/** The daily chart (`GET /api/tracks/user/daily`) with its figures as a table. */
export const DailyListeningSection = memo(function DailyListeningSection({ days = 28 }: { days?: number }) {
  const daily = useGetDailyListeningQuery({ days });
  const [tableOpen, setTableOpen] = useState(false);
  const rows = daily.data ?? [];
  const anyListening = rows.some((day) => day.plays > 0);

  return (
    <Section title="Daily listening" description={`The last ${days} days, by day in your time zone`}>
      {daily.isLoading ? (
        // About the height of the chart with its caption and the table's toggle, so nothing below
        // moves much when they arrive.
        <Box h={DAILY_CHART_HEIGHT + LOADED_EXTRAS_HEIGHT}>
          <LoadingBlock label="Loading your daily listening..." />
        </Box>
      ) : daily.isError ? (
        <ErrorBlock error={daily.error} fallback="Your daily listening could not be loaded." onRetry={() => void daily.refetch()} retrying={daily.isFetching} />
      ) : !anyListening ? (
        <EmptyBlock>{`No plays in the last ${days} days.`}</EmptyBlock>
      ) : (
        <>
          <Box component="figure" m={0}>
            <DailyListeningChart days={rows} label={dailySummary(rows)} />
            <Text component="figcaption" size="sm" c="dimmed" mt="xs">
              {dailySummary(rows)}
            </Text>
          </Box>
          <details onToggle={(event) => setTableOpen(event.currentTarget.open)}>
            <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
              Show the figures as a table
            </Text>
            {tableOpen && (
              <Suspense fallback={<LoadingBlock label="Loading the figures..." />}>
                <DailyListeningTable days={rows} />
              </Suspense>
            )}
          </details>
        </>
      )}
    </Section>
  );
});
