import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAdmin, makeArtistUser, makeFanUser } from '@web/test/fixtures';
import { emptyListeningRoutes, jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';

const fan = () => jsonResponse({ success: true, data: makeFanUser() });
const artist = () => jsonResponse({ success: true, data: makeArtistUser() });
const admin = () => jsonResponse({ success: true, data: makeAdmin() });
const notSignedIn = () => jsonResponse({ success: false, statusCode: 401, message: 'You are not signed in' }, 401);

describe('the fan area', () => {
  it('sends a visitor from a fan screen to /login and back there after logging in', async () => {
    mockRoutes({
      'GET /api/user': [notSignedIn(), fan()],
      'POST /api/auth/login': fan(),
      [`GET /api/pie/user/${makeFanUser()._id}/pies`]: () => jsonResponse({ success: true, data: [] }),
    });
    const { user, router } = renderApp('/my-pies');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'analytical');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My pies' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-pies');
    expect(await screen.findByRole('heading', { name: 'No pies yet' })).toBeTruthy();
  });

  it('shows the signed-in fan the area’s navigation, marking the current page', async () => {
    mockRoutes({ 'GET /api/user': fan() });
    renderApp('/history');

    expect(await screen.findByRole('heading', { level: 1, name: 'Listening history' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Your account' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Dashboard', 'Pie', 'My pies', 'History', 'Earth', 'Report', 'Help', 'Settings']);
    expect(within(nav).getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBe('page');
  });

  it('folds the navigation behind a menu button that opens and closes it', async () => {
    mockRoutes({ ...emptyListeningRoutes(), 'GET /api/user': fan() });
    const { user } = renderApp('/report');
    await screen.findByRole('heading', { level: 1, name: 'Listening report' });

    const button = screen.getByRole('button', { name: 'Open the menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(screen.getByRole('button', { name: 'Close the menu' }).getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById('area-menu')!;
    await user.click(within(menu).getByRole('link', { name: 'Earth' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Where your artists come from' })).toBeTruthy();
    await waitFor(() => expect(document.getElementById('area-menu')).toBeNull());
  });

  it('/pie shows an honest empty state, the create modal with its fees, and the rules of a pie', async () => {
    mockRoutes({
      'GET /api/user': fan(),
      'GET /api/pie/active': () => jsonResponse({ success: true, data: null }),
      'GET /api/pie/new/realtime-stats': () => jsonResponse({ success: true, data: { pieId: null, periodId: null, from: '', to: '', amountCents: 841, settings: { artistLimit: 20, artistPopularity: 0, excludeNonActive: false }, artists: [], estimate: { days: 28 } } }),
    });
    const { user } = renderApp('/pie');

    expect(await screen.findByRole('heading', { name: 'No pies yet' })).toBeTruthy();
    const rules = screen.getByRole('region', { name: 'How your pie works' });
    expect(rules.textContent).toContain('largest-remainder');
    expect(rules.textContent).toContain('10% by default');

    // $12.50: Stripe's 2.9% + 30¢ ≈ 66¢, Pie's 10% = $1.25, $10.59 for the artists, shown before paying.
    await user.click(screen.getByRole('button', { name: 'Create your pie' }));
    const amount = await screen.findByLabelText(/Amount per period/);
    await user.clear(amount);
    await user.type(amount, '12.50');
    const fees = screen.getByRole('table', { name: 'What you pay and what your artists get' });
    expect(fees.textContent).toContain('$12.50');
    expect(fees.textContent).toContain('−$0.66');
    expect(fees.textContent).toContain('−$1.25');
    expect(fees.textContent).toContain('$10.59');
    await user.clear(amount);
    await user.type(amount, '12.345');
    expect(screen.getByText('The amount must have at most two decimals')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue to payment' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('/help answers how the split works, the fees and the money of unclaimed artists, before signing in too', async () => {
    const fetchMock = mockRoutes({});
    renderApp('/help');

    const split = await screen.findByRole('region', { name: 'How is my pie split?' });
    expect(split.textContent).toMatch(/in proportion to how long you listened/);
    expect(split.textContent).toMatch(/split evenly among them/);
    expect(split.textContent).toMatch(/largest-remainder method/);
    const fees = screen.getByRole('region', { name: 'What are the fees?' });
    expect(fees.textContent).toMatch(/payment processor's fee/);
    expect(fees.textContent).toMatch(/10% by default/);
    const unclaimed = screen.getByRole('region', { name: 'What happens to money for artists who are not on Pie yet?' });
    expect(unclaimed.textContent).toMatch(/escrow/);
    expect(unclaimed.textContent).toMatch(/after 12 months, it comes back to your wallet/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the public pages', () => {
  it('/ explains Pie to a newcomer with the ways in', async () => {
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 2, name: 'How it works' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get a free $5 pie' }).getAttribute('href')).toBe('/try');
    expect(screen.getByRole('link', { name: 'Pie for artists' }).getAttribute('href')).toBe('/for-artists');
  });

  it.each([
    ['/', 'Pie', 'pie-split'],
    ['/for-artists', 'Pie for artists', 'artist-record'],
  ])('%s shows its illustration, inline and hidden from assistive technology', async (path, heading, name) => {
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: heading });

    const illustration = document.querySelector(`svg[data-illustration="${name}"]`)!;
    expect(illustration).toBeTruthy();
    expect(illustration.getAttribute('aria-hidden')).toBe('true');
    // Drawn in the page: nothing to download.
    expect(illustration.querySelector('image, use[href^="http"]')).toBeNull();
  });

  it('/error is the general error screen, leading to the homepage', async () => {
    renderApp('/error');

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(
      screen.getByText("We're sorry, but an error occurred. Our team has been notified and we're working to fix it."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/');
  });

  it('/delete-account-instructions explains how, for fans and artists', async () => {
    renderApp('/delete-account-instructions');

    expect(await screen.findByRole('heading', { level: 1, name: 'How to delete your account' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'If you are a fan' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'If you are an artist or a team member' })).toBeTruthy();
  });

  it('/privacy-policy lists every cookie Pie sets with its category', async () => {
    renderApp('/privacy-policy');

    const table = await screen.findByRole('table', { name: 'The cookies Pie sets' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').slice(0, 2).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['fan_access_token', 'Essential'],
      ['artist_access_token', 'Essential'],
      ['admin_access_token', 'Essential'],
      ['XSRF-TOKEN', 'Essential'],
      ['oauth_round_trip', 'Essential'],
      ['cookie-preferences', 'Essential'],
      ['spotify_auth_token', 'Performance and functionality'],
    ]);
  });
});

describe('the artist area', () => {
  it('/for-artists explains how an artist gets the money fans send, with the ways in', async () => {
    renderApp('/for-artists');

    const steps = await screen.findByRole('region', { name: 'From fans’ listening to your bank' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Your money waits for you' }).textContent).toMatch(/escrow/);
    expect(screen.getByRole('link', { name: 'Create an artist account' }).getAttribute('href')).toBe('/for-artists/register');
  });

  it.each([
    ['twitter', 'success', 'X (Twitter) account verified'],
    ['instagram', 'failed', 'Instagram verification failed'],
  ])('/for-artists/verification/%s/%s says so', async (platform, result, heading) => {
    mockRoutes({ 'GET /api/for-artists/user': artist() });
    renderApp(`/for-artists/verification/${platform}/${result}`);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('the verification-failed page words only reasons Pie knows, never text its URL carries', async () => {
    mockRoutes({ 'GET /api/for-artists/user': artist() });
    const { unmount } = renderApp('/for-artists/verification/twitter/failed?reason=other-account&message=Call%20us%20at%20555-SCAM');
    expect(await screen.findByText('The X (Twitter) account you signed in with is not the one the artist’s Spotify profile (or MusicBrainz entry) links to.')).toBeTruthy();
    expect(screen.queryByText(/555-SCAM/)).toBeNull();
    unmount();

    renderApp('/for-artists/verification/twitter/failed?reason=Send%20your%20password%20to%20evil.example');
    await screen.findByRole('heading', { level: 1, name: 'X (Twitter) verification failed' });
    expect(screen.queryByText(/evil\.example/)).toBeNull();
  });

  it('/for-artists/error leads to the artist home', async () => {
    renderApp('/for-artists/error');

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/for-artists');
  });

  it('an office invitation without its token says the link is incomplete', async () => {
    renderApp('/for-artists/office-invitation/office-1');

    expect(await screen.findByRole('heading', { name: 'This invitation link is incomplete' })).toBeTruthy();
  });
});

describe('the admin area', () => {
  it('/admin/claims lists the claims 20 a page, sorts by a column and filters by status', async () => {
    const claim = { id: 'c1', status: 'pending', artistId: 'a1', artistName: 'Nina Blue', officeId: 'o1', officeName: 'Blue Office', claimedBy: 'nina@x.test', verificationMethod: 'bio', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', verifiedAt: null };
    const fetchMock = mockRoutes({
      'GET /api/admin/profile': admin(),
      'GET /api/admin/claims/list': () => Promise.resolve(jsonResponse({ success: true, data: [claim], pagination: { page: 1, limit: 20, total: 1, pages: 1 } })),
    });
    const { user } = renderApp('/admin/claims');

    await screen.findByText('Nina Blue');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Artist', 'Claimed by', 'Office', 'Status', 'Created ↓']);
    expect(screen.getByRole('link', { name: 'Nina Blue' }).getAttribute('href')).toBe('/admin/claims/c1');
    await user.click(screen.getByRole('button', { name: 'Artist' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    const sent = requestsTo(fetchMock, 'GET /api/admin/claims/list').map((request) => Object.fromEntries(new URL(request.url).searchParams));
    expect(sent.at(-1)).toMatchObject({ sortBy: 'artistName', sortOrder: 'desc', status: 'pending', page: '1' });
    expect(screen.getByRole('navigation', { name: 'Back office' })).toBeTruthy();
  });

  it('/admin/fans says so when no fan matches', async () => {
    mockRoutes({
      'GET /api/admin/profile': admin(),
      'GET /api/admin/fans': () => Promise.resolve(jsonResponse({ success: true, data: [], pagination: { page: 1, limit: 10, total: 0, pages: 0 } })),
    });
    renderApp('/admin/fans');
    expect(await screen.findByText('No fan matches.')).toBeTruthy();
  });

  it('sends a visitor from an admin screen to /admin and back after signing in', async () => {
    mockRoutes({ 'GET /api/admin/profile': [notSignedIn(), admin()], 'POST /api/admin/auth/login': admin() });
    const { user, router } = renderApp('/admin/finances');

    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'grace@pie.local');
    await user.type(screen.getByLabelText(/^Password/), 'compiler-1952');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Finances' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/finances');
  });
});
