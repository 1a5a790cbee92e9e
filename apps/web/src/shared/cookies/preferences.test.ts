import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classifyCookie, COOKIE_PREFERENCES_KEY, STREAMING_AUTH_COOKIE } from './classification';
import {
  applyCookieRules,
  DEFAULT_PREFERENCES,
  hasSavedPreferences,
  readPreferences,
  savePreferences,
  writeCookie,
} from './preferences';

const ESSENTIAL_ONLY = {
  essential: true,
  performance: false,
  analytics: false,
  advertising: false,
  social: false,
  unclassified: false,
};

/** jsdom's own cookie setter, to plant cookies as a server or a third party would. */
const ORIGINAL_COOKIE = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;

/** Every `document.cookie = …` the code makes, still applied to jsdom's cookie jar. */
let writes: string[];
beforeEach(() => {
  writes = [];
  const original = ORIGINAL_COOKIE;
  vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
    writes.push(value);
    original.set!.call(this, value);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function cookieNames(): string[] {
  return document.cookie
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter(Boolean)
    .sort();
}

/** Sets cookies as a server or a third party would, without going through the consent rules. */
function plant(...pairs: string[]) {
  for (const pair of pairs) ORIGINAL_COOKIE.set!.call(document, `${pair}; path=/`);
}

describe('reading the preferences (spec §3, §5)', () => {
  it('with nothing saved, allows essential cookies only', () => {
    expect(readPreferences()).toEqual(ESSENTIAL_ONLY);
    expect(DEFAULT_PREFERENCES).toEqual(ESSENTIAL_ONLY);
    expect(hasSavedPreferences()).toBe(false);
  });

  it.each(['{not json', 'null', '"yes"', '[true]', ''])('falls back to essential only when the saved value is %j', (raw) => {
    localStorage.setItem(COOKIE_PREFERENCES_KEY, raw);

    expect(readPreferences()).toEqual(ESSENTIAL_ONLY);
    expect(hasSavedPreferences()).toBe(false);
  });

  it('forces analytics true, and essential true, whatever was saved', () => {
    localStorage.setItem(
      COOKIE_PREFERENCES_KEY,
      JSON.stringify({ essential: false, performance: true, analytics: false, advertising: false, social: true, unclassified: false }),
    );

    expect(readPreferences()).toEqual({
      essential: true,
      performance: true,
      analytics: true,
      advertising: false,
      social: true,
      unclassified: false,
    });
    expect(hasSavedPreferences()).toBe(true);
  });

  it('treats anything but true as not allowed', () => {
    localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify({ performance: 'yes', advertising: 1, social: null }));

    expect(readPreferences()).toMatchObject({ performance: false, advertising: false, social: false });
  });
});

describe('saving the preferences (spec §4)', () => {
  it('stores them in localStorage under the cookie-preferences key, with essential and analytics set true', () => {
    const saved = savePreferences({ essential: false, analytics: false, performance: true });

    expect(saved).toEqual({ ...ESSENTIAL_ONLY, analytics: true, performance: true });
    expect(JSON.parse(localStorage.getItem('cookie-preferences')!)).toEqual(saved);
  });

  it('then removes the cookies of every category not allowed, keeping the allowed ones', () => {
    plant('XSRF-TOKEN=abc.def', `${STREAMING_AUTH_COOKIE}=spotify`, '_ga=GA1.2.3', 'tracker=1');

    savePreferences({ performance: false, unclassified: false });

    expect(cookieNames()).toEqual(['XSRF-TOKEN', 'cookie-preferences']);
  });

  it('keeps a category’s cookies once it is allowed', () => {
    plant(`${STREAMING_AUTH_COOKIE}=spotify`, 'tracker=1');

    savePreferences({ performance: true, unclassified: true });

    expect(cookieNames()).toEqual(['cookie-preferences', STREAMING_AUTH_COOKIE, 'tracker'].sort());
  });

  it('renews the essential cookies for 30 days on the site root, including the preferences cookie', () => {
    plant('XSRF-TOKEN=abc.def');

    const saved = savePreferences({});

    const xsrf = writes.find((write) => write.startsWith('XSRF-TOKEN=abc.def;'));
    expect(xsrf).toMatch(/; Max-Age=2592000; Path=\/; SameSite=Lax/);
    const preferences = writes.find((write) => write.startsWith('cookie-preferences='));
    expect(preferences).toMatch(/; Max-Age=2592000; Path=\/; SameSite=Lax/);
    expect(JSON.parse(decodeURIComponent(preferences!.split(';')[0]!.split('=')[1]!))).toEqual(saved);
  });
});

describe('the cookie rules on every page load', () => {
  it('with nothing saved, remove everything but essential cookies and renew those', () => {
    plant('XSRF-TOKEN=abc.def', `${STREAMING_AUTH_COOKIE}=spotify`, 'tracker=1');

    applyCookieRules();

    expect(cookieNames()).toEqual(['XSRF-TOKEN']);
    expect(writes.some((write) => /^XSRF-TOKEN=abc\.def; Max-Age=2592000; Path=\//.test(write))).toBe(true);
    // No choice was made: no preferences cookie is written.
    expect(writes.some((write) => write.startsWith('cookie-preferences='))).toBe(false);
  });

  it('remove a cookie set on a sub-path too', () => {
    window.history.replaceState(null, '', '/for-artists/funds');
    ORIGINAL_COOKIE.set!.call(document, 'tracker=1; path=/for-artists');

    applyCookieRules();

    expect(cookieNames()).toEqual([]);
  });
});

describe('writing a cookie (spec §5)', () => {
  it('writes only when the cookie’s category is allowed', () => {
    expect(writeCookie(STREAMING_AUTH_COOKIE, 'token')).toBe(false);
    expect(writeCookie('unknown_cookie', 'x')).toBe(false);
    expect(cookieNames()).toEqual([]);

    savePreferences({ performance: true });

    expect(writeCookie(STREAMING_AUTH_COOKIE, 'token')).toBe(true);
    expect(cookieNames()).toContain(STREAMING_AUTH_COOKIE);
    expect(writeCookie('unknown_cookie', 'x')).toBe(false);
  });

  it('always writes essential cookies, for 30 days on the site root', () => {
    expect(writeCookie('XSRF-TOKEN', 'n.s')).toBe(true);
    expect(writes.at(-1)).toBe('XSRF-TOKEN=n.s; Max-Age=2592000; Path=/; SameSite=Lax');
  });
});

describe('the classification of every cookie Pie sets (spec §6, §9)', () => {
  it.each([
    ['fan_access_token', 'essential'],
    ['artist_access_token', 'essential'],
    ['admin_access_token', 'essential'],
    ['XSRF-TOKEN', 'essential'],
    ['cookie-preferences', 'essential'],
    ['oauth_round_trip', 'essential'],
    [STREAMING_AUTH_COOKIE, 'performance'],
    ['_ga', 'unclassified'],
    ['anything_else', 'unclassified'],
  ])('%s is %s', (name, category) => {
    expect(classifyCookie(name)).toBe(category);
  });
});
