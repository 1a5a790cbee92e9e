import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FanImpactView } from '#pie/contracts';
import { emptyImpact, mockRoutes, requestsTo } from '@web/test/render';
import { page } from '../test-fixtures';
import { fails, fanUser, ok, queryOf, renderListening } from '../test-support';

const IMPACT = 'GET /api/report/impact';

function impact(overrides: Partial<FanImpactView> = {}): FanImpactView {
  return {
    ...emptyImpact(),
    paidInCents: 2000,
    givenToArtistsCents: 1682,
    artistCount: 3,
    belowMedian: { cents: 1041, shareBps: 6189, medianPopularity: 50 },
    months: [
      { month: '2025-12', paidInCents: 1000, givenToArtistsCents: 841 },
      { month: '2026-01', paidInCents: 1000, givenToArtistsCents: 0 },
      { month: '2026-02', paidInCents: 0, givenToArtistsCents: 841 },
    ],
    countries: [
      { code: 'FR', givenCents: 641, artists: 1 },
      { code: 'JP', givenCents: 500, artists: 1 },
    ],
    unknownCountry: { givenCents: 541, artists: 1 },
    artists: [],
    waiting: [
      { artistId: '11111111-1111-4111-8111-111111111111', name: 'Niche Band', heldCents: 500, claimed: false },
      { artistId: '22222222-2222-4222-8222-222222222222', name: 'Claimed Star', heldCents: 641, claimed: true },
    ],
    waitingCents: 1141,
    card: { namesFan: true, namesArtists: true },
    ...overrides,
  };
}

function routes(answer: Parameters<typeof mockRoutes>[0][string]) {
  return mockRoutes({
    'GET /api/user': ok(fanUser()),
    'GET /api/tracks/user/latest': ok([], page(1, 1, 0)),
    'GET /api/artists/user': ok([], page(1, 100, 0)),
    'GET /api/tracks/user/popular': ok([], page(1, 100, 0)),
    [IMPACT]: answer,
  });
}

const section = () => screen.findByRole('region', { name: 'Your impact' });

describe('the report’s impact section', () => {
  it('says it is loading, then shows the money, per month, per country, what waits, and the card to download', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    routes(async () => {
      await gate;
      return ok(impact())();
    });
    renderListening('/report');
    expect(await within(await section()).findByText('Loading your impact...')).toBeTruthy();
    release();

    const region = await section();
    const value = async (label: string) => (await within(region).findByText(label, { selector: 'dt' })).nextElementSibling?.textContent;
    expect(await value('Paid in')).toBe('$20.00');
    expect(await value('Given to artists')).toBe('$16.82');
    expect(await value('Artists funded')).toBe('3');
    expect(await value('To less listened artists')).toBe('61%');

    const months = within(region).getByRole('table', { name: 'Your money per month' });
    expect(within(months).getAllByRole('row').map((row) => row.textContent)).toEqual(['MonthPaid inGiven to artists', 'Dec 2025$10.00$8.41', 'Jan 2026$10.00$0.00', 'Feb 2026$0.00$8.41']);
    const countries = within(region).getByRole('table', { name: 'Money given per country' });
    expect(within(countries).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['France1$6.41', 'Japan1$5.00']);
    expect(within(region).getByText('1 artist without a known country: $5.41.')).toBeTruthy();

    const waiting = within(region).getByRole('table', { name: 'Artists who have not received your money yet' });
    expect(within(waiting).getByRole('button', { name: 'Invite Niche Band' })).toBeTruthy();
    expect(within(waiting).queryByRole('button', { name: 'Invite Claimed Star' })).toBeNull();
    expect(within(waiting).getByText('Claimed: paid once their Stripe account is ready')).toBeTruthy();

    const download = within(region).getByRole('link', { name: 'Download card' });
    expect(download.getAttribute('href')).toBe('/api/report/impact/card.png');
    expect(download.hasAttribute('download')).toBe(true);
  });

  it('switches to one year: asks for it and downloads that year’s card', async () => {
    const fetchMock = routes([ok(impact()), ok(impact({ scope: { kind: 'year', year: 2025, periodId: null, label: '2025' }, paidInCents: 1000 }))]);
    const { user } = renderListening('/report');
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: '2025' }));
    await waitFor(() => expect(within(region).getByRole('link', { name: 'Download card' }).getAttribute('href')).toBe('/api/report/impact/card.png?year=2025'));
    expect(requestsTo(fetchMock, IMPACT).map(queryOf)).toEqual([{}, { year: '2025' }]);
    expect(within(region).getByRole('button', { name: '2025' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('tells a private fan their card names nobody', async () => {
    routes(ok(impact({ card: { namesFan: false, namesArtists: false } })));
    renderListening('/report');
    const region = await section();
    expect(await within(region).findByText(/Your profile is private: your card shows figures only, no names/)).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'Change it in Settings' }).getAttribute('href')).toBe('/settings');
  });

  it('says plainly when no money has moved yet, with no card to download', async () => {
    routes(ok(emptyImpact()));
    renderListening('/report');
    const region = await section();
    expect(await within(region).findByText(/No money has moved yet/)).toBeTruthy();
    expect(within(region).queryByRole('link', { name: 'Download card' })).toBeNull();
  });

  it('shows the server’s message when the impact cannot be loaded, and tries again', async () => {
    const fetchMock = routes([fails(503, 'The books are being balanced'), ok(impact())]);
    const { user } = renderListening('/report');
    const region = await section();
    expect(await within(region).findByText('The books are being balanced')).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('$16.82')).toBeTruthy();
    expect(requestsTo(fetchMock, IMPACT)).toHaveLength(2);
  });
});
