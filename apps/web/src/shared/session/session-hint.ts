/**
 * Whether this browser was last known signed in to an area (fan, artist, admin). The sessions are
 * httpOnly cookies the page cannot see, so without a hint every public page would ask the server
 * "who is signed in?" and get a 401 for a visitor — which Chromium logs as a console error on
 * every anonymous page. Without the hint an area starts anonymous (app/store.ts); guarded screens
 * still ask. Not a secret and not a cookie: it only saves a visitor a pointless request.
 */
export type SessionArea = 'fan' | 'artist' | 'admin';

const key = (area: SessionArea) => `pie-signed-in:${area}`;

export function hasSessionHint(area: SessionArea): boolean {
  try {
    return window.localStorage.getItem(key(area)) !== null;
  } catch {
    // Storage refused (private mode, policy): ask the server, as before.
    return true;
  }
}

/** Follows the session status: confirmed → remembered; cleared (logout, a 401) → forgotten. */
export function writeSessionHint(area: SessionArea, status: 'unknown' | 'authenticated' | 'anonymous'): void {
  try {
    if (status === 'authenticated') window.localStorage.setItem(key(area), '1');
    else if (status === 'anonymous') window.localStorage.removeItem(key(area));
  } catch {
    // Nothing to remember in: the layouts keep asking the server.
  }
}
