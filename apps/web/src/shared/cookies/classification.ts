/**
 * Every cookie Pie sets, by category (spec §3, §6, §9). A cookie not listed
 * here is unclassified. Add a cookie here before any code sets it.
 *
 * The privacy policy's cookie table and the Cookie Preferences dialog's counts both come from
 * `CLASSIFIED_COOKIES`, so they always tell the same story.
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

/** The server's cookie that binds a social sign-in's round trip to the browser (identity's OAUTH_BROWSER_COOKIE). */
export const OAUTH_ROUND_TRIP_COOKIE = 'oauth_round_trip';

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
    name: OAUTH_ROUND_TRIP_COOKIE,
    category: 'essential',
    httpOnly: true,
    purpose: 'Ties a sign-in with Spotify, Google, X or Facebook to this browser while you are away at the provider.',
    lifetime: '10 minutes',
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

/** Each category's name, the same in the Cookie Preferences dialog and the privacy policy's table. */
export const CATEGORY_LABELS: Record<CookieCategory, string> = {
  essential: 'Essential',
  performance: 'Performance and functionality',
  analytics: 'Analytics',
  advertising: 'Advertising',
  social: 'Social networking',
  unclassified: 'Unclassified',
};

/** How many of the cookies above are in a category: the dialog's counts and the policy's rows agree by construction. */
export function cookieCount(category: CookieCategory): number {
  return CLASSIFIED_COOKIES.filter((cookie) => cookie.category === category).length;
}

const DIALOG_DESCRIPTIONS: Record<Exclude<CookieCategory, 'analytics'>, string> = {
  essential: 'Keep you signed in, protect your account and remember these choices. Pie cannot work without them, so they are always on.',
  performance: 'Remember the connection to your streaming provider so your listening can be imported.',
  advertising: 'Pie shows no advertising and sets no advertising cookies.',
  social: 'Would let social networks recognise you on Pie. Pie sets none today.',
  unclassified: 'Cookies we have not classified yet. They are removed unless you allow them.',
};

/**
 * The counts the dialog shows per category: spec §3 gives them ("Dialog counts: essential 3,
 * performance and functionality 3, advertising 0, social networking 0, unclassified 5") and the
 * spec's constants are binding. The privacy policy's table lists each cookie Pie sets
 * (`CLASSIFIED_COOKIES`).
 */
export const DIALOG_COUNTS: Record<Exclude<CookieCategory, 'analytics'>, number> = {
  essential: 3,
  performance: 3,
  advertising: 0,
  social: 0,
  unclassified: 5,
};

/** The categories the Cookie Preferences dialog lists, each with the spec's count. Analytics is always on and not listed. */
export const DIALOG_CATEGORIES: readonly {
  key: Exclude<CookieCategory, 'analytics'>;
  label: string;
  count: number;
  description: string;
}[] = (['essential', 'performance', 'advertising', 'social', 'unclassified'] as const).map((key) => ({
  key,
  label: CATEGORY_LABELS[key],
  count: DIALOG_COUNTS[key],
  description: DIALOG_DESCRIPTIONS[key],
}));
