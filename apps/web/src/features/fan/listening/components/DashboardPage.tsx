import type { FanArtist, ListeningActivity } from '#pie/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { lazy, memo, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import { useGetFanArtistsQuery, useGetLatestPlaysQuery, useGetListeningOverviewQuery } from '../api/listening.api';
import { formatListened, formatNumber, formatCount, NOUNS } from '@web/shared/format';
import { DailyListeningSection } from './DailyListeningSection';
import { EmptyBlock, ErrorBlock, ListPlaceholder, PageContainer, PageLoader, Section, StatList } from '@web/shared/ui';
import { RecentPlaysList } from './RecentPlaysList';
import { DASHBOARD_READS, prefetchDashboardSections, RECENT_PLAYS, SUMMARY_DAYS, TOP_ARTISTS } from '../dashboard-reads';
import { TopArtistsList } from './TopArtistsList';
import classes from './dashboard.module.css';

// Only a fan with no listening yet sees it: it loads for them alone.
const EmptyListening = lazy(() => import('./EmptyListening').then((module) => ({ default: module.EmptyListening })));

const OVERVIEW_POLL_MS = 5_000;

const topArtistDetail = (artist: FanArtist) => `${formatListened(artist.listened_ms)} · ${formatCount(artist.plays, NOUNS.play)}`;

export interface DashboardPageProps {
  firstName: string;
  /** Account actions for the header (the route passes 'Log out'). */
  actions?: ReactNode;
  /** The streaming connection's status with 'Sync now' (the settings feature's card). */
  syncStatus?: ReactNode;
  /** The fan's pie, or the way to create one (the pies feature's card), below the listening. */
  pies?: ReactNode;
}

/**
 * The last 28 days' figures; the artist count comes from the top-artists query (one request). The
 * server decides the window (the fan's last 28 local days, today included), the same days as the
 * daily chart, so the card and the chart add up to the same totals.
 */
const SummaryStats = memo(function SummaryStats({ activity }: { activity: ListeningActivity }) {
  const artists = useGetFanArtistsQuery(
    DASHBOARD_READS.topArtists,
    { selectFromResult: ({ data, isError }) => ({ total: data?.pagination.total, isError }) },
  );
  const artistCount = artists.total !== undefined ? formatNumber(artists.total) : artists.isError ? '–' : '…';
  return (
    <Section
      title={`Your last ${SUMMARY_DAYS} days`}
      description={`All time: ${formatCount(activity.totals.plays, NOUNS.play)}, ${formatListened(activity.totals.listened_ms)}`}
    >
      <StatList
        stats={[
          { label: 'Listening time', value: formatListened(activity.last_28_days.listened_ms) },
          { label: 'Plays', value: formatNumber(activity.last_28_days.plays) },
          { label: 'Artists', value: artistCount },
        ]}
      />
    </Section>
  );
});

const TopArtistsSection = memo(function TopArtistsSection() {
  const artists = useGetFanArtistsQuery(DASHBOARD_READS.topArtists);
  return (
    <Section
      title="Top artists"
      description={`Most listened in the last ${SUMMARY_DAYS} days`}
      actions={
        <Group gap="md">
          <Anchor component={Link} to="/earth" size="sm">
            Your world map
          </Anchor>
          <Anchor component={Link} to="/report" size="sm">
            Your report
          </Anchor>
        </Group>
      }
    >
      {artists.isLoading ? (
        <ListPlaceholder rows={TOP_ARTISTS} label="Loading your top artists..." />
      ) : artists.isError ? (
        <ErrorBlock error={artists.error} fallback="Your top artists could not be loaded." onRetry={() => void artists.refetch()} retrying={artists.isFetching} />
      ) : !artists.data?.items.length ? (
        <EmptyBlock>{`No artists in the last ${SUMMARY_DAYS} days.`}</EmptyBlock>
      ) : (
        <TopArtistsList label={`Top artists of the last ${SUMMARY_DAYS} days`} artists={artists.data.items} detail={topArtistDetail} />
      )}
    </Section>
  );
});

