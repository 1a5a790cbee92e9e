import { authApi } from '@web/features/fan/auth';
import type { SessionState } from '@web/shared/session';
import type { AppDispatch } from './store';

/** The artist and admin areas: their own sessions, their own reads. */
const OTHER_AREAS = /^\/(admin|for-artists|auth\/for-artists)(\/|$)/;

/**
 * A page load starts the reads its first screen needs with the app, not after the screen's
 * code has arrived and rendered (and, behind the fan guard, the session check answered): they
 * run alongside the route's code instead of one after another. In the fan area that is the
 * session check the layout and the guard ask for on every page; on the dashboard, its sections'
 * reads too (their module comes with the dashboard's own code, so no other page loads it).
 * A visitor this browser never saw signed in (the fan session starts `anonymous`) is not asked
 * about: no 401 in the console of a public page; a guarded screen still asks on its own.
 */
export function startInitialReads(dispatch: AppDispatch, pathname: string, fanSession: SessionState['status']): void {
  if (OTHER_AREAS.test(pathname) || fanSession === 'anonymous') return;
  dispatch(authApi.util.prefetch('getUser', undefined, {}));
  if (pathname === '/dashboard') {
    // Not loading it only leaves the reads to the dashboard itself.
    import('@web/features/fan/listening/dashboard-reads').then(({ prefetchDashboardReads }) => prefetchDashboardReads(dispatch)).catch(() => {});
  }
}
