/**
 * Every cookie Pie sets, by category (spec §3, §6, §9). A cookie not listed
 * here is unclassified. Add a cookie here before any code sets it.
 *
 * The three session cookies are httpOnly: the server sets, renews and clears
 * them, and scripts can neither see nor remove them. They are essential, so
 * the consent rules never need to remove them; they cannot renew them either —
 * the server gives each its expiry (fan and artist sessions as the identity
 * module sets them, the admin session 7 days).
 */
export const COOKIE_CATEGORIES = [
  'essential',
  'performance',
  'analytics',
  'advertising',
  'social',
  'unclassified',
] as const;

export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

/** The localStorage key of the saved preferences, and the name of the cookie that mirrors them (spec §9). */
export const COOKIE_PREFERENCES_KEY = 'cookie-preferences';

/** The streaming provider's auth cookie (spec §9: class performance). */
export const STREAMING_AUTH_COOKIE = 'spotify_auth_token';

export interface ClassifiedCookie {
  name: string;
  category: CookieCategory;
  /** Set by the server with HttpOnly: invisible to scripts, so never renewed or removed by them. */
  httpOnly: boolean;
  purpose: string;
  lifetime: string;
}

export const CLASSIFIED_COOKIES: readonly ClassifiedCookie[] = [
  {
    name: 'fan_access_token',
    category: 'essential',
    httpOnly: true,
    purpose: 'Keeps a fan signed in.',
    lifetime: 'Until you log out or the session expires',
  },
  {
    name: 'artist_access_token',
    category: 'essential',
    httpOnly: true,
    purpose: 'Keeps an artist or office member signed in.',
    lifetime: 'Until you log out or the session expires',
  },
  {
    name: 'admin_access_token',
    category: 'essential',
    httpOnly: true,
    purpose: 'Keeps an admin signed in to the back office.',
    lifetime: '7 days',
  },
  {
    name: 'XSRF-TOKEN',
    category: 'essential',
    httpOnly: false,
    purpose: 'Proves that a request to change something comes from Pie itself (protection against cross-site request forgery).',
    lifetime: '30 days, renewed on each visit',
  },
  {
    name: COOKIE_PREFERENCES_KEY,
    category: 'essential',
    httpOnly: false,
    purpose: 'Remembers your cookie choices.',
    lifetime: '30 days, renewed on each visit',
  },
  {
    name: STREAMING_AUTH_COOKIE,
    category: 'performance',
    httpOnly: false,
    purpose: 'Keeps the connection to your streaming provider while your listening is imported.',
    lifetime: 'Until the connection is finished',
  },
];

const BY_NAME = new Map(CLASSIFIED_COOKIES.map((cookie) => [cookie.name, cookie]));

/** The category of a cookie by its name; anything not listed is unclassified. */
export function classifyCookie(name: string): CookieCategory {
  return BY_NAME.get(name)?.category ?? 'unclassified';
}

/** The categories the Cookie Preferences dialog lists, with spec §3's counts. Analytics is always on and not listed. */
export const DIALOG_CATEGORIES: readonly {
  key: Exclude<CookieCategory, 'analytics'>;
  label: string;
  count: number;
  description: string;
}[] = [
  {
    key: 'essential',
    label: 'Essential',
    count: 3,
    description: 'Keep you signed in and protect your account. Pie cannot work without them, so they are always on.',
  },
  {
    key: 'performance',
    label: 'Performance and functionality',
    count: 3,
    description: 'Remember the connection to your streaming provider so your listening can be imported.',
  },
  {
    key: 'advertising',
    label: 'Advertising',
    count: 0,
    description: 'Pie shows no advertising and sets no advertising cookies.',
  },
  {
    key: 'social',
    label: 'Social networking',
    count: 0,
    description: 'Would let social networks recognise you on Pie. Pie sets none today.',
  },
  {
    key: 'unclassified',
    label: 'Unclassified',
    count: 5,
    description: 'Cookies we have not classified yet. They are removed unless you allow them.',
  },
];
