import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, createPath } from 'react-router';
import { vi } from 'vitest';
import { AppRoot } from '@web/app/AppRoot';
import { allRoutes as routes } from '@web/app/all-routes';
import { makeStore, type RootState } from '@web/app/store';
import { installUnauthorizedHandler } from '@web/app/unauthorized-handler';
import { OPEN_BOOKS_FIGURES, type AdminOpenBooksView, type FanImpactView } from '#pie/contracts';

/**
 * Where a test's visitor starts: known to have no session in any area, so the layouts do not
 * ask the server who is signed in (tests about that pass `unknown` or `authenticated`).
 */
const NO_SESSION = {
  session: { status: 'anonymous', redirectTo: null },
  artistSession: { status: 'anonymous', redirectTo: null },
  adminSession: { status: 'anonymous', redirectTo: null },
} satisfies Partial<RootState>;

/** Renders the real route table at `path`, with a fresh store, as main.tsx wires it (StrictMode and the error boundary too). */
export function renderApp(path: string, preloadedState?: Partial<RootState>) {
  const store = makeStore({ ...NO_SESSION, ...preloadedState });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // Keep the page's address in step with the router, as a browser router would:
  // the base query's 401 rule reads window.location.
  window.history.replaceState(null, '', path);
  router.subscribe((state) => window.history.replaceState(null, '', createPath(state.location)));
  const undoHandler = installUnauthorizedHandler(store, router);
  const user = userEvent.setup();
  const view = render(<AppRoot store={store} router={router} />);
  return { ...view, store, router, user, undoHandler };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Replaces `fetch`; each call gets the next answer. Returns the mock to inspect requests. */
export function mockFetch(...answers: Array<Response | Promise<Response> | (() => Promise<Response>)>) {
  const queue = [...answers];
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit): Promise<Response> => {
    const next = queue.shift();
    if (!next) throw new Error('Unexpected fetch: no answer queued');
    return typeof next === 'function' ? next() : next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The Request the app sent on call `index` (fetchBaseQuery passes a Request object). */
export function sentRequest(fetchMock: ReturnType<typeof mockFetch>, index = 0): Request {
  const input = fetchMock.mock.calls[index]?.[0];
  if (!(input instanceof Request)) throw new Error(`fetch call ${index} was not made with a Request`);
  return input;
}

/** A fixed answer, or one made per call (from the request, where the answer depends on it). */
type Answer = Response | ((request: Request) => Response | Promise<Response>);

/**
 * Replaces `fetch` with answers per `METHOD /path` (query ignored); each call
 * to a route takes its next answer, the last one repeats. Any other call fails
 * the test. Returns the mock; `requestsTo` lists what was sent to a route.
 */
export function mockRoutes(table: Record<string, Answer | Answer[]>) {
  const queues = new Map(Object.entries(table).map(([key, answers]) => [key, Array.isArray(answers) ? [...answers] : [answers]]));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const queue = queues.get(key);
    if (!queue || queue.length === 0) throw new Error(`Unexpected fetch: ${key}`);
    const next = queue.length > 1 ? queue.shift()! : queue[0]!;
    // A Response body can be read once: a repeated answer must be a function.
    return typeof next === 'function' ? next(request) : next.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests sent to `METHOD /path`, in order. */
export function requestsTo(fetchMock: ReturnType<typeof vi.fn>, route: string): Request[] {
  return fetchMock.mock.calls
    .map((call) => call[0])
    .filter((input): input is Request => input instanceof Request)
    .filter((request) => `${request.method} ${new URL(request.url).pathname}` === route);
}

/**
 * The admin's open books (`GET /api/admin/open-books`) with the given months (none by default),
 * each figure's journals the card payments', transfers' their own.
 */
export function adminOpenBooks(months: AdminOpenBooksView['months'] = []): AdminOpenBooksView {
  const zero = Object.fromEntries(OPEN_BOOKS_FIGURES.map((key) => [key, 0])) as AdminOpenBooksView['totals'];
  const totals = months.reduce((sum, month) => Object.fromEntries(OPEN_BOOKS_FIGURES.map((key) => [key, sum[key] + month[key]])) as AdminOpenBooksView['totals'], zero);
  const definitions = Object.fromEntries(OPEN_BOOKS_FIGURES.map((key) => [key, { journalKinds: ['invoice_paid'], accountKind: 'stripe_clearing' }])) as AdminOpenBooksView['definitions'];
  definitions.transferredCents = { journalKinds: ['transfer', 'transfer_failed', 'transfer_reversed'], accountKind: 'office_connected' };
  return { months, totals, escrow: { waitingCents: 1161, artists: 2 }, balance: { ok: true, checkedAt: '2026-11-02T02:30:00.000Z', checks: 6, failing: 0 }, generatedAt: '2026-11-02T10:00:00.000Z', definitions };
}

/** A fan's impact before any money moved (`GET /api/report/impact`). */
export function emptyImpact(): FanImpactView {
  return {
    scope: { kind: 'all', year: null, periodId: null, label: 'All time' },
    paidInCents: 0,
    givenToArtistsCents: 0,
    artistCount: 0,
    belowMedian: { cents: 0, shareBps: 0, medianPopularity: 50 },
    months: [],
    countries: [],
    unknownCountry: { givenCents: 0, artists: 0 },
    artists: [],
    waiting: [],
    waitingCents: 0,
    card: { namesFan: false, namesArtists: false },
  };
}

/**
 * Quiet answers for the listening calls the fan screens make (no plays yet) and for the
 * dashboard's pie card (no pie), so tests about something else can render the dashboard, report,
 * earth or settings pages.
 */
export function emptyListeningRoutes(): Record<string, Answer> {
  const page = (data: unknown) => () =>
    Promise.resolve(jsonResponse({ success: true, data, pagination: { page: 1, limit: 50, total: 0, pages: 0 } }));
  const activity = {
    connection: { status: 'not-connected', broken_reason: null, last_synced_at: null, next_sync_at: null, last_played_at: null },
    totals: { plays: 0, listened_ms: 0, artists: 0, tracks: 0, orphaned_plays: 0 },
    last_7_days: { plays: 0, listened_ms: 0 },
    last_28_days: { plays: 0, listened_ms: 0 },
    beta: false,
    latest_import: null,
  };
  return {
    'GET /api/user/activity': () => Promise.resolve(jsonResponse({ success: true, data: activity })),
    'GET /api/artists/user': page([]),
    'GET /api/tracks/user/latest': page([]),
    'GET /api/tracks/user/popular': page([]),
    'GET /api/tracks/user/daily': () => Promise.resolve(jsonResponse({ success: true, data: [] })),
    'GET /api/pie/active': () => Promise.resolve(jsonResponse({ success: true, data: null })),
    // The report's impact: no money moved yet.
    'GET /api/report/impact': () => Promise.resolve(jsonResponse({ success: true, data: emptyImpact() })),
    // Settings' scrobbling services: neither connected.
    'GET /api/listening/sources': () => Promise.resolve(jsonResponse({ success: true, data: notConnectedSources() })),
    // The settings' profile section of the default test fan (makeFanUser's id): nothing public yet.
    'GET /api/user/details/fan_1': () =>
      Promise.resolve(
        jsonResponse({
          success: true,
          data: {
            _id: 'fan_1',
            username: null,
            is_self: true,
            visibility: { profile: false, top_artists: false, top_tracks: false, recent_listening: false },
            beta: false,
            stats: { plays: 0, listened_ms: 0, artists: 0, first_played_at: null },
          },
        }),
      ),
    ...emptyPaymentsRoutes(),
  };
}

/** `GET /api/listening/sources` of a fan who connected no scrobbling service. */
export function notConnectedSources() {
  return (['listenbrainz', 'lastfm'] as const).map((source) => ({
    source,
    status: 'not-connected' as const,
    user_name: null,
    broken_reason: null,
    backfill: null,
    last_polled_at: null,
    next_sync_at: null,
  }));
}

/** A fan who has never paid: no subscription, an empty wallet (settings and /pie ask for them). */
export function emptyPaymentsRoutes(): Record<string, Answer> {
  const ok = (data: unknown, extra: Record<string, unknown> = {}) => () => Promise.resolve(jsonResponse({ success: true, data, ...extra }));
  return {
    'GET /api/stripe/activeSubscription': ok(null),
    'GET /api/fan-wallet/balance': ok({ balanceCents: 0, balance: '0.00', currency: 'usd' }),
    'GET /api/fan-wallet/summary': ok({ paidInCents: 0, feesCents: 0, cardFeesCents: 0, pieFeesCents: 0, givenToArtistsCents: 0, waitingInEscrowCents: 0, returnedFromEscrowCents: 0, refundedCents: 0, balanceCents: 0 }),
    'GET /api/fan-wallet/transactions': ok([], { pagination: { page: 1, limit: 20, total: 0, pages: 0 } }),
  };
}
