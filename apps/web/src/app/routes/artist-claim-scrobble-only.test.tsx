import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeArtistUser } from '../../test/fixtures';
import { deferred, jsonResponse, mockRoutes, renderApp, requestsTo } from '../../test/render';

const CLAIM_ID = '3f1c2b3a-8f0e-4b7a-9a57-4d6f1c2b3a10';
const OFFICE_ID = '0b5c3f4e-8f0e-4b7a-9a57-4d6f1c2b3a10';
const MB_URL = 'https://musicbrainz.org/artist/6a5a8cf5-7a0f-4bd4-9f5d-2b8f3f2c0e11';
const ok = (data: unknown) => () => jsonResponse({ success: true, data });

const claim = {
  id: CLAIM_ID,
  _id: CLAIM_ID,
  status: 'pending',
  officeId: OFFICE_ID,
  artist: { _id: 'artist-1', name: 'Cedar Static', image_url: null, spotify_id: null },
  verificationMethod: 'bio',
  selectedPlatform: 'instagram',
  verificationString: 'pie-verify-1a2b3c',
  createdAt: '2026-11-27T10:00:00.000Z',
  verifiedAt: null,
  office: { _id: OFFICE_ID, name: 'Cedar Office' },
  history: [],
  lastAttempt: null,
};

describe('an open claim', () => {
  it('holds its verification and history back until the artist’s links have answered, so nothing moves as they come', async () => {
    const links = deferred<Response>();
    mockRoutes({
      'GET /api/for-artists/user': ok(makeArtistUser()),
      [`GET /api/for-artists/claims/${CLAIM_ID}/detailed`]: ok({ ...claim, history: [{ from: null, to: 'pending', at: '2026-11-27T10:00:00.000Z', reason: null }] }),
      'POST /api/for-artists/artist/socials/fetch': () => links.promise,
    });
    renderApp(`/for-artists/claims/${CLAIM_ID}`);

    expect(await screen.findByRole('heading', { name: 'Cedar Static' })).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toContain('Loading the artist\'s links…');
    expect(screen.queryByRole('heading', { name: 'Verify with the bio string' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'History' })).toBeNull();

    links.resolve(
      jsonResponse({
        success: true,
        data: {
          artistId: 'artist-1',
          spotifyArtistUrl: 'https://open.spotify.com/artist/cedar',
          linksFrom: { kind: 'spotify', url: 'https://open.spotify.com/artist/cedar' },
          links: { twitter: null, youtube: null, facebook: null, instagram: 'https://www.instagram.com/cedar_static' },
          verificationString: 'pie-verify-1a2b3c',
        },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Verify with the bio string' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'History' })).toBeTruthy();
    expect((screen.getByLabelText(/Spotify artist URL/) as HTMLInputElement).value).toBe('https://open.spotify.com/artist/cedar');
    expect(screen.getByRole('link', { name: 'Instagram page' }).getAttribute('href')).toBe('https://www.instagram.com/cedar_static');
  });
});

describe('claiming an artist known only from scrobbles', () => {
  it('says the links come from the artist’s MusicBrainz entry, asks for the listed page instead of a Spotify URL, and sends no Spotify URL', async () => {
    const fetchMock = mockRoutes({
      'GET /api/for-artists/user': ok(makeArtistUser()),
      [`GET /api/for-artists/claims/${CLAIM_ID}/detailed`]: ok(claim),
      'POST /api/for-artists/artist/socials/fetch': ok({
        artistId: 'artist-1',
        spotifyArtistUrl: null,
        linksFrom: { kind: 'musicbrainz', url: MB_URL },
        links: { twitter: null, youtube: null, facebook: null, instagram: 'https://www.instagram.com/cedar_static' },
        verificationString: 'pie-verify-1a2b3c',
      }),
      // Proof through MusicBrainz: the claim stays verifying until Pie's team confirms it by hand.
      [`POST /api/for-artists/claims/${CLAIM_ID}/verify-bio`]: ok({ ...claim, status: 'verifying' }),
    });
    const { user } = renderApp(`/for-artists/claims/${CLAIM_ID}`);

    expect((await screen.findByText(/Pie knows Cedar Static from listeners’ scrobbles, without a Spotify profile/)).textContent).toContain(
      'A bio on a Spotify profile needs the artist’s Spotify id.',
    );
    expect((await screen.findByRole('link', { name: 'MusicBrainz entry' })).getAttribute('href')).toBe(MB_URL);
    expect(screen.queryByLabelText(/Spotify artist URL/)).toBeNull();
    expect(screen.getByText(/Sign in to the account the artist’s MusicBrainz entry links to/)).toBeTruthy();
    const link = screen.getByLabelText(/Instagram link/) as HTMLInputElement;
    await waitFor(() => expect(link.value).toBe('https://www.instagram.com/cedar_static'));

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(requestsTo(fetchMock, `POST /api/for-artists/claims/${CLAIM_ID}/verify-bio`)).toHaveLength(1));
    const [sent] = requestsTo(fetchMock, `POST /api/for-artists/claims/${CLAIM_ID}/verify-bio`);
    expect(await sent!.json()).toEqual({ instagramLink: 'https://www.instagram.com/cedar_static' });
    expect(await screen.findByText(/String found on the page MusicBrainz lists\. .*Pie’s team confirms this by hand: the claim is successful once they have, and no money moves before\./)).toBeTruthy();
    expect(screen.queryByText('Verified: the profile is yours.')).toBeNull();
  });

  it('after a social sign-in proven through MusicBrainz, the result page says Pie’s team confirms it, not that the claim is successful', async () => {
    mockRoutes({ 'GET /api/for-artists/user': ok(makeArtistUser()) });
    renderApp(`/for-artists/verification/twitter/success?claim=${CLAIM_ID}&review=musicbrainz`);
    expect(await screen.findByText(/You signed in to the X \(Twitter\) account MusicBrainz lists for the artist\. .*Pie's team confirms this by hand/)).toBeTruthy();
    expect(screen.queryByText(/your claim is successful\.$/)).toBeNull();
  });
});
