export {
  COOKIE_CATEGORIES,
  COOKIE_PREFERENCES_KEY,
  STREAMING_AUTH_COOKIE,
  CLASSIFIED_COOKIES,
  DIALOG_CATEGORIES,
  DIALOG_COUNTS,
  CATEGORY_LABELS,
  OAUTH_ROUND_TRIP_COOKIE,
  classifyCookie,
  cookieCount,
  type CookieCategory,
  type ClassifiedCookie,
} from './classification';
export {
  DEFAULT_PREFERENCES,
  ESSENTIAL_RENEWAL_SECONDS,
  readPreferences,
  hasSavedPreferences,
  savePreferences,
  applyCookieRules,
  writeCookie,
  removeCookie,
  type CookiePreferences,
} from './preferences';
export { useCookieConsent, openCookiePreferences, closeCookiePreferences, saveCookieChoice } from './consent-store';
export { CookieBanner } from './CookieBanner';
