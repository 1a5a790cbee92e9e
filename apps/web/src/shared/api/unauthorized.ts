/**
 * Spec §8: a 401 from any call except the login and register calls under the
 * auth path clears the session and sends the person to /for-artists when the
 * current path contains it, otherwise to /login. The admin client (whose
 * rule the spec does not give) sends the person to the admin sign-in, /admin.
 */
export type UnauthorizedTarget = '/login' | '/for-artists' | '/admin';

export interface UnauthorizedRedirect {
  /** Where the person is sent. */
  to: UnauthorizedTarget;
  /** Where they were (path, query and hash), so a guard can bring them back. */
  from: string;
}

export type UnauthorizedHandler = (redirect: UnauthorizedRedirect) => void;

/** Without an app-level handler, fall back to a full page load. */
const assignLocation: UnauthorizedHandler = ({ to }) => window.location.assign(to);

let handler: UnauthorizedHandler = assignLocation;

/** The app installs a handler that navigates inside the SPA. Returns an undo. */
export function setUnauthorizedHandler(next: UnauthorizedHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = assignLocation;
  };
}

/** The spec §8 rule for the fan and artist clients. */
export function unauthorizedTarget(pathname: string): UnauthorizedTarget {
  return pathname.includes('/for-artists') ? '/for-artists' : '/login';
}

/** `auth/login` and `auth/register`, however the call spelled its URL. */
export function isLoginOrRegisterCall(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0]!.replace(/^\/+/, '').replace(/\/+$/, '');
  return /^auth\/(login|register)$/.test(path);
}

/** Runs the 401 rule for the current location (does nothing when already there). */
export function redirectAfterUnauthorized(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  to: UnauthorizedTarget = unauthorizedTarget(location.pathname),
): void {
  if (location.pathname === to) return;
  handler({ to, from: `${location.pathname}${location.search}${location.hash}` });
}
