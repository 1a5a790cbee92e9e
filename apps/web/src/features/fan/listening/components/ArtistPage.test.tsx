import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockRoutes, requestsTo } from '@web/test/render';
import { artistDetails, fanTrack, track } from '../test-fixtures';
import { fails, ok, queryOf, renderListening } from '../test-support';

const ARTIST = artistDetails({ name: 'Robyn', country: 'SE', genres: ['electropop', 'dance'], popularity: 73, listeners_28d: 12, total_listeners: 40, tracks_count: 9 });
const DETAILS = `GET /api/artists/details/${ARTIST.id}`;
const MINE = `GET /api/artists/details/user/${ARTIST.id}`;
const TOP = `GET /api/artists/${ARTIST.id}/top-tracks`;
const FANS = `GET /api/artists/${ARTIST.id}/fans`;
const STANDING = `GET /api/claims/artist/${ARTIST.id}`;
const CLAIM_ID = '00000000-0000-4000-8000-00000000c1a1';
const REPORT = `POST /api/claims/report/${CLAIM_ID}`;
const unclaimed = { artistId: ARTIST.id, claimed: false, claimId: null, claimedSince: null, escrowCents: 1682, escrowFans: 4 };
const claimed = { artistId: ARTIST.id, claimed: true, claimId: CLAIM_ID, claimedSince: '2026-10-01T00:00:00.000Z', escrowCents: 339, escrowFans: 2 };

