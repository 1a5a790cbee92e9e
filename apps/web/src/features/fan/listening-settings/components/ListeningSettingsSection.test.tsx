import { CreateImportRequest, ImportChunkRequest, type ImportProgress, type ListeningActivity } from '#pie/contracts';
import { MantineProvider } from '@mantine/core';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { baseApi } from '@web/shared/api';
import { browserLocation } from '@web/shared/browser';
import { sessionSlice } from '@web/shared/session';
import { jsonResponse, mockRoutes as mockFetch, notConnectedSources, requestsTo } from '@web/test/render';
import { ListeningSettingsSection } from './ListeningSettingsSection';
import { SyncStatusCard } from './SyncStatusCard';

const ACTIVITY = 'GET /api/user/activity';
const SOURCES = 'GET /api/listening/sources';
const SYNC = 'GET /api/tracks/user/fetchLatestFromSpotify';
const LINK = 'POST /api/auth/link-spotify';
const START = 'POST /api/listening/imports';
const IMPORT_ID = '00000000-0000-4000-8000-00000000abcd';
const CHUNK = `POST /api/listening/imports/${IMPORT_ID}/chunks`;
const PROGRESS = `GET /api/listening/imports/${IMPORT_ID}`;

type Connection = ListeningActivity['connection'];

function activity(connection: Partial<Connection> = {}, latest_import: ImportProgress | null = null): ListeningActivity {
  return {
    connection: {
      status: 'connected',
      broken_reason: null,
      last_synced_at: new Date(Date.now() - 12 * 60_000).toISOString(),
      next_sync_at: null,
      last_played_at: null,
      ...connection,
    },
    totals: { plays: 10, listened_ms: 1_800_000, artists: 3, tracks: 8, orphaned_plays: 0 },
    time_zone: 'UTC',
    last_7_days: { plays: 10, listened_ms: 1_800_000, from: '2026-03-22' },
    last_28_days: { plays: 10, listened_ms: 1_800_000, from: '2026-03-01' },
    beta: false,
    latest_import,
  };
}

function progress(overrides: Partial<ImportProgress> = {}): ImportProgress {
  return {
    id: IMPORT_ID,
    file_name: 'StreamingHistory_music_0.json',
    status: 'queued',
    total_chunks: 1,
    received_chunks: 1,
    total_rows: 2,
    processed_rows: 0,
    inserted_rows: 0,
    skipped_rows: 0,
    percent: 0,
    error: null,
    created_at: '2026-03-01T00:00:00.000Z',
    completed_at: null,
    ...overrides,
  };
}

/** The routes of a test, with the scrobbling services answered (not connected) unless it says otherwise. */
const mockRoutes = (table: Parameters<typeof mockFetch>[0]) => mockFetch({ [SOURCES]: () => jsonResponse({ success: true, data: notConnectedSources() }), ...table });

const ok = (data: unknown, message?: string) => () => jsonResponse({ success: true, data, ...(message ? { message } : {}) });
const fails = (status: number, message: string) => () => jsonResponse({ success: false, statusCode: status, message }, status);

const basicRow = (n: number) => ({ endTime: `2024-01-0${(n % 9) + 1} 12:00`, artistName: `Artist ${n}`, trackName: `Track ${n}`, msPlayed: 180_000 });

function renderSection(element = <ListeningSettingsSection />) {
  const store = configureStore({
    reducer: combineReducers({ [baseApi.reducerPath]: baseApi.reducer, [sessionSlice.reducerPath]: sessionSlice.reducer }),
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  const router = createMemoryRouter([{ path: '/settings', element }], { initialEntries: ['/settings'] });
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <MantineProvider forceColorScheme="dark">
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  );
  return { user, store };
}

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});

