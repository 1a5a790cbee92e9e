import { classifyCookie, COOKIE_PREFERENCES_KEY, type CookieCategory } from './classification';

export type CookiePreferences = Record<CookieCategory, boolean>;

/** Spec §3: with nothing saved, essential cookies only. */
export const DEFAULT_PREFERENCES: Readonly<CookiePreferences> = Object.freeze({
  essential: true,
  performance: false,
  analytics: false,
  advertising: false,
  social: false,
  unclassified: false,
});

/** Spec §4/§9: essential cookies are renewed for 30 days; cookies live on the site root. */
export const ESSENTIAL_RENEWAL_SECONDS = 30 * 24 * 60 * 60;
export const COOKIE_PATH = '/';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Essential is always true; analytics is forced true (spec §3); the rest as given. */
function enforce(preferences: Partial<Record<CookieCategory, unknown>>): CookiePreferences {
  return {
    essential: true,
    performance: preferences.performance === true,
    analytics: true,
    advertising: preferences.advertising === true,
    social: preferences.social === true,
    unclassified: preferences.unclassified === true,
  };
}

function parseSaved(raw: string | null): CookiePreferences | null {
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return enforce(parsed as Partial<Record<CookieCategory, unknown>>);
  } catch {
    return null;
  }
}

/**
 * The saved preferences, with essential and analytics forced true. Nothing
 * saved, or something unparseable, gives the default: essential only (spec §3, §5).
 */
export function readPreferences(): CookiePreferences {
  return parseSaved(storage()?.getItem(COOKIE_PREFERENCES_KEY) ?? null) ?? { ...DEFAULT_PREFERENCES };
}

/** Whether the person has made a choice we can read (the banner shows until then). */
export function hasSavedPreferences(): boolean {
  return parseSaved(storage()?.getItem(COOKIE_PREFERENCES_KEY) ?? null) !== null;
}

function secureAttribute(): string {
  return window.location.protocol === 'https:' ? '; Secure' : '';
}

/** The names of the cookies scripts can see, with their raw (still encoded) values. */
export function visibleCookies(cookieString: string = document.cookie): { name: string; rawValue: string }[] {
  const cookies: { name: string; rawValue: string }[] = [];
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    const name = (separator === -1 ? part : part.slice(0, separator)).trim();
    if (name === '') continue;
    cookies.push({ name, rawValue: separator === -1 ? '' : part.slice(separator + 1).trim() });
  }
  return cookies;
}

/** Every path a cookie set from this page could have: '/', '/for-artists', '/for-artists/funds'… */
function candidatePaths(pathname: string): string[] {
  const paths = new Set<string>([COOKIE_PATH]);
  const segments = pathname.split('/').filter(Boolean);
  for (let i = 1; i <= segments.length; i++) {
    const path = `/${segments.slice(0, i).join('/')}`;
    paths.add(path);
    paths.add(`${path}/`);
  }
  return [...paths];
}

/** Every domain a cookie visible here could be set on: the host, then its parents (not a bare TLD). */
function candidateDomains(hostname: string): (string | null)[] {
  const domains: (string | null)[] = [null];
  const labels = hostname.split('.');
  if (labels.length < 2 || /^[\d.]+$/.test(hostname)) return domains;
  for (let i = 0; i <= labels.length - 2; i++) domains.push(labels.slice(i).join('.'));
  return domains;
}

/** Removes a cookie however it was set (path and domain variants); httpOnly cookies are out of reach. */
export function removeCookie(name: string): void {
  for (const domain of candidateDomains(window.location.hostname)) {
    for (const path of candidatePaths(window.location.pathname)) {
      document.cookie = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=${path}${domain ? `; Domain=${domain}` : ''}`;
    }
  }
}

function setCookieRaw(name: string, rawValue: string, maxAgeSeconds: number): void {
  document.cookie = `${name}=${rawValue}; Max-Age=${maxAgeSeconds}; Path=${COOKIE_PATH}; SameSite=Lax${secureAttribute()}`;
}

export interface WriteCookieOptions {
  /** Seconds; essential cookies default to the 30-day renewal, others to a session cookie. */
  maxAgeSeconds?: number;
  preferences?: CookiePreferences;
}

/**
 * Spec §5: a cookie is written only when its category is allowed. Returns
 * whether it was written. Always on the site root, SameSite=Lax.
 */
export function writeCookie(name: string, value: string, options: WriteCookieOptions = {}): boolean {
  const preferences = options.preferences ?? readPreferences();
  const category = classifyCookie(name);
  if (!preferences[category]) return false;
  const maxAge = options.maxAgeSeconds ?? (category === 'essential' ? ESSENTIAL_RENEWAL_SECONDS : undefined);
  const encoded = encodeURIComponent(value);
  document.cookie =
    maxAge === undefined
      ? `${name}=${encoded}; Path=${COOKIE_PATH}; SameSite=Lax${secureAttribute()}`
      : `${name}=${encoded}; Max-Age=${maxAge}; Path=${COOKIE_PATH}; SameSite=Lax${secureAttribute()}`;
  return true;
}

/**
 * Spec §4: cookies whose category is not allowed are removed; essential
 * cookies are renewed with a 30-day expiry on the site root. With saved
 * preferences, the preferences cookie (essential) mirrors them.
 */
export function applyCookieRules(preferences: CookiePreferences = readPreferences()): void {
  for (const { name, rawValue } of visibleCookies()) {
    const category = classifyCookie(name);
    if (!preferences[category]) removeCookie(name);
    else if (category === 'essential' && name !== COOKIE_PREFERENCES_KEY) setCookieRaw(name, rawValue, ESSENTIAL_RENEWAL_SECONDS);
  }
  if (hasSavedPreferences()) writeCookie(COOKIE_PREFERENCES_KEY, JSON.stringify(preferences), { preferences });
}

/** Spec §4: saving sets essential and analytics true, stores the choice, then re-applies the cookie rules. */
export function savePreferences(choice: Partial<CookiePreferences>): CookiePreferences {
  const preferences = enforce(choice);
  storage()?.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify(preferences));
  applyCookieRules(preferences);
  return preferences;
}
