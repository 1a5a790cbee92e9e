import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@web/test/render';
import { COOKIE_PREFERENCES_KEY } from './classification';
import { openCookiePreferences, resetCookieConsentForTests } from './consent-store';
import CookiePreferencesDialog from './CookiePreferencesDialog';

const saved = () => JSON.parse(localStorage.getItem(COOKIE_PREFERENCES_KEY) ?? 'null') as Record<string, boolean> | null;

describe('the cookie banner', () => {
  it.each(['/', '/login', '/for-artists', '/admin', '/privacy-policy'])('is on %s until a choice is made', async (path) => {
    renderApp(path);

    expect(await screen.findByRole('region', { name: 'Cookie consent' })).toBeTruthy();
  });

  it('stays away once a choice is saved, on every page', async () => {
    localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify({ performance: false }));
    resetCookieConsentForTests();
    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Pie' });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('comes back when the saved choice cannot be read', async () => {
    localStorage.setItem(COOKIE_PREFERENCES_KEY, '{broken');
    resetCookieConsentForTests();
    renderApp('/');

    expect(await screen.findByRole('region', { name: 'Cookie consent' })).toBeTruthy();
  });

  it("'Essential only' saves essential only (with analytics forced on) and hides the banner", async () => {
    const { user } = renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Cookie consent' });

    await user.click(within(banner).getByRole('button', { name: 'Essential only' }));

    expect(saved()).toEqual({
      essential: true,
      performance: false,
      analytics: true,
      advertising: false,
      social: false,
      unclassified: false,
    });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it("'Accept all' allows every category", async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Accept all' }));

    expect(Object.values(saved()!).every(Boolean)).toBe(true);
  });

  it('links to the privacy policy in a new tab', async () => {
    renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Cookie consent' });
    const link = within(banner).getByRole('link', { name: 'privacy policy' });

    expect(link.getAttribute('href')).toBe('/privacy-policy');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

describe('the Cookie Preferences dialog', () => {
  async function openFromBanner() {
    const view = renderApp('/');
    await view.user.click(await screen.findByRole('button', { name: 'Manage preferences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie Preferences' });
    return { ...view, dialog };
  }

  it('lists the categories with the spec’s counts, essential always on, and links to the privacy policy in a new tab', async () => {
    const { dialog } = await openFromBanner();

    const counts = Object.fromEntries(
      ['essential', 'performance', 'advertising', 'social', 'unclassified'].map((key) => [
        key,
        within(dialog).getByTestId(`cookie-count-${key}`).textContent,
      ]),
    );
    // Spec §3: "Dialog counts: essential 3, performance and functionality 3, advertising 0, social networking 0, unclassified 5".
    expect(counts).toEqual({
      essential: '3 cookies',
      performance: '3 cookies',
      advertising: '0 cookies',
      social: '0 cookies',
      unclassified: '5 cookies',
    });
    expect(within(dialog).getByText('Performance and functionality')).toBeTruthy();
    expect(within(dialog).getByText('Social networking')).toBeTruthy();
    const essential = within(dialog).getByRole('switch', { name: 'Essential' }) as HTMLInputElement;
    expect(essential.checked).toBe(true);
    expect(essential.disabled).toBe(true);
    const link = within(dialog).getByRole('link', { name: /Privacy Policy/ });
    expect(link.getAttribute('href')).toBe('/privacy-policy');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('opens with the saved preferences', async () => {
    localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify({ performance: true, social: true }));
    resetCookieConsentForTests();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Pie' });
    act(() => openCookiePreferences());
    const dialog = await screen.findByRole('dialog', { name: 'Cookie Preferences' });

    const checked = (name: string) => (within(dialog).getByRole('switch', { name }) as HTMLInputElement).checked;
    expect(checked('Performance and functionality')).toBe(true);
    expect(checked('Social networking')).toBe(true);
    expect(checked('Advertising')).toBe(false);
    expect(checked('Unclassified')).toBe(false);
  });

  it("toggles any category but essential; 'Save Preferences' stores, closes and hides the banner", async () => {
    const { user, dialog } = await openFromBanner();

    await user.click(within(dialog).getByRole('switch', { name: 'Performance and functionality' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Essential' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Preferences' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved()).toEqual({
      essential: true,
      performance: true,
      analytics: true,
      advertising: false,
      social: false,
      unclassified: false,
    });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('Cancel dismisses without saving', async () => {
    const { user, dialog } = await openFromBanner();

    await user.click(within(dialog).getByRole('switch', { name: 'Advertising' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved()).toBeNull();
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeTruthy();
  });

  it('the close icon dismisses without saving', async () => {
    const { user, dialog } = await openFromBanner();

    await user.click(within(dialog).getByRole('switch', { name: 'Unclassified' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved()).toBeNull();
  });

  it('fires the optional callback with what was saved', async () => {
    const onSave = vi.fn();
    act(() => openCookiePreferences());
    render(
      <MantineProvider>
        <CookiePreferencesDialog onSave={onSave} />
      </MantineProvider>,
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Cookie Preferences' });

    await user.click(within(dialog).getByRole('switch', { name: 'Social networking' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Preferences' }));

    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0]).toMatchObject({ essential: true, analytics: true, social: true, performance: false });
  });

  it("opens from the footer's Cookie settings on any page", async () => {
    localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify({}));
    resetCookieConsentForTests();
    const { user } = renderApp('/terms');

    await user.click(await screen.findByRole('button', { name: 'Cookie settings' }));

    expect(await screen.findByRole('dialog', { name: 'Cookie Preferences' })).toBeTruthy();
  });
});
