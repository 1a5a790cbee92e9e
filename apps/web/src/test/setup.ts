import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetCookieConsentForTests } from '@web/shared/cookies/consent-store';
import { resetInstallPromptForTests } from '@web/shared/install/install-prompt';

// A loaded CI machine renders lazily loaded screens slower than a laptop.
configure({ asyncUtilTimeout: 3000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  window.history.replaceState(null, '', '/');
  // Cookie choices, the install prompt's dismissal and the update screen's marks start afresh.
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetCookieConsentForTests();
  resetInstallPromptForTests();
});

// jsdom lacks the layout APIs Mantine reads.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

if (!window.HTMLElement.prototype.scrollIntoView) {
  window.HTMLElement.prototype.scrollIntoView = () => {};
}

// Mantine's autosizing Textarea listens for web fonts loading (document.fonts), which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() } });
}
