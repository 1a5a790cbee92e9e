import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { adminSessionCleared, artistSessionCleared, sessionCleared } from '../session/session.slice';
import { isLoginOrRegisterCall, redirectAfterUnauthorized } from './unauthorized';
import { XSRF_COOKIE, XSRF_HEADER, readCookie } from './xsrf';

export interface BaseQueryOptions {
  /** e.g. `/api`; resolved against the page's address. */
  baseUrl: string;
  /** Milliseconds before a call fails with TIMEOUT_ERROR. None by default (spec §9). */
  timeout?: number;
  /**
   * Whose session the calls carry, which decides what a 401 does: `fan` and
   * `artist` follow spec §8 (both stored sessions are forgotten; the person
   * goes to /for-artists when the path contains it, else /login); `admin`
   * forgets the admin session and goes to the admin sign-in, /admin.
   */
  area?: SessionArea;
}

export type SessionArea = 'fan' | 'artist' | 'admin';

/** Per-endpoint options (`extraOptions`) the base query understands. */
export interface PieExtraOptions {
  /**
   * A session check whose screen handles a 401 itself (an area guard that
   * sends the person to that area's log-in page): the session is still
   * forgotten, but the 401 rule does not redirect.
   */
  skipUnauthorizedRedirect?: boolean;
  /**
   * "Who is signed in here?" (GET user / profile), asked by an area's guard and layout: a 401
   * only means "nobody, in this area". It forgets this area's session alone and never
   * redirects, so checking the artist area does not sign the fan out of theirs.
   */
  sessionCheck?: boolean;
}

export type PieBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  PieExtraOptions,
  FetchBaseQueryMeta
>;

/**
 * `fetch` needs an absolute URL outside a browser page (tests, workers), so
 * resolve the base against the document once, as the browser would.
 */
function absoluteBaseUrl(baseUrl: string): string {
  if (typeof document === 'undefined') return baseUrl;
  return new URL(baseUrl, document.baseURI).href.replace(/\/+$/, '');
}

/**
 * The query layer of spec §7 and §9: JSON bodies, serialised query params,
 * credentials included, the XSRF header echoed from its cookie, an optional
 * timeout, and errors reported as FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR or
 * the HTTP status. A CSRF rejection that came with a fresh token is retried
 * once. A 401 (outside login/register) clears the session and redirects as
 * spec §8 says (see `area`).
 */
export function createBaseQuery({ baseUrl, timeout, area = 'fan' }: BaseQueryOptions): PieBaseQuery {
  const rawBaseQuery = fetchBaseQuery({
    baseUrl: absoluteBaseUrl(baseUrl),
    credentials: 'include',
    timeout,
    prepareHeaders: (headers) => {
      headers.set('Accept', 'application/json');
      const xsrf = readCookie(XSRF_COOKIE);
      if (xsrf) headers.set(XSRF_HEADER, xsrf);
      return headers;
    },
  });

  return async (args, api, extraOptions) => {
    const tokenSent = readCookie(XSRF_COOKIE);
    let result = await rawBaseQuery(args, api, extraOptions);
    // The server answers a missing or stale CSRF token with 403 and a fresh
    // cookie (e.g. the first call of a page whose HTML did not come from the
    // API, or after the session cookie expired). Retry once with the new token.
    if (result.error?.status === 403) {
      const tokenNow = readCookie(XSRF_COOKIE);
      if (tokenNow && tokenNow !== tokenSent) result = await rawBaseQuery(args, api, extraOptions);
    }
    if (result.error?.status === 401) {
      const url = typeof args === 'string' ? args : args.url;
      if (extraOptions?.sessionCheck) {
        api.dispatch(area === 'admin' ? adminSessionCleared() : area === 'artist' ? artistSessionCleared() : sessionCleared());
      } else if (!isLoginOrRegisterCall(url)) {
        if (area === 'admin') {
          api.dispatch(adminSessionCleared());
        } else {
          // Spec §8: the stored fan and artist sessions are both forgotten.
          api.dispatch(sessionCleared());
          api.dispatch(artistSessionCleared());
        }
        if (!extraOptions?.skipUnauthorizedRedirect) {
          redirectAfterUnauthorized(window.location, area === 'admin' ? '/admin' : undefined);
        }
      }
    }
    return result;
  };
}
