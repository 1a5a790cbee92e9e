import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveCookieChoice } from '../cookies';
import { resetCookieConsentForTests } from '../cookies/consent-store';
import { renderApp } from '@web/test/render';
import { INSTALL_DISMISSED_KEY, isIosSafari, listenForInstallPrompt, resetInstallPromptForTests } from './install-prompt';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0.0.0 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const MAC_SAFARI = IPAD_DESKTOP_MODE;

/** What Chromium fires when the page can be installed. */
function installEvent(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: ReturnType<typeof vi.fn>;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompt = vi.fn(async () => {});
  event.userChoice = Promise.resolve({ outcome });
  return event;
}

let stopListening: () => void;
beforeEach(() => {
  stopListening = listenForInstallPrompt();
  // The prompt waits for the cookie choice (it takes the banner's place); the tests below start after it.
  saveCookieChoice({});
});
afterEach(() => {
  stopListening();
});

describe('the app-install prompt', () => {
  it('stays hidden where the browser offers no installation', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Pie' });

    expect(screen.queryByRole('region', { name: 'Install Pie' })).toBeNull();
  });

  it('appears on every page once the browser offers installation, and installs through the browser’s dialog', async () => {
    const event = installEvent();
    const { user, router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Pie' });

    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(await screen.findByRole('region', { name: 'Install Pie' })).toBeTruthy();

    await act(() => router.navigate('/for-artists'));
    await screen.findByRole('heading', { level: 1, name: 'Pie for artists' });
    const prompt = screen.getByRole('region', { name: 'Install Pie' });

    await user.click(within(prompt).getByRole('button', { name: 'Install' }));

    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: 'Install Pie' })).toBeNull();
  });

  it('is offered when the browser fired its prompt before the app’s code ran (index.html kept it)', async () => {
    stopListening();
    resetInstallPromptForTests();
    const event = installEvent();
    const win = window as Window & { __pieEarlyInstallPrompt?: Event };
    win.__pieEarlyInstallPrompt = event;
    try {
      stopListening = listenForInstallPrompt();
      const { user } = renderApp('/');
      const prompt = await screen.findByRole('region', { name: 'Install Pie' });
      await user.click(within(prompt).getByRole('button', { name: 'Install' }));
      expect(event.prompt).toHaveBeenCalledTimes(1);
    } finally {
      delete win.__pieEarlyInstallPrompt;
    }
  });

  it('waits for the cookie choice, then takes the banner’s place at the bottom: never both, never over the page’s top', async () => {
    localStorage.clear();
    document.cookie = 'cookie-preferences=; Max-Age=0; Path=/';
    resetCookieConsentForTests();
    const { user, container } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Pie' });
    act(() => {
      window.dispatchEvent(installEvent());
    });
    const banner = await screen.findByRole('region', { name: 'Cookie consent' });
    expect(screen.queryByRole('region', { name: 'Install Pie' })).toBeNull();

    await user.click(within(banner).getByRole('button', { name: 'Essential only' }));

    const prompt = await screen.findByRole('region', { name: 'Install Pie' });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    // In the bottom dock, whose room the page reserves; nothing docked at the top any more.
    expect(prompt.closest('.bottom-dock')).not.toBeNull();
    expect(container.ownerDocument.querySelector('.install-dock')).toBeNull();
  });

  it("'Not now' hides it and remembers, across page loads", async () => {
    const { user, unmount } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Pie' });
    act(() => {
      window.dispatchEvent(installEvent());
    });

    await user.click(await screen.findByRole('button', { name: 'Not now' }));

    expect(screen.queryByRole('region', { name: 'Install Pie' })).toBeNull();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();

    // A new page load: the browser offers installation again, the person already said no.
    unmount();
    resetInstallPromptForTests();
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    act(() => {
      window.dispatchEvent(installEvent());
    });
    expect(screen.queryByRole('region', { name: 'Install Pie' })).toBeNull();
  });

  it('the close icon dismisses it too', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Pie' });
    act(() => {
      window.dispatchEvent(installEvent());
    });

    await user.click(await screen.findByRole('button', { name: 'Close the install prompt' }));

    expect(screen.queryByRole('region', { name: 'Install Pie' })).toBeNull();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();
  });

  it('is remembered as dismissed when the person declines the browser’s dialog', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Pie' });
    act(() => {
      window.dispatchEvent(installEvent('dismissed'));
    });

    await user.click(await screen.findByRole('button', { name: 'Install' }));

    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();
  });

  it('on iOS Safari explains Add to Home Screen instead', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    resetInstallPromptForTests();
    const { user } = renderApp('/');

    const prompt = await screen.findByRole('region', { name: 'Install Pie' });
    expect(prompt.textContent).toContain('Add to Home Screen');
    expect(within(prompt).queryByRole('button', { name: 'Install' })).toBeNull();

    await user.click(within(prompt).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Install Pie' })).toBeNull();
  });

  it('is not offered when Pie already runs as an installed app', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
    try {
      resetInstallPromptForTests();
      renderApp('/');
      await screen.findByRole('heading', { level: 1, name: 'Pie' });
      expect(screen.queryByRole('region', { name: 'Install Pie' })).toBeNull();
    } finally {
      delete (navigator as { standalone?: boolean }).standalone;
    }
  });
});

describe('recognising iOS Safari', () => {
  it.each([
    ['iPhone Safari', IPHONE_SAFARI, 5, true],
    ['iPad in desktop mode (a Mac with touch)', IPAD_DESKTOP_MODE, 5, true],
    ['a Mac (no touch)', MAC_SAFARI, 0, false],
    ['Chrome on iPhone, which cannot add to the home screen itself', IPHONE_CHROME, 5, false],
    ['Chrome on Linux', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36', 0, false],
  ])('%s → %s', (_label, userAgent, maxTouchPoints, expected) => {
    expect(isIosSafari({ userAgent, maxTouchPoints })).toBe(expected);
  });
});
