import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockRoutes, requestsTo } from '@web/test/render';
import { artistSummary, fanArtist, fanTrack, track, userDetails } from '../test-fixtures';
import { fails, fanUser, ok, queryOf, renderListening } from '../test-support';

const USER = 'GET /api/user';
const GRACE = userDetails();
const DETAILS = `GET /api/user/details/${GRACE._id}`;
const TOP_ARTISTS = `GET /api/artists/user/${GRACE._id}/top`;
const TOP_TRACKS = `GET /api/tracks/user/${GRACE._id}/top`;
const RECENT = `GET /api/artists/recent-listened/${GRACE._id}`;

describe('a fan’s public profile', () => {
  it('shows the stats and the sections the fan made public', async () => {
    const fetchMock = mockRoutes({
      [USER]: ok(fanUser()),
      [DETAILS]: ok(GRACE),
      [TOP_ARTISTS]: ok([fanArtist({ name: 'Björk', listened_ms: 7_200_000, plays: 30 })]),
      [TOP_TRACKS]: ok([fanTrack({ track: track({ name: 'Jóga' }), plays: 12 })]),
      [RECENT]: ok([{ ...artistSummary({ name: 'Sigur Rós' }), last_played_at: '2026-03-02T08:00:00.000Z', plays: 3 }]),
    });
    renderListening(`/user/${GRACE._id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'grace' })).toBeTruthy();
    expect(screen.getByText('Plays', { selector: 'dt' }).nextElementSibling?.textContent).toBe('4,200');
    expect(screen.getByText('Listening time', { selector: 'dt' }).nextElementSibling?.textContent).toBe('90 h');
    expect(screen.getByText('Artists', { selector: 'dt' }).nextElementSibling?.textContent).toBe('150');

    const artists = await screen.findByRole('list', { name: 'grace’s top artists' });
    expect(within(artists).getByRole('link', { name: 'Björk' })).toBeTruthy();
    expect(within(artists).getByText('2 h · 30 plays')).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'grace’s top tracks' })).toBeTruthy();
    expect(screen.getByText('Jóga')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Sigur Rós' })).toBeTruthy();
    expect(document.title).toBe('grace · Pie');
    expect(queryOf(requestsTo(fetchMock, TOP_ARTISTS)[0]!)).toEqual({ days: '28', limit: '10' });
  });

  it('says which sections the fan keeps private and does not ask for them', async () => {
    const privateTracks = userDetails({ visibility: { profile: true, top_artists: true, top_tracks: false, recent_listening: false } });
    const fetchMock = mockRoutes({ [USER]: ok(fanUser()), [DETAILS]: ok(privateTracks), [TOP_ARTISTS]: ok([]) });
    renderListening(`/user/${GRACE._id}`);

    expect(await screen.findByText('grace keeps their top tracks private.')).toBeTruthy();
    expect(screen.getByText('grace keeps their recent listening private.')).toBeTruthy();
    expect(await screen.findByText('No artists in the last 28 days.')).toBeTruthy();
    expect(requestsTo(fetchMock, TOP_TRACKS)).toHaveLength(0);
    expect(requestsTo(fetchMock, RECENT)).toHaveLength(0);
  });

  it('shows a fan their own profile in full, and says so', async () => {
    const me = userDetails({ is_self: true, username: null, visibility: { profile: false, top_artists: false, top_tracks: false, recent_listening: false } });
    mockRoutes({ [USER]: ok(fanUser()), [DETAILS]: ok(me), [TOP_ARTISTS]: ok([]), [TOP_TRACKS]: ok([]), [RECENT]: ok([]) });
    renderListening(`/user/${GRACE._id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'A Pie fan' })).toBeTruthy();
    expect(screen.getByText('You')).toBeTruthy();
    expect(screen.getByText(/This is how other fans see your profile/)).toBeTruthy();
    expect(await screen.findByText('No tracks in the last 28 days.')).toBeTruthy();
    expect(screen.queryByText(/private\.$/)).toBeNull();
  });

  it('says plainly when the whole profile is private (403)', async () => {
    mockRoutes({ [USER]: ok(fanUser()), [DETAILS]: fails(403, 'This fan keeps their profile private') });
    renderListening(`/user/${GRACE._id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'This profile is private' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This fan keeps their profile private');
    expect(screen.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('says when there is no such fan (404)', async () => {
    mockRoutes({ [USER]: ok(fanUser()), [DETAILS]: fails(404, 'No fan with this id') });
    renderListening(`/user/${GRACE._id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Fan not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('No fan with this id');
  });

  it('treats a malformed id as no such fan (400)', async () => {
    mockRoutes({ [USER]: ok(fanUser()), 'GET /api/user/details/nope': fails(400, 'userId must be a valid id') });
    renderListening('/user/nope');

    expect(await screen.findByRole('heading', { level: 1, name: 'Fan not found' })).toBeTruthy();
  });

  it('offers a retry when the server fails', async () => {
    mockRoutes({ [USER]: ok(fanUser()), [DETAILS]: [fails(500, 'Something broke'), ok(GRACE)], [TOP_ARTISTS]: ok([]), [TOP_TRACKS]: ok([]), [RECENT]: ok([]) });
    const { user } = renderListening(`/user/${GRACE._id}`);

    expect((await screen.findByRole('alert')).textContent).toContain('Something broke');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'grace' })).toBeTruthy();
  });
});
