import type { ArtistDetails } from '#pie/contracts';
import { Anchor, Badge, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { TableScroll, EmptyBlock, ErrorBlock, LoadingBlock, Unavailable, Pager, Section, StatList, PageContainer, CatalogueImage } from '@web/shared/ui';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { errorMessage, errorStatus } from '@web/shared/api';
import { selectSessionStatus } from '@web/shared/session';
import { useGetArtistDetailsQuery, useGetArtistFansQuery, useGetArtistTopTracksQuery, useGetMyArtistListeningQuery } from '../api/listening.api';
import { countryName, fanName, formatDate, formatListened, formatNumber, formatCount, NOUNS } from '@web/shared/format';
import { ArtistStandingSection } from './ArtistStandingSection';
import { RankedTrackList } from './RankedTrackList';

const FANS_DAYS = 28;
const FANS_PER_PAGE = 20;

function YourListening({ artist }: { artist: ArtistDetails }) {
  const session = useSelector(selectSessionStatus);
  const query = useGetMyArtistListeningQuery(session === 'anonymous' ? skipToken : artist.id);
  const signedOut = session === 'anonymous' || errorStatus(query.error) === 401;

  let body: ReactNode;
  if (signedOut) {
    body = (
      <EmptyBlock>
        <Anchor component={Link} to="/login">
          Log in
        </Anchor>
        {` to see how much you listen to ${artist.name}.`}
      </EmptyBlock>
    );
  } else if (query.isLoading) {
    body = <LoadingBlock label="Loading your listening..." />;
  } else if (query.isError) {
    body = <ErrorBlock error={query.error} fallback="Your listening could not be loaded." onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (!query.data || query.data.plays === 0) {
    body = <EmptyBlock>{`You have not listened to ${artist.name} on Pie yet.`}</EmptyBlock>;
  } else {
    const mine = query.data;
    body = (
      <Stack gap="md">
        <StatList
          cols={4}
          stats={[
            { label: 'Your listening time', value: formatListened(mine.listened_ms), hint: 'Shared with the other credited artists' },
            {
              label: 'Your plays',
              value: formatNumber(mine.plays),
              // The public figures below count only plays a connected account confirmed: say how many of these they are.
              hint: mine.counted_plays === mine.plays ? 'All counted in “Top tracks on Pie”' : `${formatNumber(mine.counted_plays)} counted in “Top tracks on Pie”; the rest (an uploaded history, tracks not confirmed yet) count for your pie only`,
            },
            { label: 'First played', value: mine.first_played_at ? formatDate(mine.first_played_at) : '—' },
            { label: 'Last played', value: mine.last_played_at ? formatDate(mine.last_played_at) : '—' },
          ]}
        />
        {mine.top_tracks.length > 0 && (
          <TableScroll minWidth={420}>
            <Table striped>
              <Table.Caption>{`Your most played tracks by ${artist.name}`}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Track</Table.Th>
                  <Table.Th scope="col">Plays</Table.Th>
                  <Table.Th scope="col">Listened</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mine.top_tracks.map((item) => (
                  <Table.Tr key={item.track.id}>
                    <Table.Th scope="row" fw={500}>
                      {item.track.name}
                    </Table.Th>
                    <Table.Td>{formatNumber(item.plays)}</Table.Td>
                    <Table.Td>{formatListened(item.listened_ms)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>
    );
  }
  return <Section title="Your listening">{body}</Section>;
}

function TopTracks({ artist }: { artist: ArtistDetails }) {
  const query = useGetArtistTopTracksQuery({ artistId: artist.id, limit: 10 });
  return (
    <Section title="Top tracks on Pie" description="Plays by Pie’s fans that their connected streaming accounts confirmed (an uploaded history counts for the fan’s own pie, not here)">
      {query.isLoading ? (
        <LoadingBlock label="Loading top tracks..." />
      ) : query.isError ? (
        <ErrorBlock error={query.error} fallback="Top tracks could not be loaded." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data?.length ? (
        <EmptyBlock>No plays of this artist on Pie yet.</EmptyBlock>
      ) : (
        <RankedTrackList items={query.data} label={`Top tracks of ${artist.name}`} detail={(item) => `${formatCount(item.plays, NOUNS.play)} by ${formatCount(item.listeners, NOUNS.listener)}`} />
      )}
    </Section>
  );
}

function Fans({ artist }: { artist: ArtistDetails }) {
  const [page, setPage] = useState(1);
  const query = useGetArtistFansQuery({ artistId: artist.id, page, limit: FANS_PER_PAGE, days: FANS_DAYS });
  const data = query.currentData ?? query.data;
  return (
    <Section title="Fans" description={`Fans who listened in the last ${FANS_DAYS} days and made their top artists public`}>
      {query.isLoading ? (
        <LoadingBlock label="Loading fans..." />
      ) : query.isError && !data ? (
        <ErrorBlock error={query.error} fallback="Fans could not be loaded." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : data ? (
        <Stack gap="sm">
          <Text size="sm">
            {`${formatCount(data.fans.total_fans, NOUNS.fan)} listened in the last ${FANS_DAYS} days.`}
          </Text>
          {data.fans.fans.length === 0 ? (
            <EmptyBlock>{data.fans.total_fans > 0 ? 'None of them made their top artists public.' : 'No fans yet.'}</EmptyBlock>
          ) : (
            <Stack component="ul" gap={6} p={0} m={0} aria-label={`Public fans of ${artist.name}`} style={{ listStyle: 'none' }} aria-busy={query.isFetching}>
              {data.fans.fans.map((fan) => (
                <Group component="li" key={fan._id} justify="space-between" wrap="nowrap">
                  <Anchor component={Link} to={`/user/${fan._id}`}>
                    {fanName(fan.username)}
                  </Anchor>
                  <Text size="sm" c="dimmed">{`${formatListened(fan.listened_ms)} · ${formatCount(fan.plays, NOUNS.play)}`}</Text>
                </Group>
              ))}
            </Stack>
          )}
          <Pager label="Fan pages" page={data.pagination.page} pages={data.pagination.pages} onPage={setPage} />
        </Stack>
      ) : null}
    </Section>
  );
}

/** `/artist/:id`: the public artist page; a signed-in fan also sees their own listening. */
export function ArtistPage({ artistId }: { artistId: string }) {
  const query = useGetArtistDetailsQuery(artistId);
  const status = errorStatus(query.error);
  const artist = query.data;

  let body: ReactNode;
  if (query.isLoading) {
    body = <LoadingBlock label="Loading the artist..." />;
  } else if (query.isError) {
    body =
      status === 404 ? (
        <Unavailable title="Artist not found">{errorMessage(query.error, 'No artist with this id.')}</Unavailable>
      ) : status === 400 ? (
        <Unavailable title="Artist not found">This address does not point to an artist.</Unavailable>
      ) : (
        <Stack gap="md">
          <Title order={1}>Artist</Title>
          <ErrorBlock error={query.error} fallback="The artist could not be loaded." onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </Stack>
      );
  } else if (artist) {
    body = (
      <Stack gap="xl">
        <Group gap="lg" wrap="wrap" align="center">
          <CatalogueImage name={artist.name} imageUrl={artist.image_url} size={96} />
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {artist.name}
            </Title>
            <Group gap="xs" wrap="wrap">
              {artist.country && <Badge variant="light">{countryName(artist.country)}</Badge>}
              {!artist.active && (
                <Badge variant="light" color="gray">
                  Inactive
                </Badge>
              )}
              {artist.genres.map((genre) => (
                <Badge key={genre} variant="outline" color="pie.3">
                  {genre}
                </Badge>
              ))}
            </Group>
            {artist.metadata_pending && (
              <Text size="sm" c="dimmed">
                Pie is still fetching this artist’s picture, country and genres from Spotify.
              </Text>
            )}
          </Stack>
        </Group>
        <StatList
          cols={4}
          stats={[
            { label: 'Popularity on Pie', value: `${formatNumber(artist.popularity)}/100`, hint: 'From Pie fans’ listening' },
            { label: 'Listeners, last 28 days', value: formatNumber(artist.listeners_28d) },
            { label: 'Listeners, all time', value: formatNumber(artist.total_listeners) },
            { label: 'Tracks', value: formatNumber(artist.tracks_count) },
          ]}
        />
        <ArtistStandingSection artist={artist} />
        <YourListening artist={artist} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <TopTracks artist={artist} />
          <Fans artist={artist} />
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <PageContainer width="wide" py="xl">
      <title>{artist ? `${artist.name} · Pie` : 'Artist · Pie'}</title>
      {body}
    </PageContainer>
  );
}
