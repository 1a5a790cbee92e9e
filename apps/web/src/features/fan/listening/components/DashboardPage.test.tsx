import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockRoutes, notConnectedSources, requestsTo } from '@web/test/render';
import { activity, daily, fanArtist, page, play, track } from '../test-fixtures';
import { fails, fanUser, ok, queryOf, renderListening } from '../test-support';

const USER = 'GET /api/user';
const ACTIVITY = 'GET /api/user/activity';
const ARTISTS = 'GET /api/artists/user';
const LATEST = 'GET /api/tracks/user/latest';
const DAILY = 'GET /api/tracks/user/daily';
const SYNC = 'GET /api/tracks/user/fetchLatestFromSpotify';
const ACTIVE_PIE = 'GET /api/pie/active';
const SOURCES = 'GET /api/listening/sources';

/** The value (dd) of a figure labelled `label` (dt) inside `container`. */
function figure(container: HTMLElement, label: string): string | null {
  const term = within(container).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

const abba = fanArtist({ name: 'ABBA', listened_ms: 5 * 3_600_000, plays: 80, image_url: 'https://img.example/abba.jpg' });
const roxette = fanArtist({ name: 'Roxette', listened_ms: 2 * 3_600_000 + 30 * 60_000, plays: 41 });

function loadedRoutes(overrides: Record<string, ReturnType<typeof ok> | Array<ReturnType<typeof ok>>> = {}) {
  return mockRoutes({
    [USER]: ok(fanUser()),
    [ACTIVITY]: ok(activity()),
    [ARTISTS]: ok([abba, roxette], page(1, 6, 57)),
    [LATEST]: ok([play({ track: track({ name: 'Dancing Queen', artists: [{ id: abba.id, name: 'ABBA' }] }) }), play()], page(1, 8, 1234)),
    [DAILY]: ok(daily(28)),
    [ACTIVE_PIE]: ok(null),
    ...overrides,
  });
}

describe('dashboard', () => {
  it('greets the fan and shows the last 28 days, the daily chart, top artists, recent plays, sync status and pies', async () => {
    const fetchMock = loadedRoutes();
    const { user } = renderListening('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
    const summary = await screen.findByRole('region', { name: 'Your last 28 days' });
    expect(figure(summary, 'Listening time')).toBe('20 h 15 min');
    expect(figure(summary, 'Plays')).toBe('345');
    await waitFor(() => expect(figure(summary, 'Artists')).toBe('57'));
    expect(within(summary).getByText('All time: 1,234 plays, 250 h')).toBeTruthy();

    const top = screen.getByRole('list', { name: 'Top artists of the last 28 days' });
    const links = within(top).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['ABBA', `/artist/${abba.id}`],
      ['Roxette', `/artist/${roxette.id}`],
    ]);
    expect(within(top).getByText('5 h · 80 plays')).toBeTruthy();

    const recent = screen.getByRole('list', { name: 'Your latest plays' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(2);
    expect(within(recent).getByText('Dancing Queen')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all your history' }).getAttribute('href')).toBe('/history');

    // The chart's figures as a table once opened, and a sentence that says what the chart shows.
    expect(screen.queryByRole('table', { name: 'Listening per day' })).toBeNull();
    await user.click(screen.getByText('Show the figures as a table'));
    const table = await screen.findByRole('table', { name: 'Listening per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(29);
    expect(screen.getByText(/^Daily listening over the last 28 days: /, { selector: 'figcaption' })).toBeTruthy();

    const sync = screen.getByRole('region', { name: 'Spotify sync' });
    expect(await within(sync).findByText('Spotify is connected')).toBeTruthy();
    expect(within(sync).getByText('Last synced 5 minutes ago.')).toBeTruthy();
    expect(within(sync).getByRole('button', { name: 'Sync now' })).toBeTruthy();

    expect(await screen.findByRole('heading', { name: 'No pies yet' })).toBeTruthy();
    expect(document.title).toBe('Dashboard · Pie');

    // The window is the server's (the fan's last 28 local days), the same days as the daily chart's.
    expect(queryOf(requestsTo(fetchMock, ARTISTS)[0]!)).toEqual({ itemsPerPage: '6', days: '28' });
    expect(queryOf(requestsTo(fetchMock, DAILY)[0]!)).toEqual({ days: '28' });
    expect(queryOf(requestsTo(fetchMock, LATEST)[0]!)).toEqual({ page: '1', limit: '8' });
  });

  it('explains how to bring listening in when nothing is ingested yet', async () => {
    const none = activity({
      connection: { status: 'not-connected', broken_reason: null, last_synced_at: null, next_sync_at: null, last_played_at: null },
      totals: { plays: 0, listened_ms: 0, artists: 0, tracks: 0, orphaned_plays: 0 },
      time_zone: 'UTC',
      last_7_days: { plays: 0, listened_ms: 0, from: '2026-03-22' },
      last_28_days: { plays: 0, listened_ms: 0, from: '2026-03-01' },
    });
    mockRoutes({
      [USER]: ok(fanUser()),
      [ACTIVITY]: ok(none),
      [ARTISTS]: ok([], page(1, 6, 0)),
      [LATEST]: ok([], page(1, 8, 0)),
      [DAILY]: ok(daily(28, () => 0)),
      [ACTIVE_PIE]: ok(null),
    });
    renderListening('/dashboard');

    expect(await screen.findByRole('heading', { name: 'No listening yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up listening in Settings' }).getAttribute('href')).toBe('/settings#listening');
    const empty = screen.getByRole('region', { name: 'No listening yet' });
    expect(within(empty).getByText('Connect Spotify')).toBeTruthy();
    expect(within(empty).getByText('Upload your Spotify data export')).toBeTruthy();
    expect(await screen.findByText('Spotify is not connected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect Spotify' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'No pies yet' })).toBeTruthy();
    // The summary's sections give way to the empty state.
    expect(screen.queryByRole('region', { name: 'Your last 28 days' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Top artists' })).toBeNull();
  });

  it('shows the fan’s active pie, its period and the ways to it, instead of offering to create one', async () => {
    const pie = {
      id: 'pie_1',
      fanId: 'fan_1',
      status: 'past_due',
      promo: false,
      subscriptionId: 'sub_1',
      settings: { amountCents: 1250, artistLimit: 30, artistPopularity: 0, excludeNonActive: false, pieDays: 30 },
      pendingSettings: null,
      currentPeriod: { id: 'period_2', seq: 2, startsAt: '2026-03-01T00:00:00.000Z', endsAt: '2026-03-31T00:00:00.000Z', state: 'open', fundedCents: 1250, splitCents: null, distributedCents: null, artistCount: null, rolledOver: null, closedAt: null },
      createdAt: '2026-02-01T00:00:00.000Z',
    };
    loadedRoutes({ [ACTIVE_PIE]: ok(pie) });
    renderListening('/dashboard');

    const card = await screen.findByRole('region', { name: 'Your pie' });
    expect(await within(card).findByText('$12.50 each period, split among up to 30 of the artists you listen to.')).toBeTruthy();
    expect(within(card).getByText(/^This period: /).textContent).toMatch(/Mar.*1.*–.*Mar.*31/);
    expect(within(card).getByText(/Your last payment did not go through/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open your pie' }).getAttribute('href')).toBe('/pie');
    expect(within(card).getByRole('link', { name: 'Periods and statements' }).getAttribute('href')).toBe('/my-pies');
    expect(screen.queryByRole('heading', { name: 'No pies yet' })).toBeNull();
  });

  it('says when the pie cannot be loaded, without hiding the listening, and retries', async () => {
    const fetchMock = loadedRoutes({ [ACTIVE_PIE]: [fails(500, 'The pies database is resting'), ok(null)] });
    const { user } = renderListening('/dashboard');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The pies database is resting')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your last 28 days' })).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Create your pie' })).toBeTruthy();
    expect(requestsTo(fetchMock, ACTIVE_PIE)).toHaveLength(2);
  });

  it('says an upload is being imported while the dashboard is still empty', async () => {
    const none = activity({
      totals: { plays: 0, listened_ms: 0, artists: 0, tracks: 0, orphaned_plays: 0 },
      latest_import: {
        id: 'imp',
        file_name: 'StreamingHistory_music_0.json',
        status: 'processing',
        total_chunks: 2,
        received_chunks: 2,
        total_rows: 1000,
        processed_rows: 450,
        inserted_rows: 400,
        skipped_rows: 0,
        percent: 45,
        error: null,
        created_at: '2026-03-01T00:00:00.000Z',
        completed_at: null,
      },
    });
    loadedRoutes({ [ACTIVITY]: ok(none) });
    renderListening('/dashboard');

    expect(await screen.findByText(/Your upload StreamingHistory_music_0.json is being imported \(45%\)/)).toBeTruthy();
  });

  it('shows the server’s reason when the listening cannot be loaded, and retries', async () => {
    mockRoutes({
      [USER]: ok(fanUser()),
      [ACTIVITY]: [fails(503, 'Pie is down for maintenance'), ok(activity())],
      [ARTISTS]: ok([abba], page(1, 6, 1)),
      [LATEST]: ok([play()], page(1, 8, 1)),
      [DAILY]: ok(daily(28)),
    });
    const { user } = renderListening('/dashboard');

    const alert = await screen.findByRole('alert', { name: 'Your listening could not be loaded' });
    expect(alert.textContent).toContain('Pie is down for maintenance');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('region', { name: 'Your last 28 days' })).toBeTruthy();
  });

  it('shows a section’s own error without hiding the rest', async () => {
    loadedRoutes({ [LATEST]: fails(500, 'Plays are unavailable') });
    renderListening('/dashboard');

    const recent = await screen.findByRole('region', { name: 'Recent plays' });
    expect((await within(recent).findByRole('alert')).textContent).toContain('Plays are unavailable');
    expect(await screen.findByRole('list', { name: 'Top artists of the last 28 days' })).toBeTruthy();
  });

  it('says where its listening comes from: Spotify and Last.fm, with Last.fm’s last read', async () => {
    const [listenbrainz, lastfm] = notConnectedSources();
    const fetchMock = loadedRoutes({
      [SOURCES]: ok([listenbrainz, { ...lastfm, status: 'connected', user_name: 'nightowl', last_polled_at: new Date(Date.now() - 12 * 60_000).toISOString() }]),
    });
    renderListening('/dashboard');

    const card = await screen.findByRole('region', { name: 'Spotify sync' });
    expect(await within(card).findByText('Listening from Spotify and Last.fm')).toBeTruthy();
    const services = within(card).getByRole('list', { name: 'Scrobbling services' });
    expect(within(services).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Last.fm (nightowl): last read 12 minutes ago']);
    expect(within(card).getByText('Spotify is connected')).toBeTruthy();
    expect(requestsTo(fetchMock, SOURCES)).toHaveLength(1);
  });

  it('says a fan on Last.fm alone listens from Last.fm while it reads their history, and a broken ListenBrainz with its reason', async () => {
    const [listenbrainz, lastfm] = notConnectedSources();
    loadedRoutes({
      [ACTIVITY]: ok(activity({ connection: { status: 'not-connected', broken_reason: null, last_synced_at: null, next_sync_at: null, last_played_at: null } })),
      [SOURCES]: ok([
        { ...listenbrainz, status: 'broken', user_name: 'lb-fan', broken_reason: 'ListenBrainz no longer accepts your user token.' },
        { ...lastfm, status: 'backfilling', user_name: 'nightowl', backfill: { listens: 4_200, percent: 37 } },
      ]),
    });
    renderListening('/dashboard');

    const card = await screen.findByRole('region', { name: 'Spotify sync' });
    expect(await within(card).findByText('Listening from ListenBrainz and Last.fm')).toBeTruthy();
    expect(within(within(card).getByRole('list', { name: 'Scrobbling services' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'ListenBrainz (lb-fan): needs attention. ListenBrainz no longer accepts your user token.',
      'Last.fm (nightowl): reading your history, 37% so far',
    ]);
  });

  it('tells a fan with no source how to bring their listening in', async () => {
    loadedRoutes({ [ACTIVITY]: ok(activity({ connection: { status: 'disconnected', broken_reason: null, last_synced_at: null, next_sync_at: null, last_played_at: null } })) });
    renderListening('/dashboard');

    const card = await screen.findByRole('region', { name: 'Spotify sync' });
    expect(await within(card).findByText(/^No listening source yet: connect Spotify, Last\.fm or ListenBrainz/)).toBeTruthy();
    expect(within(card).queryByRole('list', { name: 'Scrobbling services' })).toBeNull();
  });

  it('syncs now and refreshes the figures', async () => {
    const fetchMock = loadedRoutes({
      [SYNC]: () => jsonResponse({ success: true, message: '3 new play(s) synced.', data: { fetched: 3, inserted: 3, last_played_at: null, deferred: false } }),
    });
    const { user } = renderListening('/dashboard');

    const sync = await screen.findByRole('region', { name: 'Spotify sync' });
    const syncNow = await within(sync).findByRole('button', { name: 'Sync now' });
    // The figures and the sync card share one request for the overview.
    expect(requestsTo(fetchMock, ACTIVITY)).toHaveLength(1);
    await user.click(syncNow);

    expect((await within(sync).findByRole('status')).textContent).toBe('3 new play(s) synced.');
    expect(requestsTo(fetchMock, SYNC)).toHaveLength(1);
    // The plays changed: the overview (summary and status) is asked again.
    await waitFor(() => expect(requestsTo(fetchMock, ACTIVITY).length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(requestsTo(fetchMock, LATEST).length).toBeGreaterThanOrEqual(2));
  });

  it('takes the fan from the protected layout when it renders inside one', async () => {
    const fetchMock = loadedRoutes();
    renderListening('/dashboard', { layoutUser: fanUser({ first_name: 'Grace' }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Your last 28 days' })).toBeTruthy();
    expect(requestsTo(fetchMock, USER)).toHaveLength(0);
  });

  it('sends a visitor without a session to log in', async () => {
    mockRoutes({ [USER]: fails(401, 'Not signed in') });
    const { router } = renderListening('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
