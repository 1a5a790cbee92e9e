import type { OrphanedTrackView } from '#pie/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeFanUser } from '@web/test/fixtures';
import { emptyListeningRoutes, jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';
import { activePie, emptyStats, ok, PIE_ID } from '../test-fixtures';

const orphan = (plays: number, minutes: number): OrphanedTrackView => ({ trackId: `t${plays}`, name: 'Unknown', artistNames: [], plays, listenedMs: minutes * 60_000 });

function pieRoutes(orphans: OrphanedTrackView[], lookUp = ok({ queued: true, jobId: 'job_1' })) {
  return mockRoutes({
    ...emptyListeningRoutes(),
    'GET /api/user': ok(makeFanUser()),
    'GET /api/pie/active': ok(activePie),
    [`GET /api/pie/${PIE_ID}/realtime-stats`]: ok(emptyStats),
    [`GET /api/pie/${PIE_ID}/orphaned-tracks`]: ok(orphans),
    'POST /api/pie/add-missing-tracks-anytime': lookUp,
  });
}

describe('/pie: listening waiting for track details', () => {
  it('says how much listening waits for its tracks and starts the look-up on request', async () => {
    const fetchMock = pieRoutes([orphan(3, 7), orphan(1, 4)]);
    const { user } = renderApp('/pie', { session: { status: 'authenticated', redirectTo: null } });

    const notice = (await screen.findByText('Some of your listening is waiting for track details')).closest('[role="alert"], .mantine-Alert-root') as HTMLElement;
    expect(within(notice).getByText('4 plays (11 min) of 2 tracks this period count toward your pie once we know who made them.')).toBeTruthy();
    await user.click(within(notice).getByRole('button', { name: 'Look them up now' }));
    expect((await within(notice).findByRole('status')).textContent).toBe('Looking them up now. Your split updates once they are found.');
    expect(requestsTo(fetchMock, 'POST /api/pie/add-missing-tracks-anytime')).toHaveLength(1);
  });

  it('shows why a look-up was refused, and nothing at all when no listening waits', async () => {
    pieRoutes([orphan(1, 2)], () => Promise.resolve(jsonResponse({ success: false, statusCode: 429, code: 'rate-limited', message: 'Too many attempts. Please wait 540 seconds and try again.' }, 429)));
    const { user, unmount } = renderApp('/pie', { session: { status: 'authenticated', redirectTo: null } });
    await user.click(await screen.findByRole('button', { name: 'Look them up now' }));
    expect((await screen.findByText(/Too many attempts/)).getAttribute('role')).toBe('alert');
    unmount();

    const fetchMock = pieRoutes([]);
    renderApp('/pie', { session: { status: 'authenticated', redirectTo: null } });
    expect(await screen.findByRole('heading', { name: 'Your split right now' })).toBeTruthy();
    await waitFor(() => expect(requestsTo(fetchMock, `GET /api/pie/${PIE_ID}/orphaned-tracks`)).toHaveLength(1));
    await act(async () => {}); // the (empty) answer rendered
    expect(screen.queryByText('Some of your listening is waiting for track details')).toBeNull();
  });
});
