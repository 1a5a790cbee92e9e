import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockRoutes } from '@web/test/render';
import { startInitialReads } from './initial-reads';
import { makeStore } from './store';

describe('the reads a page load starts with the app', () => {
  it('asks who is signed in when this browser had a fan session', async () => {
    localStorage.setItem('pie-signed-in:fan', '1');
    const fetchMock = mockRoutes({ 'GET /api/user': () => Promise.resolve(jsonResponse({ success: false, statusCode: 401, message: 'Unauthorized' }, 401)) });
    const store = makeStore();
    startInitialReads(store.dispatch, '/', store.getState().session.status);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it('asks nothing for a visitor this browser never saw signed in (no 401 in the console)', async () => {
    const fetchMock = mockRoutes({});
    const store = makeStore();
    startInitialReads(store.dispatch, '/', store.getState().session.status);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
