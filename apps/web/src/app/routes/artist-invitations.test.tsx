import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeArtistUser } from '@web/test/fixtures';
import { jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';

const TOKEN = 'a'.repeat(43);
const OFFICE_TOKEN = `${'n'.repeat(20)}.mj3k2l.${'s'.repeat(43)}`;
const BLUE = '0b5c3f4e-8f0e-4b7a-9a57-4d6f1c2b3a10';
const RED = '7a2d4e5f-1c3b-4d6e-8f9a-0b1c2d3e4f50';
const GREEN = '1d2e3f40-5a6b-4c7d-8e9f-a0b1c2d3e4f5';

const ok = (data: unknown) => () => jsonResponse({ success: true, data });
const notSignedIn = () => jsonResponse({ success: false, statusCode: 401, message: 'You are not signed in' }, 401);
const office = (id: string, name: string, role: 'admin' | 'member') => ({ _id: id, name, type: 'management', role, members: [] });

const inviteRoutes = (signedIn: boolean) => ({
  'GET /api/artist-invite/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/verify': ok({ artist: { _id: 'artist-1', name: 'Velvet Orbit', image_url: null }, expires_at: '2026-12-20T00:00:00.000Z' }),
  'GET /api/for-artists/user': signedIn ? ok(makeArtistUser()) : notSignedIn,
  'GET /api/for-artists/offices': ok([office(BLUE, 'Blue Notes', 'admin'), office(RED, 'Red Room', 'member'), office(GREEN, 'Green Label', 'admin')]),
  'POST /api/artist-invite/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/redeem': ok({ officeId: GREEN, claim: { id: 'claim-1' } }),
  'GET /api/for-artists/claims/claim-1/detailed': ok(null),
});

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('an artist invite', () => {
  it('lets an artist who is already signed in choose which of the offices they run the artist goes into, and accept without logging in', async () => {
    const fetchMock = mockRoutes(inviteRoutes(true));
    const { user, router } = renderApp(`/artist-invite/${TOKEN}`, { artistSession: { status: 'unknown', redirectTo: null } });

    const where = await screen.findByRole('radiogroup', { name: 'Which office does Velvet Orbit go into?' });
    // Only the offices they administer, and a new one; the first of them is preselected.
    expect(within(where).getAllByRole('radio').map((radio) => radio.closest('div')?.parentElement?.textContent)).toEqual(['Blue Notes', 'Green Label', 'A new office named “Velvet Orbit”']);
    expect((within(where).getByLabelText('Blue Notes') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();

    await user.click(within(where).getByLabelText('Green Label'));
    await user.click(screen.getByRole('button', { name: 'Accept and claim Velvet Orbit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/for-artists/artists/claim-1'));
    const [redeem] = requestsTo(fetchMock, 'POST /api/artist-invite/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/redeem');
    expect(await redeem!.json()).toEqual({ officeId: GREEN });
  });

  it('asks for a new office only when the person chooses it', async () => {
    const fetchMock = mockRoutes(inviteRoutes(true));
    const { user } = renderApp(`/artist-invite/${TOKEN}`, { artistSession: { status: 'unknown', redirectTo: null } });
    await user.click(await screen.findByLabelText('A new office named “Velvet Orbit”'));
    await user.click(screen.getByRole('button', { name: 'Accept and claim Velvet Orbit' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/artist-invite/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/redeem')).toHaveLength(1));
    expect(await requestsTo(fetchMock, 'POST /api/artist-invite/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/redeem')[0]!.json()).toEqual({ newOffice: true });
  });

  it('offers an anonymous visitor to sign up or log in, and brings them back to the invite', async () => {
    mockRoutes(inviteRoutes(false));
    const { user, store } = renderApp(`/artist-invite/${TOKEN}`, { artistSession: { status: 'unknown', redirectTo: null } });
    expect(await screen.findByRole('button', { name: 'Create an artist account' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Artist log in' })).toBeTruthy();
    expect(store.getState().artistSession.redirectTo).toBe(`/artist-invite/${TOKEN}`);
  });
});

describe('the artist login page for someone already signed in', () => {
  it('goes where they were on their way to (an invitation), not to the area’s home', async () => {
    mockRoutes(inviteRoutes(true));
    const { router } = renderApp('/for-artists/login', { artistSession: { status: 'authenticated', redirectTo: `/artist-invite/${TOKEN}` } });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/artist-invite/${TOKEN}`));
  });
});

describe('an office invitation', () => {
  const officeInvitation = (signedIn: boolean) => ({
    [`GET /api/for-artists/offices/${BLUE}/validate-invitation`]: ok({ office: { _id: BLUE, name: 'Blue Notes' }, email: 'nina@example.com', role: 'member', expires_at: '2026-12-01T00:00:00.000Z' }),
    'GET /api/for-artists/user': signedIn ? ok(makeArtistUser()) : notSignedIn,
    [`POST /api/for-artists/offices/accept-invitation/${OFFICE_TOKEN}`]: ok(office(BLUE, 'Blue Notes', 'member')),
    'GET /api/for-artists/offices': ok([office(BLUE, 'Blue Notes', 'member')]),
    [`GET /api/for-artists/offices/${BLUE}/members`]: ok([]),
  });

  it('is accepted by an artist already signed in, without logging in again', async () => {
    const fetchMock = mockRoutes(officeInvitation(true));
    const { user, router } = renderApp(`/for-artists/office-invitation/${BLUE}?token=${OFFICE_TOKEN}`, { artistSession: { status: 'unknown', redirectTo: null } });
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(screen.queryByRole('button', { name: 'Log in to accept' })).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/for-artists/team'));
    expect(await requestsTo(fetchMock, `POST /api/for-artists/offices/accept-invitation/${OFFICE_TOKEN}`)[0]!.json()).toEqual({ officeId: BLUE });
  });

  it('offers someone not signed in to log in or create an account, both coming back to the invitation', async () => {
    mockRoutes(officeInvitation(false));
    const { user, store } = renderApp(`/for-artists/office-invitation/${BLUE}?token=${OFFICE_TOKEN}`, { artistSession: { status: 'unknown', redirectTo: null } });
    await user.click(await screen.findByRole('button', { name: 'Create an artist account' }));
    expect(store.getState().artistSession.redirectTo).toBe(`/for-artists/office-invitation/${BLUE}?token=${encodeURIComponent(OFFICE_TOKEN)}`);
    expect(await screen.findByRole('heading', { name: 'Create your artist account' })).toBeTruthy();
  });
});
