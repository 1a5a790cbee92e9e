import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockRoutes, requestsTo } from '@web/test/render';
import { addDays, dayStartIso } from '../period';
import { page, play, track } from '../test-fixtures';
import { fails, fanUser, ok, queryOf, renderListening } from '../test-support';

const USER = 'GET /api/user';
const LATEST = 'GET /api/tracks/user/latest';

const plays = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) =>
    play({ track: track({ name: `Song ${from + index}` }), played_at: new Date(Date.UTC(2026, 2, 1, 12, 0) - (from + index) * 60_000).toISOString() }),
  );

/** Answers the history call with the page asked for (total 120 plays). */
function historyAnswer(total = 120) {
  return (request?: Request) => {
    const query = request ? queryOf(request) : {};
    const pageNumber = Number(query.page ?? 1);
    const limit = Number(query.limit ?? 50);
    const start = (pageNumber - 1) * limit;
    return ok(plays(start + 1, Math.max(0, Math.min(limit, total - start))), page(pageNumber, limit, total))();
  };
}

/** mockRoutes answers without the request: route the latest call through one that reads it. */
function routesWithHistory(total = 120) {
  const answer = historyAnswer(total);
  const fetchMock = mockRoutes({ [USER]: ok(fanUser()), [LATEST]: () => answer() });
  const original = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input as string);
    if (new URL(request.url).pathname === '/api/tracks/user/latest') return answer(request);
    return original(input, init);
  });
  return fetchMock;
}

function rowsOf(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.querySelector('p')!.textContent!);
}

describe('history', () => {
  it('lists the plays of a page and pages through them with the page in the URL', async () => {
    const fetchMock = routesWithHistory();
    const { user, router } = renderListening('/history');

    const table = await screen.findByRole('table', { name: '120 plays, newest first · page 1 of 3' });
    expect(rowsOf(table)).toHaveLength(50);
    expect(rowsOf(table)[0]).toBe('Song 1');
    expect(screen.getByText('Showing plays 1–50 of 120')).toBeTruthy();
    expect(within(table).getAllByText('3:07')).toHaveLength(50);
    expect(document.title).toBe('History · Pie');

    const pager = screen.getByRole('navigation', { name: 'History pages' });
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    await user.click(within(pager).getByRole('link', { name: 'Next page' }));

    expect(await screen.findByRole('table', { name: '120 plays, newest first · page 2 of 3' })).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(rowsOf(screen.getByRole('table'))[0]).toBe('Song 51');
    expect(queryOf(requestsTo(fetchMock, LATEST).at(-1)!)).toEqual({ page: '2', limit: '50' });

    await user.click(within(screen.getByRole('navigation', { name: 'History pages' })).getByRole('link', { name: 'Next page' }));
    const last = await screen.findByRole('table', { name: '120 plays, newest first · page 3 of 3' });
    expect(rowsOf(last)).toHaveLength(20);
    expect(within(screen.getByRole('navigation', { name: 'History pages' })).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Showing plays 101–120 of 120')).toBeTruthy();
  });

  it('searches and filters by period through the URL, back on page 1', async () => {
    const fetchMock = routesWithHistory();
    const { user, router } = renderListening('/history?page=2');

    await screen.findByRole('table', { name: /page 2 of 3/ });
    const form = screen.getByRole('search', { name: 'Search your plays' });
    await user.type(within(form).getByRole('textbox', { name: 'Search' }), 'abba, live');
    await user.type(within(form).getByLabelText('From'), '2026-01-01');
    await user.type(within(form).getByLabelText('To'), '2026-01-31');
    await user.click(within(form).getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.search).toBe('?q=abba%2C+live&from=2026-01-01&to=2026-01-31'));
    await screen.findByRole('table', { name: /matching plays, newest first · page 1 of 3/ });
    expect(queryOf(requestsTo(fetchMock, LATEST).at(-1)!)).toEqual({
      page: '1',
      limit: '50',
      search: 'abba, live',
      from: dayStartIso('2026-01-01'),
      to: dayStartIso(addDays('2026-01-31', 1)),
    });

    // The fields (a new form for the new URL) show what is searched; Clear removes it all.
    expect((within(screen.getByRole('search')).getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('abba, live');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens a page, size and search straight from the URL', async () => {
    const fetchMock = routesWithHistory(300);
    renderListening('/history?page=3&limit=10&q=queen');

    await screen.findByRole('table', { name: '300 matching plays, newest first · page 3 of 30' });
    expect(queryOf(requestsTo(fetchMock, LATEST)[0]!)).toEqual({ page: '3', limit: '10', search: 'queen' });
    expect((screen.getByLabelText('Plays per page') as HTMLSelectElement).value).toBe('10');
  });

  it('changes the page size and goes back to page 1', async () => {
    routesWithHistory();
    const { user, router } = renderListening('/history?page=2');

    await screen.findByRole('table', { name: /page 2 of 3/ });
    await user.selectOptions(screen.getByLabelText('Plays per page'), '25');
    await waitFor(() => expect(router.state.location.search).toBe('?limit=25'));
    expect(await screen.findByRole('table', { name: '120 plays, newest first · page 1 of 5' })).toBeTruthy();
  });

  it('says when there are no plays yet, and points to settings', async () => {
    mockRoutes({ [USER]: ok(fanUser()), [LATEST]: ok([], page(1, 50, 0)) });
    renderListening('/history');

    expect(await screen.findByText(/No plays yet\. Connect Spotify/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings#listening');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when nothing matches a search', async () => {
    mockRoutes({ [USER]: ok(fanUser()), [LATEST]: ok([], page(1, 50, 0)) });
    renderListening('/history?q=zzz');

    expect(await screen.findByText('No plays match your search.')).toBeTruthy();
  });

  it('refuses a period that ends before it starts, without asking the server', async () => {
    const fetchMock = mockRoutes({ [USER]: ok(fanUser()) });
    renderListening('/history?from=2026-02-01&to=2026-01-01');

    expect((await screen.findByRole('alert')).textContent).toBe('The start date must be on or before the end date.');
    expect(requestsTo(fetchMock, LATEST)).toHaveLength(0);
  });

  it('shows the server’s reason when plays cannot be loaded, and retries', async () => {
    mockRoutes({ [USER]: ok(fanUser()), [LATEST]: [fails(500, 'The database is busy'), ok(plays(1, 3), page(1, 50, 3))] });
    const { user } = renderListening('/history');

    expect((await screen.findByRole('alert')).textContent).toContain('The database is busy');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: '3 plays, newest first · page 1 of 1' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'History pages' })).toBeNull();
  });
});
