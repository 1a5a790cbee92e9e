import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentRequest } from '@web/test/render';
import {
  adminSessionConfirmed,
  adminSessionSlice,
  artistSessionConfirmed,
  artistSessionSlice,
  sessionConfirmed,
  sessionSlice,
} from '../session';
import { createBaseQuery, type SessionArea } from './base-query';
import { setUnauthorizedHandler, type UnauthorizedRedirect } from './unauthorized';

/** A small API over the real base query, as features build theirs. */
function setup(options: { timeout?: number } = {}) {
  const api = createApi({
    reducerPath: 'api',
    baseQuery: createBaseQuery({ baseUrl: '/api', ...options }),
    endpoints: (build) => ({
      getUser: build.query<unknown, void>({ query: () => 'user' }),
      login: build.mutation<unknown, { email: string; password: string }>({
        query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      }),
      register: build.mutation<unknown, { email: string }>({
        query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      }),
      logout: build.mutation<unknown, void>({ query: () => ({ url: 'auth/logout', method: 'POST' }) }),
    }),
  });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, [sessionSlice.reducerPath]: sessionSlice.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  store.dispatch(sessionConfirmed());
  return { api, store };
}

describe('the base query', () => {
  let redirects: UnauthorizedRedirect[];
  let undo: () => void;

  beforeEach(() => {
    redirects = [];
    undo = setUnauthorizedHandler((redirect) => redirects.push(redirect));
  });
  afterEach(() => undo());

  it('sends the XSRF-TOKEN cookie back as the X-XSRF-TOKEN header, with credentials and JSON', async () => {
    document.cookie = 'XSRF-TOKEN=abc%2B123.signature; path=/';
    const fetchMock = mockFetch(jsonResponse({ success: true, message: 'Logged in' }));
    const { api, store } = setup();

    await store.dispatch(api.endpoints.login.initiate({ email: 'fan@example.com', password: 'secret-password' }));

    const request = sentRequest(fetchMock);
    expect(request.url).toBe('http://localhost:3000/api/auth/login');
    expect(request.method).toBe('POST');
    expect(request.headers.get('X-XSRF-TOKEN')).toBe('abc+123.signature');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.credentials).toBe('include');
    expect(await request.json()).toEqual({ email: 'fan@example.com', password: 'secret-password' });
  });

  it('retries once with the fresh token when the server rejects a missing CSRF token', async () => {
    const csrfRejection = () => {
      // The 403 response carries Set-Cookie, as the API's CSRF hook sends it.
      document.cookie = 'XSRF-TOKEN=fresh.token; path=/';
      return Promise.resolve(
        jsonResponse({ success: false, statusCode: 403, message: 'Missing or invalid CSRF token' }, 403),
      );
    };
    const fetchMock = mockFetch(csrfRejection, jsonResponse({ success: true, message: 'Logged in' }));
    const { api, store } = setup();

    const result = await store.dispatch(
      api.endpoints.login.initiate({ email: 'fan@example.com', password: 'secret-password' }),
    );

    expect(result.data).toEqual({ success: true, message: 'Logged in' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentRequest(fetchMock, 0).headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(sentRequest(fetchMock, 1).headers.get('X-XSRF-TOKEN')).toBe('fresh.token');
  });

  it('does not retry a 403 that brought no new token', async () => {
    document.cookie = 'XSRF-TOKEN=same.token; path=/';
    const fetchMock = mockFetch(
      jsonResponse({ success: false, statusCode: 403, message: 'You cannot see this pie' }, 403),
    );
    const { api, store } = setup();

    const result = await store.dispatch(api.endpoints.logout.initiate());

    expect(result.error).toMatchObject({ status: 403, data: { message: 'You cannot see this pie' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends no XSRF header when the cookie is absent', async () => {
    const fetchMock = mockFetch(jsonResponse({ success: true, data: {} }));
    const { api, store } = setup();

    await store.dispatch(api.endpoints.getUser.initiate());

    expect(sentRequest(fetchMock).headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('on a 401 clears the session and sends the person to /login, remembering where they were', async () => {
    window.history.replaceState(null, '', '/dashboard?tab=pies');
    mockFetch(jsonResponse({ success: false, statusCode: 401, message: 'Not signed in' }, 401));
    const { api, store } = setup();

    const result = await store.dispatch(api.endpoints.getUser.initiate());

    expect(result.error).toMatchObject({ status: 401 });
    expect(store.getState().session.status).toBe('anonymous');
    expect(redirects).toEqual([{ to: '/login', from: '/dashboard?tab=pies' }]);
  });

  it('on a 401 under /for-artists sends the person to /for-artists', async () => {
    window.history.replaceState(null, '', '/for-artists/funds');
    mockFetch(jsonResponse({ success: false, statusCode: 401, message: 'Not signed in' }, 401));
    const { api, store } = setup();

    await store.dispatch(api.endpoints.logout.initiate());

    expect(redirects).toEqual([{ to: '/for-artists', from: '/for-artists/funds' }]);
    expect(store.getState().session.status).toBe('anonymous');
  });

  it('does not redirect when already on the page the rule would send the person to', async () => {
    window.history.replaceState(null, '', '/login');
    mockFetch(jsonResponse({ success: false, statusCode: 401, message: 'Not signed in' }, 401));
    const { api, store } = setup();

    await store.dispatch(api.endpoints.getUser.initiate());

    expect(redirects).toEqual([]);
  });

  it('does not apply the 401 rule to the login and register calls (a wrong password is not an expired session)', async () => {
    window.history.replaceState(null, '', '/register');
    mockFetch(
      jsonResponse({ success: false, statusCode: 401, message: 'Wrong e-mail or password' }, 401),
      jsonResponse({ success: false, statusCode: 401, message: 'Nope' }, 401),
    );
    const { api, store } = setup();

    const login = await store.dispatch(
      api.endpoints.login.initiate({ email: 'fan@example.com', password: 'wrong-password' }),
    );
    const register = await store.dispatch(api.endpoints.register.initiate({ email: 'fan@example.com' }));

    expect(login.error).toMatchObject({ status: 401, data: { message: 'Wrong e-mail or password' } });
    expect(register.error).toMatchObject({ status: 401 });
    expect(redirects).toEqual([]);
    expect(store.getState().session.status).toBe('authenticated');
  });

  it('reports TIMEOUT_ERROR when the server does not answer within the timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (input: Request) =>
          new Promise<Response>((_resolve, reject) => {
            input.signal.addEventListener('abort', () => reject(input.signal.reason));
          }),
      ),
    );
    const { api, store } = setup({ timeout: 20 });

    const result = await store.dispatch(api.endpoints.getUser.initiate());

    expect(result.error).toMatchObject({ status: 'TIMEOUT_ERROR' });
    expect(redirects).toEqual([]);
  });

  it('reports FETCH_ERROR when the network fails and PARSING_ERROR when the body is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(
          new Response('<html>proxy error</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
        ),
    );
    const { api, store } = setup();

    const offline = await store.dispatch(api.endpoints.getUser.initiate());
    const garbled = await store.dispatch(api.endpoints.getUser.initiate(undefined, { forceRefetch: true }));

    expect(offline.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(garbled.error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 200 });
  });
});

/** The artist and admin base APIs, as the app builds them. */
function setupArea(area: SessionArea, baseUrl: string) {
  const api = createApi({
    reducerPath: 'api',
    baseQuery: createBaseQuery({ baseUrl, area }),
    endpoints: (build) => ({
      getUser: build.query<unknown, void>({ query: () => 'user', extraOptions: { skipUnauthorizedRedirect: true } }),
      logout: build.mutation<unknown, void>({ query: () => ({ url: 'auth/logout', method: 'POST' }) }),
      login: build.mutation<unknown, void>({ query: () => ({ url: 'auth/login', method: 'POST' }) }),
    }),
  });
  const store = configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      [sessionSlice.reducerPath]: sessionSlice.reducer,
      [artistSessionSlice.reducerPath]: artistSessionSlice.reducer,
      [adminSessionSlice.reducerPath]: adminSessionSlice.reducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  store.dispatch(sessionConfirmed());
  store.dispatch(artistSessionConfirmed());
  store.dispatch(adminSessionConfirmed());
  return { api, store };
}

describe('the 401 rule per area', () => {
  let redirects: UnauthorizedRedirect[];
  let undo: () => void;

  beforeEach(() => {
    redirects = [];
    undo = setUnauthorizedHandler((redirect) => redirects.push(redirect));
  });
  afterEach(() => undo());

  it('artist calls go to /api/for-artists; a 401 forgets the fan and artist sessions and goes to /for-artists', async () => {
    window.history.replaceState(null, '', '/for-artists/team?member=2');
    const fetchMock = mockFetch(jsonResponse({ success: false, statusCode: 401, message: 'Not signed in' }, 401));
    const { api, store } = setupArea('artist', '/api/for-artists');

    await store.dispatch(api.endpoints.logout.initiate());

    expect(sentRequest(fetchMock).url).toBe('http://localhost:3000/api/for-artists/auth/logout');
    expect(redirects).toEqual([{ to: '/for-artists', from: '/for-artists/team?member=2' }]);
    expect(store.getState().artistSession.status).toBe('anonymous');
    expect(store.getState().session.status).toBe('anonymous');
    expect(store.getState().adminSession.status).toBe('authenticated');
  });

  it('admin calls go to /api/admin; a 401 forgets only the admin session and goes to /admin', async () => {
    window.history.replaceState(null, '', '/admin/dashboard');
    const fetchMock = mockFetch(jsonResponse({ success: false, statusCode: 401, message: 'Not signed in' }, 401));
    const { api, store } = setupArea('admin', '/api/admin');

    await store.dispatch(api.endpoints.logout.initiate());

    expect(sentRequest(fetchMock).url).toBe('http://localhost:3000/api/admin/auth/logout');
    expect(redirects).toEqual([{ to: '/admin', from: '/admin/dashboard' }]);
    expect(store.getState().adminSession.status).toBe('anonymous');
    expect(store.getState().session.status).toBe('authenticated');
    expect(store.getState().artistSession.status).toBe('authenticated');
  });

  it('leaves the redirect to a guard’s own session check, but still forgets the session', async () => {
    window.history.replaceState(null, '', '/admin/dashboard');
    mockFetch(jsonResponse({ success: false, statusCode: 401, message: 'Not signed in' }, 401));
    const { api, store } = setupArea('admin', '/api/admin');

    const result = await store.dispatch(api.endpoints.getUser.initiate());

    expect(result.error).toMatchObject({ status: 401 });
    expect(redirects).toEqual([]);
    expect(store.getState().adminSession.status).toBe('anonymous');
  });

  it('does not apply the rule to an area’s login call', async () => {
    window.history.replaceState(null, '', '/admin');
    mockFetch(jsonResponse({ success: false, statusCode: 401, message: 'Incorrect e-mail or password' }, 401));
    const { api, store } = setupArea('admin', '/api/admin');

    await store.dispatch(api.endpoints.login.initiate());

    expect(redirects).toEqual([]);
    expect(store.getState().adminSession.status).toBe('authenticated');
  });
});
