import {
  ArtistFansQuery,
  ArtistTopTracksQuery,
  DailyListeningQuery,
  LatestPlaysQuery,
  ListFanArtistsQuery,
  PopularTracksQuery,
  RecentArtistsQuery,
  TopItemsQuery,
} from '#pie/contracts';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { baseApi } from '@web/shared/api';
import { sessionSlice } from '@web/shared/session';
import { mockRoutes, requestsTo } from '@web/test/render';
import { periodToApi } from '../period';
import { fanArtist, page } from '../test-fixtures';
import { ok } from '../test-support';
import { listeningApi } from './listening.api';

function makeStore() {
  return configureStore({
    reducer: combineReducers({ [baseApi.reducerPath]: baseApi.reducer, [sessionSlice.reducerPath]: sessionSlice.reducer }),
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

/** The query string as the API's strict schema reads it: every parameter known and valid. */
function expectAccepted(schema: ZodType, request: Request) {
  const result = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
}

const USER_ID = '00000000-0000-4000-8000-000000000077';
const ARTIST_ID = '00000000-0000-4000-8000-000000000099';
const period = periodToApi({ from: '2026-03-01', to: '2026-03-28' });

describe('the listening client against the contract', () => {
  it('sends only query parameters the API’s strict schemas accept', async () => {
    const fetchMock = mockRoutes({
      'GET /api/tracks/user/latest': ok([], page(1, 50, 0)),
      'GET /api/tracks/user/popular': ok([], page(1, 100, 0)),
      'GET /api/tracks/user/daily': ok([]),
      'GET /api/artists/user': ok([], page(1, 100, 0)),
      [`GET /api/artists/user/${USER_ID}/top`]: ok([]),
      [`GET /api/tracks/user/${USER_ID}/top`]: ok([]),
      [`GET /api/artists/recent-listened/${USER_ID}`]: ok([]),
      [`GET /api/artists/${ARTIST_ID}/top-tracks`]: ok([]),
      [`GET /api/artists/${ARTIST_ID}/fans`]: ok({ total_fans: 0, fans: [] }, page(1, 20, 0)),
    });
    const store = makeStore();
    const { endpoints } = listeningApi;
    await Promise.all([
      store.dispatch(endpoints.getLatestPlays.initiate({ page: 2, limit: 10, search: 'abba', ...period })),
      store.dispatch(endpoints.getPopularTracks.initiate({ page: 1, limit: 100, ...period })),
      store.dispatch(endpoints.getDailyListening.initiate({ days: 28 })),
      store.dispatch(endpoints.getFanArtists.initiate({ from: period.from, itemsPerPage: 6 })),
      store.dispatch(endpoints.getAllFanArtists.initiate(period)),
      store.dispatch(endpoints.getFanTopArtists.initiate({ userId: USER_ID, days: 28, limit: 10 })),
      store.dispatch(endpoints.getFanTopTracks.initiate({ userId: USER_ID, days: 28, limit: 10 })),
      store.dispatch(endpoints.getFanRecentArtists.initiate({ userId: USER_ID, limit: 10 })),
      store.dispatch(endpoints.getArtistTopTracks.initiate({ artistId: ARTIST_ID, limit: 10 })),
      store.dispatch(endpoints.getArtistFans.initiate({ artistId: ARTIST_ID, page: 1, limit: 20, days: 28 })),
    ]);

    expectAccepted(LatestPlaysQuery, requestsTo(fetchMock, 'GET /api/tracks/user/latest')[0]!);
    expectAccepted(PopularTracksQuery, requestsTo(fetchMock, 'GET /api/tracks/user/popular')[0]!);
    expectAccepted(DailyListeningQuery, requestsTo(fetchMock, 'GET /api/tracks/user/daily')[0]!);
    for (const request of requestsTo(fetchMock, 'GET /api/artists/user')) expectAccepted(ListFanArtistsQuery, request);
    expectAccepted(TopItemsQuery, requestsTo(fetchMock, `GET /api/artists/user/${USER_ID}/top`)[0]!);
    expectAccepted(TopItemsQuery, requestsTo(fetchMock, `GET /api/tracks/user/${USER_ID}/top`)[0]!);
    expectAccepted(RecentArtistsQuery, requestsTo(fetchMock, `GET /api/artists/recent-listened/${USER_ID}`)[0]!);
    expectAccepted(ArtistTopTracksQuery, requestsTo(fetchMock, `GET /api/artists/${ARTIST_ID}/top-tracks`)[0]!);
    expectAccepted(ArtistFansQuery, requestsTo(fetchMock, `GET /api/artists/${ARTIST_ID}/fans`)[0]!);
  });

  it('reads every page of the fan’s artists, a few at a time', async () => {
    const pages = Array.from({ length: 3 }, (_, index) => ok(Array.from({ length: index < 2 ? 100 : 30 }, () => fanArtist()), page(index + 1, 100, 230)));
    const fetchMock = mockRoutes({ 'GET /api/artists/user': pages });
    const result = await makeStore().dispatch(listeningApi.endpoints.getAllFanArtists.initiate({}));

    expect(result.data?.artists).toHaveLength(230);
    expect(result.data).toMatchObject({ total: 230, complete: true });
    expect(requestsTo(fetchMock, 'GET /api/artists/user').map((request) => new URL(request.url).searchParams.get('page')).sort()).toEqual(['1', '2', '3']);
  });

  it('reports the first failing page as the error', async () => {
    mockRoutes({
      'GET /api/artists/user': [ok([fanArtist()], page(1, 100, 150)), () => new Response(JSON.stringify({ success: false, statusCode: 503, message: 'Busy' }), { status: 503, headers: { 'Content-Type': 'application/json' } })],
    });
    const result = await makeStore().dispatch(listeningApi.endpoints.getAllFanArtists.initiate({}));

    expect(result.error).toMatchObject({ status: 503, data: { message: 'Busy' } });
  });
});
