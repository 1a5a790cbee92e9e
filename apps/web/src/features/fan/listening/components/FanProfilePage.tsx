import type { ProfileVisibility, UserDetails } from '#pie/contracts';
import { Anchor, Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage, errorStatus } from '@web/shared/api';
import { useGetFanProfileQuery, useGetFanRecentArtistsQuery, useGetFanTopArtistsQuery, useGetFanTopTracksQuery } from '../api/listening.api';
import { fanName, formatDate, formatDateTime, formatListened, formatNumber, formatCount, NOUNS } from '@web/shared/format';
import { EmptyBlock, ErrorBlock, LoadingBlock, Unavailable, Section, StatList, PageContainer } from '@web/shared/ui';
import { TopArtistsList } from './TopArtistsList';
import { RankedTrackList } from './RankedTrackList';

const TOP_DAYS = 28;
const TOP_LIMIT = 10;

type SectionKey = Exclude<keyof ProfileVisibility, 'profile'>;

const SECTION_LABEL: Record<SectionKey, string> = {
  top_artists: 'top artists',
  top_tracks: 'top tracks',
  recent_listening: 'recent listening',
};

const whose = (user: UserDetails, name: string) => (user.is_self ? 'Your' : `${name}’s`);

/** A section the fan keeps private, said plainly (or, on one's own profile, who sees it). */
function Private({ who, section }: { who: string; section: SectionKey }) {
  return <EmptyBlock>{`${who} keeps their ${SECTION_LABEL[section]} private.`}</EmptyBlock>;
}

function TopArtists({ user, name }: { user: UserDetails; name: string }) {
  const visible = user.is_self || user.visibility.top_artists;
  const query = useGetFanTopArtistsQuery(visible ? { userId: user._id, days: TOP_DAYS, limit: TOP_LIMIT } : skipToken);
  return (
    <Section title="Top artists" description={`Last ${TOP_DAYS} days`} order={2}>
      {!visible ? (
        <Private who={name} section="top_artists" />
      ) : query.isLoading ? (
        <LoadingBlock label="Loading top artists..." />
      ) : query.isError ? (
        <ErrorBlock error={query.error} fallback="Top artists could not be loaded." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data?.length ? (
        <EmptyBlock>{`No artists in the last ${TOP_DAYS} days.`}</EmptyBlock>
      ) : (
        <TopArtistsList label={`${whose(user, name)} top artists`} artists={query.data} detail={(artist) => `${formatListened(artist.listened_ms)} · ${formatCount(artist.plays, NOUNS.play)}`} />
      )}
    </Section>
  );
}

function TopTracks({ user, name }: { user: UserDetails; name: string }) {
  const visible = user.is_self || user.visibility.top_tracks;
  const query = useGetFanTopTracksQuery(visible ? { userId: user._id, days: TOP_DAYS, limit: TOP_LIMIT } : skipToken);
  return (
    <Section title="Top tracks" description={`Last ${TOP_DAYS} days`}>
      {!visible ? (
        <Private who={name} section="top_tracks" />
      ) : query.isLoading ? (
        <LoadingBlock label="Loading top tracks..." />
      ) : query.isError ? (
        <ErrorBlock error={query.error} fallback="Top tracks could not be loaded." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data?.length ? (
        <EmptyBlock>{`No tracks in the last ${TOP_DAYS} days.`}</EmptyBlock>
      ) : (
        <RankedTrackList items={query.data} label={`${whose(user, name)} top tracks`} detail={(item) => `${formatCount(item.plays, NOUNS.play)} · ${formatListened(item.listened_ms)}`} />
      )}
    </Section>
  );
}

function RecentListening({ user, name }: { user: UserDetails; name: string }) {
  const visible = user.is_self || user.visibility.recent_listening;
  const query = useGetFanRecentArtistsQuery(visible ? { userId: user._id, limit: TOP_LIMIT } : skipToken);
  return (
    <Section title="Recent listening" description="Artists played last">
      {!visible ? (
        <Private who={name} section="recent_listening" />
      ) : query.isLoading ? (
        <LoadingBlock label="Loading recent listening..." />
      ) : query.isError ? (
        <ErrorBlock error={query.error} fallback="Recent listening could not be loaded." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data?.length ? (
        <EmptyBlock>Nothing played yet.</EmptyBlock>
      ) : (
        <TopArtistsList label={`${whose(user, name)} recent artists`} artists={query.data} detail={(artist) => `Last played ${formatDateTime(artist.last_played_at)}`} />
      )}
    </Section>
  );
}

/** `/user/:userID`: another fan's public profile; private and unknown fans are said so. */
export function FanProfilePage({ userId }: { userId: string }) {
  const query = useGetFanProfileQuery(userId);
  const status = errorStatus(query.error);

  let body: ReactNode;
  if (query.isLoading) {
    body = <LoadingBlock label="Loading the profile..." />;
  } else if (query.isError) {
    body =
      status === 403 ? (
        <Unavailable title="This profile is private">{errorMessage(query.error, 'This fan keeps their profile private.')}</Unavailable>
      ) : status === 404 ? (
        <Unavailable title="Fan not found">{errorMessage(query.error, 'No fan with this id.')}</Unavailable>
      ) : status === 400 ? (
        <Unavailable title="Fan not found">This address does not point to a fan’s profile.</Unavailable>
      ) : (
        <Stack gap="md">
          <Title order={1}>Fan profile</Title>
          <ErrorBlock error={query.error} fallback="The profile could not be loaded." onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </Stack>
      );
  } else if (query.data) {
    const user = query.data;
    const name = fanName(user.username);
    body = (
      <Stack gap="xl">
        <Stack gap={4}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {user.is_self && <Badge variant="light">You</Badge>}
            {user.beta && (
              <Badge variant="light" color="grape">
                Beta
              </Badge>
            )}
          </Group>
          {user.is_self && (
            <Text c="dimmed" size="sm">
              {'This is how other fans see your profile; sections you keep private show only to you. Visibility is set in '}
              <Anchor component={Link} to="/settings">
                Settings
              </Anchor>
              .
            </Text>
          )}
        </Stack>
        <StatList
          cols={4}
          stats={[
            { label: 'Plays', value: formatNumber(user.stats.plays) },
            { label: 'Listening time', value: formatListened(user.stats.listened_ms) },
            { label: 'Artists', value: formatNumber(user.stats.artists) },
            { label: 'Listening since', value: user.stats.first_played_at ? formatDate(user.stats.first_played_at) : '—' },
          ]}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <TopArtists user={user} name={name} />
          <TopTracks user={user} name={name} />
        </SimpleGrid>
        <RecentListening user={user} name={name} />
      </Stack>
    );
  }

  return (
    <PageContainer width="wide" py="xl">
      <title>{query.data ? `${fanName(query.data.username)} · Pie` : 'Fan profile · Pie'}</title>
      {body}
    </PageContainer>
  );
}
