import { browserLocation } from '@web/shared/browser';

/** When the app last reloaded itself for a new version (per tab). */
const LAST_REFRESH_KEY = 'pie:app-refresh-at';
/** A deploy that is broken for good must not reload the page forever. */
export const AUTO_REFRESH_COOLDOWN_MS = 60_000;
/** Spec §9: the automatic reload after a chunk-load error waits one second. */
export const AUTO_REFRESH_DELAY_MS = 1_000;

function lastRefresh(): number {
  try {
    return Number(sessionStorage.getItem(LAST_REFRESH_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/**
 * Whether a chunk-load error may refresh on its own: not when this tab already
 * refreshed for one in the last minute (the new version is broken too, and the
 * screen then waits for 'Refresh Now').
 */
export function mayRefreshAutomatically(now = Date.now()): boolean {
  return now - lastRefresh() >= AUTO_REFRESH_COOLDOWN_MS;
}

/** Deletes every CacheStorage cache of this origin (the service worker's included). */
export async function clearBrowserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const keys = await caches.keys();
  await Promise.all(keys.map((key) => caches.delete(key)));
}

/** Spec §4: clear all browser caches, then reload the page. */
export async function refreshApp(): Promise<void> {
  try {
    sessionStorage.setItem(LAST_REFRESH_KEY, String(Date.now()));
  } catch {
    // storage unavailable (private mode): reload anyway
  }
  try {
    await clearBrowserCaches();
  } finally {
    browserLocation.reload();
  }
}
