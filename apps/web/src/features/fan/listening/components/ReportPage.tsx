import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { TableScroll, ErrorBlock, LoadingBlock, Section, StatList, PageContainer } from '@web/shared/ui';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useGetAllFanArtistsQuery, useGetLatestPlaysQuery, useGetPopularTracksQuery } from '../api/listening.api';
import { formatListened, formatNumber, formatCount, NOUNS } from '@web/shared/format';
import { useReportPeriod } from '../hooks/use-report-period';
import { matchingPreset, PERIOD_PRESETS, periodLength, periodToApi, presetPeriod } from '../period';
import { reportCsv, reportFileName, type ListeningReport } from '../report-csv';
import { ImpactSection } from './ImpactSection';
import { TopArtistsList } from './TopArtistsList';
import { TrackArtists } from './TrackArtists';

const SHOWN = 10;
const CSV_TRACKS = 100;

/** Saves text as a file the browser downloads (UTF-8 with a BOM so spreadsheets read accents right). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function PeriodPicker({ period, fields, problem, choose }: ReturnType<typeof useReportPeriod>) {
  const active = period ? matchingPreset(period) : null;
  // The pickers follow the URL (presets, back, forward) and keep what the fan types until they submit.
  const [dates, setDates] = useState(fields);
  useEffect(() => setDates({ from: fields.from, to: fields.to }), [fields.from, fields.to]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A malformed or reversed period goes to the URL too: the page says what is wrong with it.
    choose(dates);
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group gap="xs" role="group" aria-label="Quick periods" wrap="wrap">
          {PERIOD_PRESETS.map((preset) => (
            <Button key={preset.id} variant={active === preset.id ? 'filled' : 'default'} aria-pressed={active === preset.id} onClick={() => choose(presetPeriod(preset.id))}>
              {preset.label}
            </Button>
          ))}
        </Group>
        <form onSubmit={onSubmit} aria-label="Report period">
          <Group align="flex-end" gap="md" wrap="wrap">
            <TextInput type="date" name="from" label="From" value={dates.from} onChange={(event) => setDates({ ...dates, from: event.currentTarget.value })} required />
            <TextInput type="date" name="to" label="To" value={dates.to} onChange={(event) => setDates({ ...dates, to: event.currentTarget.value })} required />
            <Button type="submit" variant="light">
              Show report
            </Button>
          </Group>
        </form>
        {problem && (
          <Text role="alert" c="red.4" size="sm">
            {problem}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** `/report`: totals, top artists and top tracks for a chosen period, downloadable as CSV; then the fan's impact (where their money went). */
export function ReportPage() {
  const picker = useReportPeriod();
  const { period } = picker;
  const range = period ? periodToApi(period) : null;
  const plays = useGetLatestPlaysQuery(range ? { page: 1, limit: 1, ...range } : skipToken);
  const artists = useGetAllFanArtistsQuery(range ?? skipToken);
  const tracks = useGetPopularTracksQuery(range ? { page: 1, limit: CSV_TRACKS, ...range } : skipToken);

  const report: ListeningReport | null = useMemo(() => {
    if (!period || !plays.currentData || !artists.currentData || !tracks.currentData) return null;
    return {
      period,
      totals: {
        plays: plays.currentData.pagination.total,
        listenedMs: artists.currentData.artists.reduce((sum, artist) => sum + artist.listened_ms, 0),
        artists: artists.currentData.total,
        tracks: tracks.currentData.pagination.total,
      },
      artists: artists.currentData.artists,
      tracks: tracks.currentData.items,
    };
  }, [period, plays.currentData, artists.currentData, tracks.currentData]);

  const failed = [plays, artists, tracks].find((query) => query.isError);
  const loading = Boolean(period) && !report && !failed;
  // The impact comes under the report once the report has first been drawn: drawn before it, it
  // would be pushed down the page when the report arrived. (Then it stays, whatever period is chosen.)
  const [impactShown, setImpactShown] = useState(false);
  if (!loading && !impactShown) setImpactShown(true);

  return (
    <PageContainer width="wide" py="xl">
      <title>{`Report · Pie`}</title>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>Listening report</Title>
          <Text c="dimmed">Your listening for a period you choose: totals, top artists and top tracks, as a page or a CSV file.</Text>
        </Stack>
        <PeriodPicker {...picker} />
        {failed ? (
          <ErrorBlock
            error={failed.error}
            fallback="The report could not be loaded."
            onRetry={() => [plays, artists, tracks].forEach((query) => query.isError && void query.refetch())}
          />
        ) : loading ? (
          <LoadingBlock label="Building your report..." />
        ) : report && period ? (
          <Stack gap="xl">
            <Section
              title={`${period.from} to ${period.to}`}
              description={`${formatCount(periodLength(period), NOUNS.day)}, in your time zone`}
              actions={
                <Button onClick={() => downloadText(reportFileName(period), reportCsv(report))} disabled={report.totals.plays === 0}>
                  Download CSV
                </Button>
              }
            >
              <StatList
                cols={4}
                stats={[
                  { label: 'Listening time', value: formatListened(report.totals.listenedMs), hint: 'Credited to artists, as your pie splits it' },
                  { label: 'Plays', value: formatNumber(report.totals.plays) },
                  { label: 'Artists', value: formatNumber(report.totals.artists) },
                  { label: 'Tracks', value: formatNumber(report.totals.tracks) },
                ]}
              />
              <Text size="sm" c="dimmed">
                {`The CSV has the totals, every artist of the period and your ${formatNumber(Math.min(CSV_TRACKS, report.totals.tracks))} most played tracks.`}
              </Text>
              {artists.currentData && !artists.currentData.complete && (
                <Alert color="yellow" variant="light">
                  {`This period has ${formatCount(artists.currentData.total, NOUNS.artist)}; the report counts your ${formatNumber(artists.currentData.artists.length)} most listened.`}
                </Alert>
              )}
            </Section>
            {report.totals.plays === 0 ? (
              <Text role="status">No plays in this period. Choose another period, or bring in more listening from Settings.</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
                <Section title="Top artists" description="Most listened in the period">
                  <TopArtistsList
                    label="Top artists of the period"
                    artists={report.artists.slice(0, SHOWN)}
                    detail={(artist) => `${formatListened(artist.listened_ms)} · ${formatCount(artist.plays, NOUNS.play)}`}
                  />
                </Section>
                <Section title="Top tracks" description="Most played in the period">
                  <TableScroll minWidth={360}>
                    <Table striped>
                      <Table.Caption>Top tracks of the period</Table.Caption>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th scope="col">#</Table.Th>
                          <Table.Th scope="col">Track</Table.Th>
                          <Table.Th scope="col">Plays</Table.Th>
                          <Table.Th scope="col">Listened</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {report.tracks.slice(0, SHOWN).map((item, index) => (
                          <Table.Tr key={item.track.id}>
                            <Table.Td>{index + 1}</Table.Td>
                            <Table.Td>
                              <Text size="sm" fw={600}>
                                {item.track.name}
                              </Text>
                              <TrackArtists artists={item.track.artists} size="xs" />
                            </Table.Td>
                            <Table.Td>{formatNumber(item.plays)}</Table.Td>
                            <Table.Td>{formatListened(item.listened_ms)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </TableScroll>
                </Section>
              </SimpleGrid>
            )}
          </Stack>
        ) : null}
        {impactShown && <ImpactSection />}
      </Stack>
    </PageContainer>
  );
}