const fan = (n: number) => ({ _id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`, username: `fan${n}`, listened_ms: 3_600_000, plays: 20 });
const mine = {
  artist: ARTIST,
  listened_ms: 5_400_000,
  plays: 31,
  counted_plays: 31,
  first_played_at: '2025-11-02T10:00:00.000Z',
  last_played_at: '2026-03-01T10:00:00.000Z',
  top_tracks: [fanTrack({ track: track({ name: 'Dancing On My Own' }), plays: 17, listened_ms: 3_000_000 })],
};

function routes(overrides: Record<string, ReturnType<typeof ok> | Array<ReturnType<typeof ok>>> = {}) {
  return mockRoutes({
    [DETAILS]: ok(ARTIST),
    [MINE]: ok(mine),
    [TOP]: ok([{ track: track({ name: 'Call Your Girlfriend' }), plays: 250, listeners: 18 }]),
    [STANDING]: ok(unclaimed),
    [FANS]: [ok({ total_fans: 25, fans: [fan(1), fan(2)] }, { page: 1, limit: 20, total: 25, pages: 2 }), ok({ total_fans: 25, fans: [fan(21)] }, { page: 2, limit: 20, total: 25, pages: 2 })],
    ...overrides,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

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
    expect(within(top).getByText('250 plays by 18 listeners')).toBeTruthy();

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
    routes({ [MINE]: ok({ ...mine, plays: 0, counted_plays: 0, listened_ms: 0, top_tracks: [], first_played_at: null, last_played_at: null }) });
    renderListening(`/artist/${ARTIST.id}`, { session: 'authenticated' });

    expect(await screen.findByText('You have not listened to Robyn on Pie yet.')).toBeTruthy();
  });

  it('says when no fan made their top artists public', async () => {
    routes({ [FANS]: ok({ total_fans: 3, fans: [] }, { page: 1, limit: 20, total: 3, pages: 1 }) });
    renderListening(`/artist/${ARTIST.id}`, { session: 'authenticated' });

    expect(await screen.findByText('None of them made their top artists public.')).toBeTruthy();
    expect(screen.getByText('3 fans listened in the last 28 days.')).toBeTruthy();
  });

  it('says what the figures count: the fan’s plays, and how many of them the public top tracks count (an upload is the fan’s only)', async () => {
    routes({ [MINE]: ok({ ...mine, plays: 334, counted_plays: 1 }), [TOP]: ok([{ track: track({ name: 'Call Your Girlfriend' }), plays: 1, listeners: 1 }]) });
    renderListening(`/artist/${ARTIST.id}`, { session: 'authenticated' });

    const yours = await screen.findByRole('region', { name: 'Your listening' });
    const plays = (await within(yours).findByText('Your plays', { selector: 'dt' })).parentElement!;
    expect(plays.textContent).toContain('334');
    expect(plays.textContent).toContain('1 counted in “Top tracks on Pie”');
    const top = screen.getByRole('region', { name: 'Top tracks on Pie' });
    expect(top.textContent).toContain('that their connected streaming accounts confirmed');
    expect(await within(top).findByText('1 play by 1 listener')).toBeTruthy();
  });

  it('says the artist is not on Pie yet, what waits in escrow for them, and invites them with a share link', async () => {
    routes();
    const { user } = renderListening(`/artist/${ARTIST.id}`, { session: 'authenticated' });
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', Object.create(navigator, { share: { value: share } }));

    const standing = await screen.findByRole('region', { name: 'Robyn on Pie' });
    expect(await within(standing).findByText('Not on Pie yet')).toBeTruthy();
    expect(standing.textContent).toContain('$16.82 from 4 fans waits in escrow for Robyn');
    expect(within(standing).getByRole('link', { name: 'Claim this profile on Pie for artists' }).getAttribute('href')).toBe('/for-artists');
    expect(within(standing).queryByRole('button', { name: 'Report this claim' })).toBeNull();

    await user.click(within(standing).getByRole('button', { name: 'Invite this artist' }));
    expect(share).toHaveBeenCalledWith({ title: 'Robyn on Pie', text: 'Robyn: fans fund you on Pie, and $16.82 waits for you. Claim your profile to receive it.', url: `${window.location.origin}/artist/${ARTIST.id}` });
    expect((await within(standing).findByRole('status')).textContent).toBe('Shared. Thank you for inviting them.');
  });

  it('copies the invitation when the device has no share sheet', async () => {
    routes();
    const { user } = renderListening(`/artist/${ARTIST.id}`, { session: 'anonymous' });
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', Object.create(navigator, { share: { value: undefined }, clipboard: { value: { writeText } } }));

    const standing = await screen.findByRole('region', { name: 'Robyn on Pie' });
    await user.click(await within(standing).findByRole('button', { name: 'Invite this artist' }));
    expect(writeText).toHaveBeenCalledWith(`Robyn: fans fund you on Pie, and $16.82 waits for you. Claim your profile to receive it. ${window.location.origin}/artist/${ARTIST.id}`);
    expect((await within(standing).findByRole('status')).textContent).toBe('Link copied: send it to Robyn or their team.');
  });

  it('says a claimed artist is on Pie and lets a fan report the claim, with a reason, after a confirmation', async () => {
    const fetchMock = routes({ [STANDING]: ok(claimed), [REPORT]: () => jsonResponse({ success: true, message: 'Thank you. Our team will look at this claim.', data: { reportId: 'r1' } }, 201) });
    const { user } = renderListening(`/artist/${ARTIST.id}`, { session: 'authenticated' });

    const standing = await screen.findByRole('region', { name: 'Robyn on Pie' });
    expect(await within(standing).findByText('On Pie', { selector: 'span' })).toBeTruthy();
    expect(standing.textContent).toContain('$3.39 from 2 fans waits in escrow until their team’s Stripe account can receive it.');
    expect(within(standing).queryByRole('button', { name: 'Invite this artist' })).toBeNull();

    await user.click(within(standing).getByRole('button', { name: 'Report this claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this claim?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Say why, in at least 3 characters')).toBeTruthy();
    expect(requestsTo(fetchMock, REPORT)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Why/), 'This is a fan page, not the band');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(standing).findByRole('status')).textContent).toBe('Thank you. Our team will look at this claim.');
    expect(await requestsTo(fetchMock, REPORT)[0]!.json()).toEqual({ reason: 'This is a fan page, not the band' });
    expect(within(standing).queryByRole('button', { name: 'Report this claim' })).toBeNull();
  });

  it('says so when the fan already reported the claim', async () => {
    routes({ [STANDING]: ok(claimed), [REPORT]: fails(409, 'You have already reported this claim. Our team will look at it; there is no need to report it again.') });
    const { user } = renderListening(`/artist/${ARTIST.id}`, { session: 'authenticated' });
    const standing = await screen.findByRole('region', { name: 'Robyn on Pie' });
    await user.click(await within(standing).findByRole('button', { name: 'Report this claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this claim?' });
    await user.type(within(dialog).getByLabelText(/^Why/), 'Not them');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(standing).findByRole('alert')).textContent).toContain('You have already reported this claim.');
  });

  it('asks a visitor to log in to report a claim', async () => {
    routes({ [STANDING]: ok(claimed) });
    renderListening(`/artist/${ARTIST.id}`, { session: 'anonymous' });
    const standing = await screen.findByRole('region', { name: 'Robyn on Pie' });
    expect((await within(standing).findByRole('link', { name: 'Log in' })).getAttribute('href')).toBe('/login');
    expect(within(standing).queryByRole('button', { name: 'Report this claim' })).toBeNull();
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
