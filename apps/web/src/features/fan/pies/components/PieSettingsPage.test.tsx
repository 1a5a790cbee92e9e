import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeFanUser } from '@web/test/fixtures';
import { emptyListeningRoutes, mockRoutes, renderApp } from '@web/test/render';
import { activePie, emptyStats, ok, PIE_ID, splitArtist, subscription } from '../test-fixtures';

const AUTHENTICATED = { session: { status: 'authenticated' as const, redirectTo: null } };

/** A period with `count` artists, the most listened first (Artist 1 … Artist n). */
function statsWith(count: number) {
  const artists = Array.from({ length: count }, (_, n) => splitArtist(`a${n + 1}`, `Artist ${n + 1}`, n < 10 ? 84 : 0, (count - n) * 60_000, n < 10 ? 0.1 : 0));
  return { ...emptyStats, artists };
}

async function openSettings(count: number) {
  mockRoutes({
    ...emptyListeningRoutes(),
    'GET /api/user': ok(makeFanUser()),
    'GET /api/pie/active': ok(activePie),
    [`GET /api/pie/${PIE_ID}/realtime-stats`]: ok(statsWith(count)),
    'GET /api/stripe/activeSubscription': ok(subscription()),
  });
  const rendered = renderApp('/pie/settings', AUTHENTICATED);
  const section = (await screen.findByRole('heading', { name: 'Your artists this period' })).closest('section') as HTMLElement;
  await within(section).findByRole('button', { name: 'Ban Artist 1' });
  return { ...rendered, section };
}

const banButtons = (section: HTMLElement) => within(section).queryAllByRole('button', { name: /^Ban Artist/ });

describe('choosing artists in the pie settings', () => {
  it('draws the first 25 artists of a long period and the rest on request, saying how many are shown', async () => {
    const { user, section } = await openSettings(60);

    expect(banButtons(section)).toHaveLength(25);
    expect(within(section).getByText('Showing 25 of 60 artists')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Show 25 more' }));
    expect(banButtons(section)).toHaveLength(50);
    await user.click(within(section).getByRole('button', { name: 'Show 10 more' }));
    expect(banButtons(section)).toHaveLength(60);
    expect(within(section).queryByRole('button', { name: /^Show \d+ more$/ })).toBeNull();
    expect(within(section).queryByText(/^Showing /)).toBeNull();
  });

  it('finds an artist beyond the first 25 by search', async () => {
    const { user, section } = await openSettings(60);

    expect(within(section).queryByRole('button', { name: 'Ban Artist 42' })).toBeNull();
    await user.type(within(section).getByLabelText('Search your artists'), 'artist 42');
    expect(banButtons(section).map((button) => button.getAttribute('aria-label'))).toEqual(['Ban Artist 42']);
  });

  it('shows a short period whole, with no button for more', async () => {
    const { section } = await openSettings(12);

    expect(banButtons(section)).toHaveLength(12);
    expect(within(section).queryByRole('button', { name: /more$/ })).toBeNull();
  });
});
