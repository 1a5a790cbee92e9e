import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyImpact, jsonResponse, mockRoutes, requestsTo } from '@web/test/render';
import { periodToApi, presetPeriod } from '../period';
import { REPORT_CSV_HEADER } from '../report-csv';
import { fanArtist, fanTrack, page, play, track } from '../test-fixtures';
import { fails, fanUser, ok, queryOf, renderListening } from '../test-support';

const USER = 'GET /api/user';
const LATEST = 'GET /api/tracks/user/latest';
const ARTISTS = 'GET /api/artists/user';
const POPULAR = 'GET /api/tracks/user/popular';

const artists = [
  fanArtist({ name: 'Nina Simone', listened_ms: 4 * 3_600_000, plays: 60 }),
  fanArtist({ name: 'Earth, Wind & Fire', listened_ms: 3_600_000 + 30 * 60_000, plays: 25 }),
];
const tracks = [
  fanTrack({ track: track({ name: 'Feeling Good', artists: [{ id: artists[0]!.id, name: 'Nina Simone' }] }), plays: 14, listened_ms: 2_800_000 }),
  fanTrack({ track: track({ name: 'September' }), plays: 9, listened_ms: 1_900_000 }),
];

function routes(overrides: Record<string, ReturnType<typeof ok> | Array<ReturnType<typeof ok>>> = {}) {
  return mockRoutes({
    [USER]: ok(fanUser()),
    [LATEST]: ok([play()], page(1, 1, 412)),
    [ARTISTS]: ok(artists, page(1, 100, 2)),
    [POPULAR]: ok(tracks, page(1, 100, 87)),
    'GET /api/report/impact': () => Promise.resolve(jsonResponse({ success: true, data: emptyImpact() })),
    ...overrides,
  });
}

// jsdom has no object URLs and cannot follow a download link: stand in for both.
const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
let createObjectURL: ReturnType<typeof vi.fn>;
beforeEach(() => {
  createObjectURL = vi.fn(() => 'blob:report');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  Object.assign(URL, original);
});

describe('the listening report', () => {
  it('reports the last 28 days by default: totals, top artists and top tracks', async () => {
    const fetchMock = routes();
    renderListening('/report');

    expect(await screen.findByRole('heading', { level: 1, name: 'Listening report' })).toBeTruthy();
    const last28 = presetPeriod('last28');
    const summary = await screen.findByRole('region', { name: `${last28.from} to ${last28.to}` });
    const value = (label: string) => within(summary).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Listening time')).toBe('5 h 30 min');
    expect(value('Plays')).toBe('412');
    expect(value('Artists')).toBe('2');
    expect(value('Tracks')).toBe('87');
    expect(screen.getByRole('button', { name: 'Last 28 days' }).getAttribute('aria-pressed')).toBe('true');

    expect(within(screen.getByRole('list', { name: 'Top artists of the period' })).getByRole('link', { name: 'Nina Simone' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Top tracks of the period' })).getByText('Feeling Good')).toBeTruthy();

    const api = periodToApi(last28);
    expect(queryOf(requestsTo(fetchMock, LATEST)[0]!)).toEqual({ page: '1', limit: '1', ...api });
    expect(queryOf(requestsTo(fetchMock, ARTISTS)[0]!)).toEqual({ ...api, page: '1', itemsPerPage: '100', sortBy: 'listened' });
    expect(queryOf(requestsTo(fetchMock, POPULAR)[0]!)).toEqual({ page: '1', limit: '100', ...api });
    expect(document.title).toBe('Report · Pie');
  });

  it('downloads the report as CSV built in the browser', async () => {
    routes();
    const { user } = renderListening('/report?from=2026-03-01&to=2026-03-28');

    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));

    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const text = await blob.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(REPORT_CSV_HEADER.join(','));
    expect(lines[1]).toBe('Total,,All listening 2026-03-01 to 2026-03-28,"2 artists, 87 tracks",412,330,19800000');
    expect(lines[2]).toBe('Artist,1,Nina Simone,,60,240,14400000');
    expect(lines[3]).toBe('Artist,2,"Earth, Wind & Fire",,25,90,5400000');
    expect(lines[4]).toMatch(/^Track,1,Feeling Good,Nina Simone,14,46.7,2800000$/);
    const link = vi.mocked(HTMLAnchorElement.prototype.click).mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('pie-listening-report-2026-03-01-to-2026-03-28.csv');
  });

  it('switches period with the presets and the date pickers, in the URL', async () => {
    const fetchMock = routes();
    const { user, router } = renderListening('/report');

    await screen.findByRole('button', { name: 'Download CSV' });
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    const last7 = presetPeriod('last7');
    await waitFor(() => expect(router.state.location.search).toBe(`?from=${last7.from}&to=${last7.to}`));
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(queryOf(requestsTo(fetchMock, LATEST).at(-1)!).from).toBe(periodToApi(last7).from));

    const form = screen.getByRole('form', { name: 'Report period' });
    await user.clear(within(form).getByLabelText(/^From/));
    await user.type(within(form).getByLabelText(/^From/), '2025-01-01');
    await user.clear(within(form).getByLabelText(/^To/));
    await user.type(within(form).getByLabelText(/^To/), '2025-12-31');
    await user.click(within(form).getByRole('button', { name: 'Show report' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2025-01-01&to=2025-12-31'));
    expect(await screen.findByRole('region', { name: '2025-01-01 to 2025-12-31' })).toBeTruthy();
  });

  it('refuses a period that ends before it starts, without asking the server', async () => {
    const fetchMock = routes();
    renderListening('/report?from=2026-03-10&to=2026-03-01');

    expect((await screen.findByRole('alert')).textContent).toBe('The start date must be on or before the end date.');
    expect(requestsTo(fetchMock, LATEST)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('says when the period has no plays', async () => {
    routes({ [LATEST]: ok([], page(1, 1, 0)), [ARTISTS]: ok([], page(1, 100, 0)), [POPULAR]: ok([], page(1, 100, 0)) });
    renderListening('/report');

    expect(await screen.findByText(/No plays in this period\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', true);
  });

  it('shows the server’s reason when the report cannot be built, and retries', async () => {
    routes({ [POPULAR]: [fails(500, 'Tracks are unavailable'), ok(tracks, page(1, 100, 87))] });
    const { user } = renderListening('/report');

    expect((await screen.findByRole('alert')).textContent).toContain('Tracks are unavailable');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });
});
