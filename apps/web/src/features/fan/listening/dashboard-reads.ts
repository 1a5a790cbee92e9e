import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { listeningOverviewApi } from '@web/shared/listening';
import { listeningApi } from './api/listening.api';

/** The dashboard's window of days: the figures card, the daily chart and the top artists. */
export const SUMMARY_DAYS = 28;
export const TOP_ARTISTS = 6;
export const RECENT_PLAYS = 8;

/** The dashboard's reads, with the very arguments its sections ask with (one cache entry each). */
export const DASHBOARD_READS = {
  topArtists: { days: SUMMARY_DAYS, itemsPerPage: TOP_ARTISTS },
  recentPlays: { page: 1, limit: RECENT_PLAYS },
  daily: { days: SUMMARY_DAYS },
} as const;

type Dispatch = (action: ThunkAction<void, any, any, UnknownAction>) => unknown;

/**
 * Starts every read the dashboard makes as it opens (the overview with the sync card's
 * connection, the top artists, the recent plays, the daily chart), so a first load asks for them
 * with the app's start rather than once the screen's code has arrived and the session check has
 * answered. The sections then find them in the cache, or in flight.
 */
export function prefetchDashboardReads(dispatch: Dispatch): void {
  dispatch(listeningOverviewApi.util.prefetch('getListeningOverview', undefined, {}));
  prefetchDashboardSections(dispatch);
}

/** The reads of the sections under the overview (the dashboard draws them once the overview has come). */
export function prefetchDashboardSections(dispatch: Dispatch): void {
  dispatch(listeningApi.util.prefetch('getFanArtists', DASHBOARD_READS.topArtists, {}));
  dispatch(listeningApi.util.prefetch('getLatestPlays', DASHBOARD_READS.recentPlays, {}));
  dispatch(listeningApi.util.prefetch('getDailyListening', DASHBOARD_READS.daily, {}));
}
