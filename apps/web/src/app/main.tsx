// The typeface, shipped with the app (variable weight; the Latin face preloaded, see fontPreloadPlugin).
import '@fontsource-variable/inter/wght.css';
// Mantine's styles for the components the app uses (see mantineStylesPlugin in vite.config.ts).
import 'virtual:mantine-styles.css';
import './global.css';
import { applyCookieRules } from '@web/shared/cookies';
import { listenForInstallPrompt, registerServiceWorker } from '@web/shared/install';
import type { createAppRouter } from './boot-view';

/**
 * Ends the current task and goes on in a new one: the browser paints, reads the network and
 * answers input in between. The start-up below is a few such steps, none of them a long task on
 * a phone (as one, evaluating the app's modules, building the store and the router and starting
 * the reads took 400 ms of a 4×-throttled main thread). The code comes in three modules (React;
 * the data layer; the router and the screens' shell), each evaluated in a task of its own: the
 * boot list in index.html fetches them all with the entry (bootAfterPaintPlugin).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Longest the first render waits for the first screen's code (a slow network then sees the spinner). */
const FIRST_SCREEN_WAIT_MS = 3000;

/**
 * Resolves once the router has the first screen's code (its lazy route modules), or after
 * FIRST_SCREEN_WAIT_MS. Rendering then draws the screen at once, in one render: not a spinner
 * first that replaces what index.html (or the api, for /open-books) painted, then the screen.
 */
function firstScreenLoaded(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, FIRST_SCREEN_WAIT_MS);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

/**
 * Resolves once the app's stylesheet applies. A build's index.html loads it without holding the
 * first paint (`media="print"` until loaded, see bootAfterPaintPlugin): the app renders only once
 * it applies, never unstyled. The dev server's styles come with the modules: nothing to wait for.
 */
function appStylesApplied(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-app-styles]');
  if (!link) return Promise.resolve();
  return new Promise((resolve) => {
    const apply = () => {
      link.media = 'all';
      resolve();
    };
    if (link.sheet) apply();
    else {
      link.addEventListener('load', apply, { once: true });
      // A stylesheet that fails to load still lets the app start (unstyled beats nothing).
      link.addEventListener('error', apply, { once: true });
    }
  });
}

async function start(): Promise<void> {
  // Before anything renders: the install prompt fires once and early, and the
  // cookie rules (spec §4) apply to every page load.
  listenForInstallPrompt();
  applyCookieRules();
  const { createRoot, startTransition } = await import('./boot-react');
  await nextTask();
  const { installUnauthorizedHandler, makeStore, startInitialReads } = await import('./boot-data');
  await nextTask();

  // The first screen's reads leave before the router is built; a 401 answered meanwhile
  // navigates once the router exists.
  const store = makeStore();
  let routerBuilt: (router: ReturnType<typeof createAppRouter>) => void = () => {};
  const routerReady = new Promise<ReturnType<typeof createAppRouter>>((resolve) => (routerBuilt = resolve));
  installUnauthorizedHandler(store, { navigate: (to, options) => routerReady.then((router) => router.navigate(to, options)) });
  startInitialReads(store.dispatch, window.location.pathname, store.getState().session.status);
  await nextTask();

  const { AppRoot, createAppRouter } = await import('./boot-view');
  await nextTask();
  const router = createAppRouter();
  routerBuilt(router);
  await Promise.all([firstScreenLoaded(router), appStylesApplied()]);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  // The first render as a transition: React yields to the browser while it renders, instead of
  // blocking the main thread in one long task (the static header of index.html shows meanwhile).
  const root = createRoot(container);
  startTransition(() => {
    root.render(<AppRoot store={store} router={router} />);
  });
}

void start();

if (import.meta.env.PROD) registerServiceWorker();
