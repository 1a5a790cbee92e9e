import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminAuthApi } from '@web/features/admin/auth';
import { artistAuthApi } from '@web/features/artist/auth';
import { authApi } from '@web/features/fan/auth';
import { makeAdmin, makeArtistUser, makeFanUser } from '@web/test/fixtures';
import { jsonResponse, sentRequest } from '@web/test/render';
import { makeStore } from './store';

/**
 * DESIGN §10 / spec §9 query rules, on the app's real store and its three base APIs
 * (one per base URL): unused data is kept 60 seconds, there is no refetch on
 * focus or reconnect, and calls carry credentials to their own base URL.
 */
const AREAS = [
  {
    name: 'fan',
    baseUrl: '/api',
    reducerPath: 'api',
    query: () => authApi.endpoints.getUser.initiate(),
    answer: () => jsonResponse({ success: true, data: makeFanUser() }),
    path: '/api/user',
  },
  {
    name: 'artist',
    baseUrl: '/api/for-artists',
    reducerPath: 'artistApi',
    query: () => artistAuthApi.endpoints.getArtistUser.initiate(),
    answer: () => jsonResponse({ success: true, data: makeArtistUser() }),
    path: '/api/for-artists/user',
  },
  {
    name: 'admin',
    baseUrl: '/api/admin',
    reducerPath: 'adminApi',
    query: () => adminAuthApi.endpoints.getAdminProfile.initiate(),
    answer: () => jsonResponse({ success: true, data: makeAdmin() }),
    path: '/api/admin/profile',
  },
] as const;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe.each(AREAS)('the $name base API ($baseUrl)', (area) => {
  function setup() {
    const fetchMock = vi.fn(async () => area.answer());
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    const cached = () =>
      Object.keys((store.getState() as unknown as Record<string, { queries: object }>)[area.reducerPath]!.queries).length;
    return { store, fetchMock, cached };
  }

  it('calls its own base URL with credentials', async () => {
    const { store, fetchMock } = setup();

    const subscription = store.dispatch(area.query() as never) as unknown as { unsubscribe: () => void } & PromiseLike<unknown>;
    await subscription;

    const request = sentRequest(fetchMock as never);
    expect(new URL(request.url).pathname).toBe(area.path);
    expect(request.credentials).toBe('include');
    subscription.unsubscribe();
  });

  it('keeps unused data for 60 seconds, then drops it', async () => {
    const { store, cached } = setup();
    const subscription = store.dispatch(area.query() as never) as unknown as { unsubscribe: () => void } & PromiseLike<unknown>;
    await subscription;
    subscription.unsubscribe();

    await vi.advanceTimersByTimeAsync(59_000);
    expect(cached()).toBe(1);

    await vi.advanceTimersByTimeAsync(1_500);
    expect(cached()).toBe(0);
  });

  it('does not refetch when the window regains focus or the network comes back', async () => {
    const { store, fetchMock } = setup();
    const subscription = store.dispatch(area.query() as never) as unknown as { unsubscribe: () => void } & PromiseLike<unknown>;
    await subscription;

    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(1_000);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    subscription.unsubscribe();
  });
});
