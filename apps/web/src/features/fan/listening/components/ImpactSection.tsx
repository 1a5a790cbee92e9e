import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { FanImpactView } from '#pie/contracts';
import { countryName, formatCount, formatMoney, formatNumber, NOUNS } from '@web/shared/format';
import { EmptyBlock, ErrorBlock, LoadingBlock, Section, StatList, TableScroll } from '@web/shared/ui';
import { impactCardUrl, useGetFanImpactQuery } from '../api/impact.api';
import { choroplethBuckets } from '../choropleth';
import { InviteArtistButton } from './InviteArtistButton';
import { WorldMapPlaceholder } from './WorldMapPlaceholder';

const WorldMap = lazy(() => import('./WorldMap'));

const percent = (bps: number) => `${Math.floor(bps / 100)}%`;
const monthLabel = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Money per month as bars (paid in, given to artists); the table after it carries the same figures. */
function MonthlyBars({ months }: { months: FanImpactView['months'] }) {
  const shown = months.slice(-12);
  const max = Math.max(1, ...shown.flatMap((month) => [month.paidInCents, month.givenToArtistsCents]));
  const height = 140;
  const group = 40;
  const width = Math.max(240, shown.length * group + 16);
  const bar = (value: number) => Math.round((value / max) * (height - 8));
  return (
    <div style={{ overflowX: 'auto' }}>
      {/* Hidden from assistive technology: the table below says the same, month by month. */}
      <svg aria-hidden="true" viewBox={`0 0 ${width} ${height + 20}`} width={width} height={height + 20}>
        <line x1={0} x2={width} y1={height} y2={height} stroke="#4c3a80" />
        {shown.map((month, index) => (
          <g key={month.month} transform={`translate(${16 + index * group}, 0)`}>
            <rect x={0} y={height - bar(month.paidInCents)} width={12} height={bar(month.paidInCents)} fill="#b197fc" />
            <rect x={14} y={height - bar(month.givenToArtistsCents)} width={12} height={bar(month.givenToArtistsCents)} fill="#ffd43b" />
            <text x={13} y={height + 14} textAnchor="middle" fontSize={10} fill="#e5dcff">
              {month.month.slice(2)}
            </text>
          </g>
        ))}
      </svg>
      <Group gap="md" aria-hidden="true">
        <Text size="xs">
          <span style={{ display: 'inline-block', width: 10, height: 10, background: '#b197fc', marginRight: 4 }} />
          Paid in
        </Text>
        <Text size="xs">
          <span style={{ display: 'inline-block', width: 10, height: 10, background: '#ffd43b', marginRight: 4 }} />
          Given to artists
        </Text>
      </Group>
    </div>
  );
}

/** "Invite": the artist's public page, saying what of the fan's money waits for them. */
function InviteWaiting({ artist }: { artist: FanImpactView['waiting'][number] }) {
  const message = `${artist.name}: fans fund you on Pie, and money from my pie waits for you in escrow. Claim your profile to receive it.`;
  return (
    <InviteArtistButton artistId={artist.artistId} artistName={artist.name} message={message} label={`Invite ${artist.name}`} compact>
      Invite
    </InviteArtistButton>
  );
}

