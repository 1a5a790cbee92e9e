import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeArtistUser } from '@web/test/fixtures';
import { jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';

const OFFICE_ID = '0b5c3f4e-8f0e-4b7a-9a57-4d6f1c2b3a10';
const ok = (data: unknown) => () => jsonResponse({ success: true, data });
const member = (email: string, role: 'admin' | 'member', userId: string) => ({ user_id: userId, email, role, status: 'active', first_name: null, last_name: null, invited_at: null, joined_at: '2026-11-01T00:00:00.000Z' });

describe('/for-artists/team', () => {
  it('asks before removing a member, naming them, and removes only once confirmed', async () => {
    const fetchMock = mockRoutes({
      'GET /api/for-artists/user': ok(makeArtistUser()),
      'GET /api/for-artists/offices': ok([{ _id: OFFICE_ID, name: 'Blue Notes', type: 'management', role: 'admin', members: [] }]),
      [`GET /api/for-artists/offices/${OFFICE_ID}/members`]: ok([member('nina@example.com', 'admin', 'u1'), member('bob@example.com', 'member', 'u2')]),
      [`DELETE /api/for-artists/offices/${OFFICE_ID}/members/bob%40example.com`]: ok(null),
    });
    const { user } = renderApp('/for-artists/team');
    const removes = () => requestsTo(fetchMock, `DELETE /api/for-artists/offices/${OFFICE_ID}/members/bob%40example.com`);

    await user.click(await screen.findByRole('button', { name: 'Remove bob@example.com' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove this member?' });
    expect(dialog.textContent).toContain('bob@example.com loses access to Blue Notes and its artists at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(removes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove bob@example.com' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this member?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Member removed')).toBeTruthy();
    expect(removes()).toHaveLength(1);
  });

  it('keeps the members table whole: in its own scrolling frame on a desktop, each row a labelled card on a phone', async () => {
    mockRoutes({
      'GET /api/for-artists/user': ok(makeArtistUser()),
      'GET /api/for-artists/offices': ok([{ _id: OFFICE_ID, name: 'Blue Notes', type: 'management', role: 'admin', members: [] }]),
      [`GET /api/for-artists/offices/${OFFICE_ID}/members`]: ok([member('nina@example.com', 'admin', 'u1')]),
    });
    renderApp('/for-artists/team');
    const frame = await screen.findByRole('region', { name: 'Team members (table)' }, { timeout: 10_000 });
    // The frame scrolls (not the page) and stacks on a phone (table-scroll.module.css).
    expect(frame.className).toMatch(/frame/);
    expect(frame.className).toMatch(/stacked/);
    const cells = within(frame).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Member', 'E-mail', 'Role', 'Status', 'Actions']);
    // The page is wide enough for the role picker, the badge and Remove side by side on a desktop.
    expect(screen.getByRole('button', { name: 'Remove nina@example.com' })).toBeTruthy();
  });
});
