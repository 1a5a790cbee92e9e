import type { DailyListening } from '#pie/contracts';
import { Box, Table, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useGetDailyListeningQuery } from '../api/listening.api';
import { formatListened, formatLongDay, formatNumber } from '../format';
import { EmptyBlock, ErrorBlock, LoadingBlock } from './LoadState';
import { Section } from './Section';

const DailyListeningChart = lazy(() => import('./DailyListeningChart'));

/** One sentence that says what the chart shows. */
export function dailySummary(days: readonly DailyListening[]): string {
  const total = days.reduce((sum, day) => sum + day.listened_ms, 0);
  const plays = days.reduce((sum, day) => sum + day.plays, 0);
  const best = days.reduce<DailyListening | null>((top, day) => (!top || day.listened_ms > top.listened_ms ? day : top), null);
  const base = `Daily listening over the last ${days.length} days: ${formatListened(total)} in ${formatNumber(plays)} plays`;
  return best && best.listened_ms > 0 ? `${base}; most on ${formatLongDay(best.date)} (${formatListened(best.listened_ms)}).` : `${base}.`;
}

/** The daily chart (`GET /api/tracks/user/daily`) with its figures as a table. */
export function DailyListeningSection({ days = 28 }: { days?: number }) {
  const daily = useGetDailyListeningQuery({ days });
  const rows = daily.data ?? [];
  const anyListening = rows.some((day) => day.plays > 0);

  return (
    <Section title="Daily listening" description={`The last ${days} days, by UTC day`}>
      {daily.isLoading ? (
        <LoadingBlock label="Loading your daily listening..." />
      ) : daily.isError ? (
        <ErrorBlock error={daily.error} fallback="Your daily listening could not be loaded." onRetry={() => void daily.refetch()} retrying={daily.isFetching} />
      ) : !anyListening ? (
        <EmptyBlock>{`No plays in the last ${days} days.`}</EmptyBlock>
      ) : (
        <>
          <Box component="figure" m={0}>
            <Suspense fallback={<LoadingBlock label="Loading the chart..." />}>
              <DailyListeningChart days={rows} label={dailySummary(rows)} />
            </Suspense>
            <Text component="figcaption" size="sm" c="dimmed" mt="xs">
              {dailySummary(rows)}
            </Text>
          </Box>
          <details>
            <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
              Show the figures as a table
            </Text>
            <Table.ScrollContainer minWidth={320} mt="sm">
              <Table striped highlightOnHover>
                <Table.Caption>Listening per day</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Day</Table.Th>
                    <Table.Th scope="col">Listened</Table.Th>
                    <Table.Th scope="col">Plays</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...rows].reverse().map((day) => (
                    <Table.Tr key={day.date}>
                      <Table.Th scope="row" fw={400}>
                        {formatLongDay(day.date)}
                      </Table.Th>
                      <Table.Td>{formatListened(day.listened_ms)}</Table.Td>
                      <Table.Td>{formatNumber(day.plays)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </details>
        </>
      )}
    </Section>
  );
}