function ImpactFigures({ impact, year }: { impact: FanImpactView; year: number | undefined }) {
  const values = useMemo(() => new Map(impact.countries.map((country) => [country.code, country.givenCents])), [impact.countries]);
  const buckets = useMemo(() => choroplethBuckets(impact.countries.map((country) => country.givenCents)), [impact.countries]);
  const describe = useCallback((code: string, name: string) => (values.get(code) ? `${countryName(code)}: ${formatMoney(values.get(code)!)}` : `${name}: nothing`), [values]);
  const mapLabel = `World map of where your money went, shaded by money given: ${formatCount(impact.countries.length, NOUNS.country)}${
    impact.countries[0] ? `; most: ${impact.countries.slice(0, 3).map((country) => `${countryName(country.code)} (${formatMoney(country.givenCents)})`).join(', ')}` : ''
  }.`;
  const scope = year ? String(year) : 'all time';

  return (
    <Stack gap="xl">
      <StatList
        cols={4}
        stats={[
          { label: 'Paid in', value: formatMoney(impact.paidInCents), hint: 'What your card paid, before fees' },
          { label: 'Given to artists', value: formatMoney(impact.givenToArtistsCents), hint: 'Split by your listening when each period closed' },
          { label: 'Artists funded', value: formatNumber(impact.artistCount) },
          {
            label: 'To less listened artists',
            value: percent(impact.belowMedian.shareBps),
            hint: `${formatMoney(impact.belowMedian.cents)} to artists below Pie’s median popularity (${impact.belowMedian.medianPopularity} of 100)`,
          },
        ]}
      />
      <Section title="Over time" description={`Paid in and given to artists per month, ${scope}`} order={3}>
        {impact.months.length === 0 ? (
          <EmptyBlock>No money moved in this period.</EmptyBlock>
        ) : (
          <>
            <MonthlyBars months={impact.months} />
            <TableScroll minWidth={360}>
              <Table striped>
                <Table.Caption>Your money per month</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Month</Table.Th>
                    <Table.Th scope="col">Paid in</Table.Th>
                    <Table.Th scope="col">Given to artists</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {impact.months.map((month) => (
                    <Table.Tr key={month.month}>
                      <Table.Th scope="row">{monthLabel(month.month)}</Table.Th>
                      <Table.Td>{formatMoney(month.paidInCents)}</Table.Td>
                      <Table.Td>{formatMoney(month.givenToArtistsCents)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </>
        )}
      </Section>
      <Section title="Where in the world it went" description="Your artists’ countries, by the money your pies gave them" order={3}>
        {impact.countries.length === 0 ? (
          <EmptyBlock>None of the artists you funded has a known country yet.</EmptyBlock>
        ) : (
          <>
            <Suspense fallback={<WorldMapPlaceholder />}>
              <WorldMap values={values} buckets={buckets} label={mapLabel} describe={describe} />
            </Suspense>
            <TableScroll minWidth={360}>
              <Table striped>
                <Table.Caption>Money given per country</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Country</Table.Th>
                    <Table.Th scope="col">Artists</Table.Th>
                    <Table.Th scope="col">Given</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {impact.countries.map((country) => (
                    <Table.Tr key={country.code}>
                      <Table.Th scope="row">{countryName(country.code)}</Table.Th>
                      <Table.Td>{formatNumber(country.artists)}</Table.Td>
                      <Table.Td>{formatMoney(country.givenCents)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </>
        )}
        {impact.unknownCountry.artists > 0 && (
          <Text size="sm" c="dimmed">{`${formatCount(impact.unknownCountry.artists, NOUNS.artist)} without a known country: ${formatMoney(impact.unknownCountry.givenCents)}.`}</Text>
        )}
      </Section>
    </Stack>
  );
}

/** The artists holding the fan's money in escrow now, each with an invitation to claim it. */
function WaitingArtists({ impact }: { impact: FanImpactView }) {
  return (
    <Section title="Waiting for artists" description={`${formatMoney(impact.waitingCents)} of your money waits in escrow now`} order={3}>
      {impact.waiting.length === 0 ? (
        <EmptyBlock>None of your money waits in escrow now.</EmptyBlock>
      ) : (
        <TableScroll minWidth={420}>
          <Table striped>
            <Table.Caption>Artists who have not received your money yet</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Artist</Table.Th>
                <Table.Th scope="col">Waiting</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {impact.waiting.map((artist) => (
                <Table.Tr key={artist.artistId}>
                  <Table.Th scope="row">
                    <Anchor component={Link} to={`/artist/${artist.artistId}`}>
                      {artist.name}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{formatMoney(artist.heldCents)}</Table.Td>
                  <Table.Td>
                    {artist.claimed ? (
                      // A sentence, not a tag: it wraps in a phone's narrow column instead of being cut off.
                      <Badge color="teal" variant="light" h="auto" py={4} styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}>
                        Claimed: paid once their Stripe account is ready
                      </Badge>
                    ) : (
                      <InviteWaiting artist={artist} />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Section>
  );
}

/**
 * `/report`'s impact: where the fan's money went, from the ledger (`GET /api/report/impact`), all
 * time or one year, and the card to share it (a PNG the server renders).
 */
export function ImpactSection() {
  const [year, setYear] = useState<number | undefined>(undefined);
  const allTime = useGetFanImpactQuery({});
  const scoped = useGetFanImpactQuery({ year }, { skip: year === undefined });
  const query = year === undefined ? allTime : scoped;
  const years = useMemo(() => [...new Set((allTime.data?.months ?? []).map((month) => Number(month.month.slice(0, 4))))].sort((a, b) => b - a), [allTime.data]);
  const impact = query.currentData;
  const nothingYet = allTime.data && allTime.data.paidInCents === 0 && allTime.data.givenToArtistsCents === 0 && allTime.data.waiting.length === 0;

  return (
    <Section
      title="Your impact"
      description="Where your money went, to the cent, from Pie’s books"
      actions={
        impact && !nothingYet ? (
          <Button component="a" href={impactCardUrl({ year })} download>
            Download card
          </Button>
        ) : undefined
      }
    >
      {query.isError ? (
        <ErrorBlock error={query.error} fallback="Your impact could not be loaded." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !impact ? (
        <LoadingBlock label="Loading your impact..." />
      ) : nothingYet ? (
        <EmptyBlock>
          {'No money has moved yet. Once your first pie period closes, you will see here which artists it reached. '}
          <Anchor component={Link} to="/pie">
            Start a pie
          </Anchor>
        </EmptyBlock>
      ) : (
        <Stack gap="xl">
          {years.length > 0 && (
            <Group gap="xs" role="group" aria-label="Impact period">
              <Button variant={year === undefined ? 'filled' : 'default'} aria-pressed={year === undefined} onClick={() => setYear(undefined)}>
                All time
              </Button>
              {years.map((option) => (
                <Button key={option} variant={year === option ? 'filled' : 'default'} aria-pressed={year === option} onClick={() => setYear(option)}>
                  {String(option)}
                </Button>
              ))}
            </Group>
          )}
          <Text size="sm" c="dimmed">
            {impact.card.namesFan
              ? impact.card.namesArtists
                ? 'Your profile is public: your card shows your name and your top artists.'
                : 'Your profile is public but your top artists are not: your card shows your name and figures, no artist names.'
              : 'Your profile is private: your card shows figures only, no names. '}
            {!impact.card.namesFan && (
              <Anchor component={Link} to="/settings">
                Change it in Settings
              </Anchor>
            )}
          </Text>
          <ImpactFigures impact={impact} year={year} />
          <WaitingArtists impact={impact} />
        </Stack>
      )}
    </Section>
  );
}
