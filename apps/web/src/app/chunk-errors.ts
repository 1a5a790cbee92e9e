/**
 * Spec §4: a chunk-load error is recognised by its name 'ChunkLoadError' or by
 * a message about a chunk or a dynamically imported module failing to load.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  const message = error.message;
  return (
    message.includes('Loading chunk') ||
    message.includes('Loading CSS chunk') ||
    message.includes('Failed to import') ||
    message.includes('Failed to fetch dynamically imported module') ||
    message.includes('error loading dynamically imported module') ||
    /chunk .* failed/i.test(message)
  );
}

const RELOAD_MARK = 'pie:chunk-reload-at';

/** Clears the browser caches and reloads; at most once a minute, so a broken deploy cannot loop. */
export async function reloadForNewVersion(force = false): Promise<boolean> {
  const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
  if (!force && Date.now() - last < 60_000) return false;
  sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  if ('caches' in window) {
    const keys = await caches.keys();
    await Promise.all(keys.map((key) => caches.delete(key)));
  }
  window.location.reload();
  return true;
}
