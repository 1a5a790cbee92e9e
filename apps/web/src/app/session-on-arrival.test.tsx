import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { artistSessionConfirmed, sessionCleared, sessionConfirmed } from '@web/shared/session';
import { mockRoutes } from '@web/test/render';
import { AppRoot } from './AppRoot';
import { allRoutes } from './all-routes';
import { makeStore } from './store';

const HINT = { fan: 'pie-signed-in:fan', artist: 'pie-signed-in:artist', admin: 'pie-signed-in:admin' };

describe('who is signed in, on arrival', () => {
  it('a browser never seen signed in is anonymous in every area from the start', () => {
    const state = makeStore().getState();
    expect([state.session.status, state.artistSession.status, state.adminSession.status]).toEqual(['anonymous', 'anonymous', 'anonymous']);
  });

  it('an area this browser was signed in to is asked about (unknown until the server answers)', () => {
    localStorage.setItem(HINT.artist, '1');
    const state = makeStore().getState();
    expect([state.session.status, state.artistSession.status, state.adminSession.status]).toEqual(['anonymous', 'unknown', 'anonymous']);
  });

  it('remembers a confirmed session and forgets a cleared one, per area', () => {
    const store = makeStore();
    store.dispatch(sessionConfirmed());
    store.dispatch(artistSessionConfirmed());
    expect([localStorage.getItem(HINT.fan), localStorage.getItem(HINT.artist), localStorage.getItem(HINT.admin)]).toEqual(['1', '1', null]);
    store.dispatch(sessionCleared());
    expect([localStorage.getItem(HINT.fan), localStorage.getItem(HINT.artist)]).toEqual([null, '1']);
  });

  it('an anonymous visitor opens public pages without a "who is signed in?" request (no 401 in the console)', async () => {
    // Any request not in the table fails the test: GET /api/user, /api/for-artists/user and /api/admin/profile are not.
    const fetchMock = mockRoutes({});
    const errors = vi.spyOn(console, 'error');
    for (const [path, heading] of [
      ['/', 'Pie'],
      ['/for-artists', 'Pie for artists'],
      ['/login', 'Log in'],
    ] as const) {
      const router = createMemoryRouter(allRoutes, { initialEntries: [path] });
      const view = render(<AppRoot store={makeStore()} router={router} />);
      expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 })).toBeTruthy();
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      view.unmount();
      router.dispose();
    }
    expect(fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input))).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });
});
