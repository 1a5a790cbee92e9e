import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockRoutes, requestsTo } from '../../../../test/render';
import { artistDetails, fanTrack, track } from '../test-fixtures';
import { fails, ok, queryOf, renderListening } from '../test-support';

const ARTIST = artistDetails({ name: 'Robyn', country: 'SE', genres: ['electropop', 'dance'], popularity: 73, listeners_28d: 12, total_listeners: 40, tracks_count: 9 });
const DETAILS = `GET /api/artists/details/${ARTIST.id}`;
const MINE = `GET /api/artists/details/user/${ARTIST.id}`;
const TOP = `GET /api/artists/${ARTIST.id}/top-tracks`;
const FANS = `GET /api/artists/${ARTIST.id}/fans`;

const fan = (n: number) => ({ _id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`, username: `fan${n}`, listened_ms: 3_600_000, plays: 20 });
const mine = {
  artist: ARTIST,
  listened_ms: 5_400_000,
  plays: 31,
  first_played_at: '2025-11-02T10:00:00.000Z',
  last_played_at: '2026-03-01T10:00:00.000Z',
  top_tracks: [fanTrack({ track: track({ name: 'Dancing On My Own' }), plays: 17, listened_ms: 3_000_000 })],
};

function routes(overrides: Record<string, ReturnType<typeof ok> | Array<ReturnType<typeof ok>>> = {}) {
  return mockRoutes({
    [DETAILS]: ok(ARTIST),
    [MINE]: ok(mine),
    [TOP]: ok([{ track: track({ name: 'Call Your Girlfriend' }), plays: 250, listeners: 18 }]),
    [FANS]: [ok({ total_fans: 25, fans: [fan(1), fan(2)] }, { page: 1, limit: 20, total: 25, pages: 2 }), ok({ total_fans: 25, fans: [fan(21)] }, { page: 2, limit: 20, total: 25, pages: 2 })],
    ...overrides,
  });
}

describe('the artist page', () => {
  it('shows the artist, their top tracks, public fans and the fan’s own listening', async () => {
    const fetchMock = routes();
    const { user } = renderListening(`/artist/${ARTIST.id}`, { session: 'authenticated' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Robyn' })).toBeTruthy();
    expect(screen.getByText('Sweden')).toBeTruthy();
    expect(screen.getByText('electropop')).toBeTruthy();
    expect(screen.getByText('Popularity on Pie', { selector: 'dt' }).nextElementSibling?.textContent).toBe('73/100');
    expect(screen.getByText('Listeners, last 28 days', { selector: 'dt' }).nextElementSibling?.textContent).toBe('12');
    expect(document.title).toBe('Robyn · Pie');

    const yours = await screen.findByRole('region', { name: 'Your listening' });
    expect(await within(yours).findByText('1 h 30 min')).toBeTruthy();
    expect(within(yours).getByText('31')).toBeTruthy();
    expect(within(yours).getByRole('table', { name: 'Your most played tracks by Robyn' })).toBeTruthy();

    const top = await screen.findByRole('list', { name: 'Top tracks of Robyn' });
    expect(within(top).getByText('Call Your Girlfriend')).toBeTruthy();
    expect(within(top).getByText('250 plays · 18 listeners')).toBeTruthy();

    const fans = await screen.findByRole('list', { name: 'Public fans of Robyn' });
    expect(within(fans).getByRole('link', { name: 'fan1' }).getAttribute('href')).toBe(`/user/${fan(1)._id}`);
    expect(screen.getByText('25 fans listened in the last 28 days.')).toBeTruthy();
    await user.click(within(screen.getByRole('navigation', { name: 'Fan pages' })).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'fan21' })).toBeTruthy();
    expect(queryOf(requestsTo(fetchMock, FANS).at(-1)!)).toEqual({ page: '2', limit: '20', days: '28' });
  });

  it('is public: a visitor without a session sees the artist and an invitation to log in', async () => {
    const fetchMock = routes();
    renderListening(`/artist/${ARTIST.id}`, { session: 'anonymous' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Robyn' })).toBeTruthy();
    const yours = screen.getByRole('region', { name: 'Your listening' });
    expect(within(yours).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(requestsTo(fetchMock, MINE)).toHaveLength(0);
  });

  it('hides the fan’s own listening when the server says there is no session, without leaving the page', async () => {
    routes({ [MINE]: fails(401, 'Not signed in') });
    const { router, redirects } = renderListening(`/artist/${ARTIST.id}`);

    const yours = await screen.findByRole('region', { name: 'Your listening' });
    expect(await within(yours).findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/artist/${ARTIST.id}`);
    expect(redirects).toEqual([]);
  });

  it('says when the fan has not listened to the artist yet', async () => {
    routes({ [MINE]: ok({ ...mine, plays: 0, listened_ms: 0, top_tracks: [], first_played_at: null, last_played_at: null }) });
    renderListening(`/artist/${ARTIST.id}`, { session: 'authenticated' });

    expect(await screen.findByText('You have not listened to Robyn on Pie yet.')).toBeTruthy();
  });

  it('says when no fan made their top artists public', async () => {
    routes({ [FANS]: ok({ total_fans: 3, fans: [] }, { page: 1, limit: 20, total: 3, pages: 1 }) });
    renderListening(`/artist/${ARTIST.id}`, { session: 'authenticated' });

    expect(await screen.findByText('None of them made their top artists public.')).toBeTruthy();
    expect(screen.getByText('3 fans listened in the last 28 days.')).toBeTruthy();
  });

  it('says when there is no such artist (404)', async () => {
    mockRoutes({ [DETAILS]: fails(404, 'No artist with this id') });
    renderListening(`/artist/${ARTIST.id}`, { session: 'authenticated' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Artist not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('No artist with this id');
  });

  it('treats a malformed id as no such artist (400)', async () => {
    mockRoutes({ 'GET /api/artists/details/abc': fails(400, 'artistId must be a valid id') });
    renderListening('/artist/abc', { session: 'authenticated' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Artist not found' })).toBeTruthy();
  });

  it('offers a retry when the server fails', async () => {
    routes({ [DETAILS]: [fails(503, 'Try later'), ok(ARTIST)] });
    const { user } = renderListening(`/artist/${ARTIST.id}`, { session: 'authenticated' });

    expect((await screen.findByRole('alert')).textContent).toContain('Try later');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Robyn' })).toBeTruthy();
  });
});