const RecentPlaysSection = memo(function RecentPlaysSection() {
  const recent = useGetLatestPlaysQuery(DASHBOARD_READS.recentPlays);
  return (
    <Section
      title="Recent plays"
      actions={
        <Anchor component={Link} to="/history" size="sm">
          See all your history
        </Anchor>
      }
    >
      {recent.isLoading ? (
        <ListPlaceholder rows={RECENT_PLAYS} label="Loading your recent plays..." />
      ) : recent.isError ? (
        <ErrorBlock error={recent.error} fallback="Your recent plays could not be loaded." onRetry={() => void recent.refetch()} retrying={recent.isFetching} />
      ) : !recent.data?.items.length ? (
        <EmptyBlock>No plays yet.</EmptyBlock>
      ) : (
        <RecentPlaysList label="Your latest plays" plays={recent.data.items} />
      )}
    </Section>
  );
});

/**
 * The summary's sections, drawn once the overview has come (a fan without listening gets the
 * empty state instead). Their own reads left with the overview's (DashboardPage), so each is in
 * the cache or on its way; an answer re-renders only its section.
 */
function ListeningSummary({ activity, belowTheFold }: { activity: ListeningActivity; belowTheFold: boolean }) {
  return (
    <>
      <SummaryStats activity={activity} />
      {belowTheFold && <BelowTheFold />}
    </>
  );
}

/** The chart and the two lists: below a phone's first screen. */
function BelowTheFold() {
  return (
    <>
      <DailyListeningSection days={SUMMARY_DAYS} />
      {/* A plain CSS grid: Mantine's SimpleGrid writes its responsive columns as a style element on every render. */}
      <div className={classes.sideBySide}>
        <TopArtistsSection />
        <RecentPlaysSection />
      </div>
    </>
  );
}

/** The fan's home: greeting, sync status, listening summary, charts, top artists, recent plays, the pie card. */
export function DashboardPage({ firstName, actions, syncStatus, pies }: DashboardPageProps) {
  const [importing, setImporting] = useState(false);
  // While an upload is being imported, the figures follow it.
  const overview = useGetListeningOverviewQuery(undefined, { pollingInterval: importing ? OVERVIEW_POLL_MS : 0, skipPollingIfUnfocused: true });
  const importActive = Boolean(overview.data?.latest_import && ['queued', 'processing'].includes(overview.data.latest_import.status));
  useEffect(() => setImporting(importActive), [importActive]);
  // What lies below a phone's first screen renders in a second pass (React renders the deferred
  // value's `true` right after the first commit, interruptibly): the dashboard opens in two
  // shorter tasks instead of one long one on a slow phone.
  const belowTheFold = useDeferredValue(true, false);
  // The sections' reads leave with the overview's, not once it has come and they are drawn: one
  // round trip instead of two (a first load has already asked for them, see initial-reads).
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  useEffect(() => prefetchDashboardSections(dispatch), [dispatch]);

  return (
    <PageContainer width="wide" py="xl">
      <title>{`Dashboard · Pie`}</title>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Title order={1}>{firstName ? `Welcome, ${firstName}` : 'Welcome'}</Title>
          {actions}
        </Group>
        {/* The sync card and the figures read the same overview: both drawn once it has come (a card
            drawn before it grows when it comes, and pushes the figures down a phone's screen). When it
            fails, the error below says so once, with its retry. */}
        {overview.isLoading ? <PageLoader label="Loading your listening…" /> : overview.data && syncStatus}
        {overview.isLoading ? null : overview.isError ? (
          <ErrorBlock
            title="Your listening could not be loaded"
            error={overview.error}
            fallback="Something went wrong while loading your listening."
            onRetry={() => void overview.refetch()}
            retrying={overview.isFetching}
          />
        ) : overview.data && overview.data.totals.plays === 0 ? (
          <Suspense fallback={null}>
            <EmptyListening latestImport={overview.data.latest_import} />
          </Suspense>
        ) : overview.data ? (
          <ListeningSummary activity={overview.data} belowTheFold={belowTheFold} />
        ) : null}
        {/* Under the listening, once it is drawn: drawn before it, the card would be pushed down. */}
        {belowTheFold && !overview.isLoading && pies}
      </Stack>
    </PageContainer>
  );
}
