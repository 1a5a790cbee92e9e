import { Anchor, Box, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { useGetAllFanArtistsQuery } from '../api/listening.api';
import { choroplethBuckets, legendRanges, listeningByCountry, NO_DATA_COLOR, type Bucket, type CountryTotals } from '../choropleth';
import { countryName, formatListened, formatNumber, formatCount, NOUNS } from '@web/shared/format';
import { CountryTable } from './CountryTable';
import { EmptyBlock, ErrorBlock, LoadingBlock, Section, PageContainer } from '@web/shared/ui';
import { WorldMapPlaceholder } from './WorldMapPlaceholder';

const WorldMap = lazy(() => import('./WorldMap'));

/** What the map shows, in one sentence. */
export function mapSummary(totals: CountryTotals): string {
  const count = totals.countries.length;
  const top = totals.countries
    .slice(0, 3)
    .map((country) => `${countryName(country.code)} (${formatListened(country.listenedMs)})`)
    .join(', ');
  const base = `World map of where your artists come from, shaded by listening time: ${formatCount(count, NOUNS.country)}`;
  return top ? `${base}; most listened: ${top}.` : `${base}.`;
}

function rangeLabel({ from, to }: { from: number | null; to: number | null }): string {
  if (from === null && to !== null) return `up to ${formatListened(to)}`;
  if (to === null && from !== null) return `over ${formatListened(from)}`;
  if (from === to || from === null || to === null) return formatListened(from ?? to ?? 0);
  return `${formatListened(from)} to ${formatListened(to)}`;
}

function Legend({ buckets }: { buckets: readonly Bucket[] }) {
  const swatch = (color: string) => (
    <Box component="span" aria-hidden="true" w={14} h={14} style={{ display: 'inline-block', background: color, borderRadius: 3, border: '1px solid var(--mantine-color-dark-3)' }} />
  );
  return (
    <Group component="ul" gap="md" p={0} m={0} aria-label="Legend: listening time per country" style={{ listStyle: 'none' }}>
      {legendRanges(buckets).map((range) => (
        <Group component="li" key={range.color} gap={6} wrap="nowrap">
          {swatch(range.color)}
          <Text size="sm">{rangeLabel(range)}</Text>
        </Group>
      ))}
      <Group component="li" gap={6} wrap="nowrap">
        {swatch(NO_DATA_COLOR)}
        <Text size="sm">No listening</Text>
      </Group>
    </Group>
  );
}

/** `/earth`: where the fan's artists come from, as a choropleth of listening time and a table. */
export function EarthPage() {
  const query = useGetAllFanArtistsQuery({});
  const totals = useMemo(() => listeningByCountry(query.data?.artists ?? []), [query.data]);
  const buckets = useMemo(() => choroplethBuckets(totals.countries.map((country) => country.listenedMs)), [totals]);
  const values = useMemo(() => new Map(totals.countries.map((country) => [country.code, country.listenedMs])), [totals]);
  const describe = useCallback(
    (code: string, name: string) => {
      const ms = values.get(code);
      return ms ? `${countryName(code)}: ${formatListened(ms)}` : `${name}: no listening`;
    },
    [values],
  );

  const artists = query.data?.artists.length ?? 0;

  return (
    <PageContainer width="wide" py="xl">
      <title>{`Your world · Pie`}</title>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>Where your artists come from</Title>
          <Text c="dimmed">Every country shaded by the time you spent with its artists, all time.</Text>
        </Stack>
        {query.isLoading ? (
          <LoadingBlock label="Loading your artists..." />
        ) : query.isError ? (
          <ErrorBlock error={query.error} fallback="Your artists could not be loaded." onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : artists === 0 ? (
          <EmptyBlock>
            {'No listening yet, so no map. Connect Spotify or upload your Spotify data export in '}
            <Anchor component={Link} to="/settings#listening">
              Settings
            </Anchor>
            .
          </EmptyBlock>
        ) : (
          <>
            <Section
              title="World map"
              description={`${formatCount(totals.countries.length, NOUNS.country)} · ${formatCount(artists, NOUNS.artist)}`}
            >
              {totals.countries.length === 0 ? (
                <EmptyBlock>None of your artists has a known country yet. Pie looks their countries up in the background; check again later.</EmptyBlock>
              ) : (
                <>
                  <Suspense fallback={<WorldMapPlaceholder />}>
                    <WorldMap values={values} buckets={buckets} label={mapSummary(totals)} describe={describe} />
                  </Suspense>
                  <Legend buckets={buckets} />
                </>
              )}
              {totals.unknown.artists > 0 && (
                <Text size="sm" c="dimmed">
                  {`${formatCount(totals.unknown.artists, NOUNS.artist)} (${formatListened(totals.unknown.listenedMs)}) without a known country ${totals.unknown.artists === 1 ? 'is' : 'are'} counted apart.`}
                </Text>
              )}
              {query.data && !query.data.complete && (
                <Text size="sm" c="dimmed">{`Showing your ${formatNumber(query.data.artists.length)} most listened artists of ${formatNumber(query.data.total)}.`}</Text>
              )}
            </Section>
            <Section title="Countries" description="The map’s figures; choose a column to sort.">
              <CountryTable totals={totals} />
            </Section>
          </>
        )}
      </Stack>
    </PageContainer>
  );
}
