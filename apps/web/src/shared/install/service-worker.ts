/**
 * Registers /sw.js (built by vite.config.ts) once the page has loaded, so it
 * never competes with the first paint. The worker answers navigations from the
 * network first and never caches the app's code, so it can never serve a
 * stale version past the update screen.
 */
export function registerServiceWorker(win: Window = window): void {
  if (!('serviceWorker' in win.navigator)) return;
  const register = () => {
    win.navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
      console.warn('[Pie] the service worker could not be registered', error);
    });
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
