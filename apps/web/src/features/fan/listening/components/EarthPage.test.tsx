import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockRoutes, requestsTo } from '@web/test/render';
import { CHOROPLETH_COLORS, NO_DATA_COLOR } from '../choropleth';
import { fanArtist, page } from '../test-fixtures';
import { fails, fanUser, ok, queryOf, renderListening } from '../test-support';

const USER = 'GET /api/user';
const ARTISTS = 'GET /api/artists/user';
const H = 3_600_000;

const artists = [
  fanArtist({ name: 'Kraftwerk', country: 'DE', listened_ms: 3 * H, plays: 50 }),
  fanArtist({ name: 'ABBA', country: 'SE', listened_ms: 3 * H, plays: 40 }),
  fanArtist({ name: 'Can', country: 'DE', listened_ms: 2 * H, plays: 30 }),
  fanArtist({ name: 'Prince', country: 'US', listened_ms: 1 * H, plays: 20 }),
  fanArtist({ name: 'Os Mutantes', country: 'BR', listened_ms: H / 2, plays: 10 }),
  fanArtist({ name: 'Mystery', country: null, listened_ms: H / 4, plays: 5 }),
];

function countryRows(table: HTMLElement): string[] {
  const body = table.querySelector('tbody')!;
  return within(body)
    .getAllByRole('row')
    .map((row) => within(row).getByRole('rowheader').textContent!);
}

describe('earth', () => {
  it('shades the world map by listening time, with a legend and a table of countries', async () => {
    const fetchMock = mockRoutes({ [USER]: ok(fanUser()), [ARTISTS]: ok(artists, page(1, 100, artists.length)) });
    renderListening('/earth');

    expect(await screen.findByRole('heading', { level: 1, name: 'Where your artists come from' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Countries of the artists you listened to, sorted by listened (descending)' });
    expect(countryRows(table)).toEqual(['Germany', 'Sweden', 'United States', 'Brazil']);
    const germany = within(table).getByRole('row', { name: /^Germany/ });
    expect(within(germany).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '80', '5 h', '51.3%']);
    const unknown = within(table).getByRole('row', { name: /^Unknown country/ });
    expect(within(unknown).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '5', '15 min', '2.6%']);
    expect(screen.getByText('1 artist (15 min) without a known country is counted apart.')).toBeTruthy();

    const legend = screen.getByRole('list', { name: 'Legend: listening time per country' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['up to 30 min', '30 min to 1 h', '1 h to 3 h', 'over 3 h', 'No listening']);

    const map = await screen.findByRole('img', { name: /^World map of where your artists come from, shaded by listening time: 4 countries; most listened: Germany \(5 h\), Sweden \(3 h\), United States \(1 h\)\.$/ });
    await waitFor(() => expect(map.querySelectorAll('path').length).toBeGreaterThan(150));
    const shade = (code: string) => map.querySelector(`path[data-country="${code}"]`)?.getAttribute('fill');
    expect(shade('DE')).toBe(CHOROPLETH_COLORS[4]);
    expect(shade('SE')).toBe(CHOROPLETH_COLORS[3]);
    expect(shade('BR')).toBe(CHOROPLETH_COLORS[0]);
    expect(shade('FR')).toBe(NO_DATA_COLOR);
    expect(map.querySelector('path[data-country="DE"] title')?.textContent).toBe('Germany: 5 h');
    expect(document.title).toBe('Your world · Pie');

    expect(queryOf(requestsTo(fetchMock, ARTISTS)[0]!)).toEqual({ page: '1', itemsPerPage: '100', sortBy: 'listened' });
  });

  it('sorts the table by any column, with the order announced', async () => {
    mockRoutes({ [USER]: ok(fanUser()), [ARTISTS]: ok(artists, page(1, 100, artists.length)) });
    const { user } = renderListening('/earth');

    const table = await screen.findByRole('table', { name: /sorted by listened/ });
    await user.click(within(table).getByRole('button', { name: 'Country' }));
    expect(countryRows(table)).toEqual(['Brazil', 'Germany', 'Sweden', 'United States']);
    expect(within(table).getByRole('columnheader', { name: 'Country' }).getAttribute('aria-sort')).toBe('ascending');
    expect(within(table).getByRole('columnheader', { name: 'Listened' }).getAttribute('aria-sort')).toBe('none');

    await user.click(within(table).getByRole('button', { name: 'Country' }));
    expect(countryRows(table)).toEqual(['United States', 'Sweden', 'Germany', 'Brazil']);

    await user.click(within(table).getByRole('button', { name: 'Artists' }));
    expect(countryRows(table)[0]).toBe('Germany');
    expect(within(table).getByRole('columnheader', { name: 'Artists' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('reads every page of the fan’s artists', async () => {
    const many = (count: number, country: string) => Array.from({ length: count }, () => fanArtist({ country, listened_ms: 60_000 }));
    const fetchMock = mockRoutes({
      [USER]: ok(fanUser()),
      [ARTISTS]: [ok(many(100, 'JP'), page(1, 100, 150)), ok(many(50, 'KR'), page(2, 100, 150))],
    });
    renderListening('/earth');

    const table = await screen.findByRole('table', { name: /sorted by listened/ });
    expect(countryRows(table)).toEqual(['Japan', 'South Korea']);
    expect(requestsTo(fetchMock, ARTISTS).map((request) => queryOf(request).page)).toEqual(['1', '2']);
  });

  it('says when no artist has a known country yet', async () => {
    mockRoutes({ [USER]: ok(fanUser()), [ARTISTS]: ok([fanArtist({ country: null })], page(1, 100, 1)) });
    renderListening('/earth');

    expect(await screen.findByText(/None of your artists has a known country yet/)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('explains an empty map when nothing is ingested', async () => {
    mockRoutes({ [USER]: ok(fanUser()), [ARTISTS]: ok([], page(1, 100, 0)) });
    renderListening('/earth');

    expect(await screen.findByText(/No listening yet, so no map/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings#listening');
  });

  it('shows the server’s reason when the artists cannot be loaded', async () => {
    mockRoutes({ [USER]: ok(fanUser()), [ARTISTS]: fails(503, 'Listening is resting') });
    renderListening('/earth');

    expect((await screen.findByRole('alert')).textContent).toContain('Listening is resting');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