describe('settings › listening: the Spotify connection', () => {
  it('shows a connected account with its last sync, and syncs now', async () => {
    const fetchMock = mockRoutes({
      [ACTIVITY]: ok(activity()),
      [SYNC]: ok({ fetched: 0, inserted: 0, last_played_at: null, deferred: false }, 'You are up to date.'),
    });
    const { user } = renderSection();

    const section = await screen.findByRole('region', { name: 'Listening' });
    expect(section.id).toBe('listening');
    expect(await within(section).findByText('Spotify is connected')).toBeTruthy();
    expect(within(section).getByText('Connected')).toBeTruthy();
    expect(within(section).getByText('Last synced 12 minutes ago.')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Connect Spotify' })).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Sync now' }));
    expect((await within(section).findByText('You are up to date.')).closest('[role="status"]')).not.toBeNull();
    expect(requestsTo(fetchMock, SYNC)).toHaveLength(1);
    await waitFor(() => expect(requestsTo(fetchMock, ACTIVITY)).toHaveLength(2));
  });

  it('says why syncing did not work', async () => {
    mockRoutes({ [ACTIVITY]: ok(activity()), [SYNC]: fails(503, 'Spotify is not answering right now. Please try again in a minute.') });
    const { user } = renderSection();

    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Spotify is not answering right now. Please try again in a minute.');
  });

  it('connects Spotify by going to the page the server names', async () => {
    const fetchMock = mockRoutes({
      [ACTIVITY]: ok(activity({ status: 'not-connected', last_synced_at: null })),
      [LINK]: ok({ url: 'http://localhost:4000/spotify/authorize?state=abc' }),
    });
    const { user } = renderSection();

    expect(await screen.findByText('Spotify is not connected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Connect Spotify' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:4000/spotify/authorize?state=abc'));
    expect(requestsTo(fetchMock, LINK)).toHaveLength(1);
  });

  it('says why connecting could not start', async () => {
    mockRoutes({ [ACTIVITY]: ok(activity({ status: 'disconnected' })), [LINK]: fails(503, 'Spotify sign-in is not configured') });
    const { user } = renderSection();

    await user.click(await screen.findByRole('button', { name: 'Connect Spotify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Spotify sign-in is not configured');
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows a broken connection with its reason and offers to reconnect', async () => {
    mockRoutes({ [ACTIVITY]: ok(activity({ status: 'broken', broken_reason: 'Spotify access was revoked. Reconnect to keep syncing.' })) });
    renderSection();

    expect(await screen.findByText('The Spotify connection is broken')).toBeTruthy();
    expect(screen.getByText('Broken')).toBeTruthy();
    expect(screen.getByText('Spotify access was revoked. Reconnect to keep syncing.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reconnect Spotify' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
  });

  it('shows why the status could not be loaded, and retries', async () => {
    mockRoutes({ [ACTIVITY]: [fails(500, 'Listening is unavailable'), ok(activity())] });
    const { user } = renderSection();

    expect((await screen.findByRole('alert')).textContent).toContain('Listening is unavailable');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Spotify is connected')).toBeTruthy();
  });

  it('the dashboard card shows the same status with Sync now and a link to these settings', async () => {
    mockRoutes({ [ACTIVITY]: ok(activity()) });
    renderSection(<SyncStatusCard />);

    const card = await screen.findByRole('region', { name: 'Spotify sync' });
    expect(await within(card).findByText('Spotify is connected')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Sync now' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Listening settings' }).getAttribute('href')).toBe('/settings#listening');
  });
});

describe('settings › listening: uploading the Spotify data export', () => {
  it('reads the file, uploads its plays and follows the import to the end with a progress bar', async () => {
    const fetchMock = mockRoutes({
      [ACTIVITY]: ok(activity()),
      [START]: ok(progress(), 'Upload received; your history is being imported.'),
      [PROGRESS]: [ok(progress({ status: 'processing', processed_rows: 1, inserted_rows: 1, percent: 50 })), ok(progress({ status: 'completed', processed_rows: 2, inserted_rows: 2, percent: 100 }))],
    });
    const { user } = renderSection();

    const input = await screen.findByLabelText('Export files');
    const file = new File([JSON.stringify([basicRow(1), basicRow(2)])], 'StreamingHistory_music_0.json', { type: 'application/json' });
    await user.upload(input, file);

    expect(await screen.findByText('Found 2 plays in StreamingHistory_music_0.json.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload 2 plays' }));

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByText('50% · 1 of 2 rows processed · 1 new play so far.')).toBeTruthy();
    expect(await screen.findByText('100% · 2 new plays added; 0 already in Pie.')).toBeTruthy();
    expect(screen.getByText('Imported StreamingHistory_music_0.json')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('100');

    const start = requestsTo(fetchMock, START);
    expect(start).toHaveLength(1);
    expect(await start[0]!.json()).toEqual({ fileName: 'StreamingHistory_music_0.json', totalChunks: 1, rows: [basicRow(1), basicRow(2)] });
    expect(requestsTo(fetchMock, CHUNK)).toHaveLength(0);
    // New plays: the status (and every listening figure) is asked again once the import is done.
    await waitFor(() => expect(requestsTo(fetchMock, ACTIVITY).length).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('button', { name: 'Upload more files' })).toBeTruthy();
  });

  it('sends a big export in chunks: the first creates the upload, the rest follow in order', async () => {
    const rows = Array.from({ length: 12_000 }, (_, n) => basicRow(n));
    const fetchMock = mockRoutes({
      [ACTIVITY]: ok(activity()),
      [START]: ok(progress({ status: 'uploading', total_chunks: 2, received_chunks: 1 })),
      [CHUNK]: ok(progress({ status: 'queued', total_chunks: 2, received_chunks: 2, total_rows: 12_000 })),
      [PROGRESS]: ok(progress({ status: 'completed', total_chunks: 2, received_chunks: 2, total_rows: 12_000, processed_rows: 12_000, inserted_rows: 11_990, percent: 100 })),
    });
    const { user } = renderSection();

    await user.upload(await screen.findByLabelText('Export files'), new File([JSON.stringify(rows)], 'StreamingHistory_music_0.json'));
    await user.click(await screen.findByRole('button', { name: 'Upload 12,000 plays' }));

    expect(await screen.findByText('100% · 11,990 new plays added; 10 already in Pie.')).toBeTruthy();
    const first = (await requestsTo(fetchMock, START)[0]!.json()) as { totalChunks: number; rows: unknown[] };
    const second = (await requestsTo(fetchMock, CHUNK)[0]!.json()) as { index: number; rows: unknown[] };
    expect(first.totalChunks).toBe(2);
    expect(second.index).toBe(1);
    // Both requests are what the API's schemas accept, each within its 1 MB body limit.
    expect(CreateImportRequest.safeParse(first).success).toBe(true);
    expect(ImportChunkRequest.safeParse(second).success).toBe(true);
    expect(new TextEncoder().encode(JSON.stringify(first)).length).toBeLessThan(1_048_576);
    expect(new TextEncoder().encode(JSON.stringify(second)).length).toBeLessThan(1_048_576);
    expect(first.rows.length + second.rows.length).toBe(12_000);
    expect([...first.rows, ...second.rows]).toEqual(rows);
  });

  it('refuses a file that is not a listening history, with a clear message, and sends nothing', async () => {
    const fetchMock = mockRoutes({ [ACTIVITY]: ok(activity()) });
    const { user } = renderSection();

    await user.upload(await screen.findByLabelText('Export files'), new File([JSON.stringify({ username: 'ada' })], 'Userdata.json'));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This file cannot be imported')).toBeTruthy();
    expect(alert.textContent).toContain('Userdata.json is not a listening history. Choose the StreamingHistory*.json or Streaming_History_Audio_*.json files');
    expect(requestsTo(fetchMock, START)).toHaveLength(0);
  });

  it('says why an upload was refused and lets the fan try again', async () => {
    const fetchMock = mockRoutes({
      [ACTIVITY]: ok(activity()),
      [START]: [fails(409, 'You have several uploads in progress. Wait for them to finish before starting another.'), ok(progress())],
      [PROGRESS]: ok(progress({ status: 'completed', processed_rows: 2, inserted_rows: 0, percent: 100 })),
    });
    const { user } = renderSection();

    await user.upload(await screen.findByLabelText('Export files'), new File([JSON.stringify([basicRow(1), basicRow(2)])], 'StreamingHistory0.json'));
    await user.click(await screen.findByRole('button', { name: 'Upload 2 plays' }));

    expect((await screen.findByRole('alert')).textContent).toBe('You have several uploads in progress. Wait for them to finish before starting another.');
    await user.click(screen.getByRole('button', { name: 'Try the upload again' }));
    expect(await screen.findByText('100% · 0 new plays added; 2 already in Pie.')).toBeTruthy();
    expect(requestsTo(fetchMock, START)).toHaveLength(2);
  });

  it('keeps following an import the worker is still on when the page opens', async () => {
    mockRoutes({
      [ACTIVITY]: ok(activity({}, progress({ status: 'processing', total_rows: 1000, processed_rows: 300, inserted_rows: 280, percent: 30 }))),
      [PROGRESS]: ok(progress({ status: 'processing', total_rows: 1000, processed_rows: 300, inserted_rows: 280, percent: 30 })),
    });
    renderSection();

    expect(await screen.findByText('30% · 300 of 1,000 rows processed · 280 new plays so far.')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('30');
  });

  it('mentions the latest finished upload', async () => {
    mockRoutes({ [ACTIVITY]: ok(activity({}, progress({ status: 'completed', total_rows: 50, processed_rows: 50, inserted_rows: 45, skipped_rows: 5, percent: 100 }))) });
    renderSection();

    expect(await screen.findByText(/^Latest upload: Imported StreamingHistory_music_0\.json\. 45 new plays added; 0 already in Pie; 5 skipped/)).toBeTruthy();
  });
});

describe('settings › listening: scrobbling services (issue 33)', () => {
  const sources = (lastfm: Partial<ReturnType<typeof notConnectedSources>[number]> | Record<string, unknown>) => {
    const [listenbrainz, notConnected] = notConnectedSources();
    return [listenbrainz, { ...notConnected, ...lastfm }];
  };

  it('connects Last.fm by going to Last.fm’s page the server names', async () => {
    const fetchMock = mockRoutes({
      [ACTIVITY]: ok(activity()),
      'POST /api/listening/sources/lastfm': ok({ url: 'http://localhost:4000/lastfm/api/auth/?api_key=k&cb=x' }),
    });
    const { user } = renderSection();
    const lastfm = await screen.findByRole('region', { name: 'Last.fm' });
    expect(within(lastfm).getByText('Not connected')).toBeTruthy();
    await user.click(within(lastfm).getByRole('button', { name: 'Connect Last.fm' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:4000/lastfm/api/auth/?api_key=k&cb=x'));
    expect(requestsTo(fetchMock, 'POST /api/listening/sources/lastfm')).toHaveLength(1);
  });

  it('shows the back-fill’s progress, a broken source’s reason, and disconnects', async () => {
    const fetchMock = mockRoutes({
      [ACTIVITY]: ok(activity()),
      [SOURCES]: [
        ok(sources({ status: 'backfilling', user_name: 'robin', backfill: { listens: 1200, percent: 35 }, next_sync_at: new Date().toISOString() })),
        ok(sources({ status: 'disconnected', user_name: 'robin' })),
      ],
      'DELETE /api/listening/sources/lastfm': ok(sources({ status: 'disconnected' })[1]),
    });
    const { user } = renderSection();
    const lastfm = await screen.findByRole('region', { name: 'Last.fm' });
    expect(within(lastfm).getByText('Reading your history')).toBeTruthy();
    expect(within(lastfm).getByText('1,200 listens read so far (35%)')).toBeTruthy();
    expect(within(lastfm).getByRole('progressbar', { name: 'Last.fm history read' })).toBeTruthy();
    await user.click(within(lastfm).getByRole('button', { name: 'Disconnect Last.fm' }));
    expect(await within(lastfm).findByText('Disconnected')).toBeTruthy();
    expect(within(lastfm).getByRole('button', { name: 'Connect Last.fm again' })).toBeTruthy();
    expect(requestsTo(fetchMock, 'DELETE /api/listening/sources/lastfm')).toHaveLength(1);
  });

  it('says why a source is broken', async () => {
    mockRoutes({ [ACTIVITY]: ok(activity()), [SOURCES]: ok(sources({ status: 'broken', user_name: 'robin', broken_reason: 'Last.fm no longer accepts Pie’s access.' })) });
    renderSection();
    const lastfm = await screen.findByRole('region', { name: 'Last.fm' });
    expect(await within(lastfm).findByText('Last.fm no longer accepts Pie’s access.')).toBeTruthy();
    expect(within(lastfm).getByText('Needs attention')).toBeTruthy();
  });
});
