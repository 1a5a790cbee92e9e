import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { AREA_LOGIN, WEB_ROUTES, type WebRoute } from '../../../apps/web/src/app/web-routes.js';

// Browser globals inside page callbacks (the root tsconfig, which checks test/, has no DOM lib).
declare const window: Window;
declare const document: { addEventListener: (type: string, listener: () => void) => void; querySelector: (selector: string) => { textContent: string | null } | null };
interface Window {
  location: { pathname: string };
  dispatchEvent: (event: unknown) => boolean;
}
declare const Event: new (type: string, init?: { cancelable?: boolean }) => object;
declare const PopStateEvent: new (type: string, init?: { state?: unknown }) => object;
declare const history: { pushState: (state: unknown, title: string, url: string) => void };

export type Role = 'anonymous' | 'fan' | 'artist' | 'admin';

/** The demo accounts `npm start` seeds (scripts/demo-data.ts). */
export const DEMO_ACCOUNTS = {
  fan: { email: 'fan@pie.local', password: 'pie-demo-fan', prefix: '/api' },
  artist: { email: 'artist@pie.local', password: 'pie-demo-artist', prefix: '/api/for-artists' },
  admin: { email: 'admin@pie.local', password: 'pie-demo-admin', prefix: '/api/admin' },
} as const;

/** 43 base64url characters, the shape of the tokens in e-mail links. */
const SAMPLE_TOKEN = 'A'.repeat(20) + '_-' + 'b'.repeat(21);

/** A concrete address for a route of the spec: parameters filled in, the invitation's token query. */
export function samplePath(route: WebRoute): string {
  const path = route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    name === 'token' ? SAMPLE_TOKEN : `sample-${name.toLowerCase()}`,
  );
  return route.path === '/for-artists/office-invitation/:officeId' ? `${path}?token=${SAMPLE_TOKEN}` : path;
}

const VERIFICATION_NAMES: Record<string, string> = {
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

/**
 * The h1 of each route's screen as the role that may open it sees it. The listening
 * screens (dashboard, history, earth, report, a fan's profile, an artist's page) belong to
 * the listening feature; their titles are matched loosely (a sample id is "not found").
 */
const HEADINGS: Record<string, string | RegExp> = {
  '/': 'Pie',
  '/artist-invite/:token': 'Artist invitation',
  '/login': 'Log in',
  '/register': 'Create your account',
  '/try': /^(Get a free \$5 pie|No promotion codes are available)$/,
  '/artist/:id': /^Artist/,
  '/pie/:pieId': 'A shared pie',
  '/delete-account-instructions': 'How to delete your account',
  '/error': 'Something went wrong',
  // One h1 while the link is checked and after; the outcome is the card's own heading.
  '/auth/fans/verify-email/:token': 'E-mail verification',
  '/auth/for-artists/verify-email/:token': 'E-mail verification',
  '/auth/fans/reset-password/:token': 'Choose a new password',
  '/auth/for-artists/reset-password/:token': 'Choose a new password',
  '/forgot-password': 'Forgot your password?',
  '/for-artists/forgot-password': 'Forgot your password?',
  '/dashboard': 'Welcome, Demo',
  '/pie': 'Your pie',
  '/pie/successCheckout': 'Checkout',
  '/my-pies': 'My pies',
  '/history': 'Listening history',
  '/settings': 'Settings',
  '/pie/settings': 'Pie settings',
  '/report': /[Rr]eport$/,
  '/user/:userID': /^(Fan profile|Fan not found)$|profile$/,
  '/earth': /^(Earth|Where your artists come from)$/,
  '/help': 'Help',
  '/for-artists': 'Pie for artists',
  '/for-artists/login': 'Artist log in',
  '/for-artists/register': 'Create your artist account',
  '/for-artists/office-invitation/:officeId': 'Team invitation',
  '/for-artists/complete-registration': 'Complete your registration',
  '/for-artists/error': 'Something went wrong',
  '/for-artists/artists': 'Welcome, Demo',
  '/for-artists/artists/:id': 'Claim details',
  '/for-artists/claims/:id': 'Claim',
  '/for-artists/funds': 'Funds',
  '/for-artists/funds/payouts/:id': 'Payout details',
  '/for-artists/funds/transactions/:id': 'Transaction details',
  '/for-artists/team': 'Team',
  '/for-artists/team/:memberId': 'Team member',
  '/for-artists/give-back': 'Give back',
  '/for-artists/settings': 'Settings',
  '/for-artists/profile/update': 'Your profile',
  '/for-artists/office-settings': 'Office settings',
  '/admin': 'Admin sign in',
  '/admin/auth/google/callback': 'Google sign-in failed',
  '/admin/dashboard': 'Welcome, Demo Admin',
  '/admin/claims': 'Claims',
  '/admin/claims/:id': 'Claim',
  '/admin/artists': 'Artists',
  '/admin/artists/:artistId': 'Artist',
  '/admin/artists/:artistId/top-fans': 'Top fans',
  '/admin/fans': 'Fans',
  '/admin/fans/:id': 'Fan',
  '/admin/user-artists': 'Artist users',
  '/admin/user-artists/:id': 'Artist user',
  '/admin/offices': 'Offices',
  '/admin/offices/:id': 'Office',
  '/admin/finances': 'Finances',
  '/admin/transactions': 'Transactions',
  '/admin/transactions/:id': 'Transaction',
};

function headingOf(path: string): string | RegExp {
  const verification = /^\/for-artists\/verification\/(\w+)\/(success|failed)$/.exec(path);
  if (verification) {
    const name = VERIFICATION_NAMES[verification[1]!]!;
    return verification[2] === 'success' ? `${name} account verified` : `${name} verification failed`;
  }
  const heading = HEADINGS[path];
  if (heading === undefined) throw new Error(`no expected heading for ${path}`);
  return heading;
}

export interface Visit {
  route: WebRoute;
  /** The address visited. */
  url: string;
  /** Where the role must end up: the route itself, or its area's login. */
  expectedPath: string;
  expectedHeading: string | RegExp;
  /** The role this route is for (open routes: the anonymous visitor): the axe check runs on this visit. */
  owner: boolean;
}

/** The sign-in screens (and the artist landing) a signed-in role skips for its area's home (issue 16 item 2). */
const SIGNED_IN_HOME: Record<Exclude<Role, 'anonymous'>, { paths: readonly string[]; home: string }> = {
  fan: { paths: ['/login', '/register'], home: '/dashboard' },
  artist: { paths: ['/for-artists', '/for-artists/login'], home: '/for-artists/artists' },
  admin: { paths: ['/admin'], home: '/admin/dashboard' },
};

/** What each role must see on each route of spec/web-routes.tsv. */
export function visitsFor(role: Role): Visit[] {
  return WEB_ROUTES.map((route) => {
    const url = samplePath(route);
    const allowed = route.access === 'open' || route.access === role;
    const home = role === 'anonymous' ? undefined : SIGNED_IN_HOME[role];
    const expectedPath =
      home && home.paths.includes(route.path)
        ? home.home
        : allowed
          ? url.split('?')[0]!
          : AREA_LOGIN[route.access as Exclude<typeof route.access, 'open'>];
    return {
      route,
      url,
      expectedPath,
      expectedHeading: headingOf(expectedPath === url.split('?')[0] ? route.path : expectedPath),
      owner: route.access === 'open' ? role === 'anonymous' : route.access === role,
    };
  });
}

/** Signs the context in through the API, as the web client does (CSRF cookie, then login). */
export async function signIn(context: BrowserContext, appUrl: string, role: Exclude<Role, 'anonymous'>): Promise<void> {
  const { email, password, prefix } = DEMO_ACCOUNTS[role];
  await context.request.get(`${appUrl}/api/health`);
  const xsrf = (await context.cookies(appUrl)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie after GET /api/health');
  const response = await context.request.post(`${appUrl}${prefix}/auth/login`, {
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    data: { email, password },
  });
  if (!response.ok()) throw new Error(`${role} login answered ${response.status()}: ${await response.text()}`);
  // Signing in through the app leaves the browser's hint that it has a session here (the app
  // asks "who is signed in?" on public pages only then): the same, once per tab.
  await context.addInitScript((area) => {
    if (sessionStorage.getItem('pie-e2e-hinted')) return;
    sessionStorage.setItem('pie-e2e-hinted', '1');
    localStorage.setItem(`pie-signed-in:${area}`, '1');
  }, role);
}

/**
 * Headless Chromium never fires `beforeinstallprompt`, even for an installable page
 * (the suite checks installability itself through the DevTools protocol). This stands in
 * for the browser: on every page load it fires the event as Chromium does, with
 * `prompt()` and `userChoice`, counting the prompts in `window.__pieInstallPrompts`.
 */
export async function emulateInstallPrompt(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        platforms: ['web'],
        userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
        prompt: async () => {
          const counter = window as unknown as { __pieInstallPrompts?: number };
          counter.__pieInstallPrompts = (counter.__pieInstallPrompts ?? 0) + 1;
        },
      });
      window.dispatchEvent(event);
    });
  });
}

/**
 * Moves the single-page app to `url` as following a link does (no page load): the router
 * follows the browser's history, so this is what a click on an in-app link amounts to.
 */
export async function navigateInApp(page: Page, url: string): Promise<void> {
  await withDeadline(
    `moving to ${url}`,
    15_000,
    page.evaluate((target) => {
      history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, url),
  );
}

/** Waits until the page shows `heading` as its h1 at `path`; returns what it shows if it never does. */
export async function waitForScreen(
  page: Page,
  path: string,
  heading: string | RegExp,
  timeoutMs = 15_000,
): Promise<{ ok: boolean; path: string; heading: string | null }> {
  const pattern = typeof heading === 'string' ? { text: heading } : { source: heading.source, flags: heading.flags };
  try {
    await page.waitForFunction(
      ({ path: wanted, pattern: expected }) => {
        if (window.location.pathname !== wanted) return false;
        const h1 = document.querySelector('h1')?.textContent?.trim() ?? null;
        if (h1 === null) return false;
        return 'text' in expected ? h1 === expected.text : new RegExp(expected.source, expected.flags).test(h1);
      },
      { path, pattern },
      { timeout: timeoutMs, polling: 50 },
    );
    return { ok: true, path, heading: null };
  } catch {
    return {
      ok: false,
      path: new URL(page.url()).pathname,
      heading: await withDeadline('reading the heading', 5_000, page.evaluate(() => document.querySelector('h1')?.textContent?.trim() ?? null)).catch(
        () => null,
      ),
    };
  }
}

/** A step that did not finish in time (withDeadline), as opposed to a check that failed. */
export class DeadlineError extends Error {}

/**
 * `work`, or an error naming `label` once `ms` have passed. Playwright bounds its waits and
 * navigations, but not `page.evaluate` nor axe's run inside the page: a page that never answers
 * (a stalled frame, a busy main thread) would hold a route walk until the test's own timeout,
 * with nothing said about where. A CI run lost ten minutes that way on one walk.
 */
export async function withDeadline<T>(label: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(`${label} did not finish in ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Axe with every rule it runs by default (WCAG A/AA and best practices); the violations, summarised. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Only violations are needed: skipping the details of passes makes each run much faster.
  // Legacy mode runs axe.run() in the page itself; the default opens a blank page for every
  // check to combine the frames' results (our pages embed no cross-origin frame worth isolating).
  const results = await withDeadline(
    'axe',
    60_000,
    new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze(),
  );
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/** The two screens every route is checked and photographed on (issue 16 item 9). */
export const SCREENS = {
  desktop: { width: 1366, height: 768 },
  phone: { width: 390, height: 844 },
} as const;
export type ScreenName = keyof typeof SCREENS;

/** Where the screenshots go (gitignored; CI keeps the folder as an artifact). */
export const SCREENSHOT_DIR = 'test-results/screens';
/**
 * Screenshots are for a person to look at (`E2E_SCREENSHOTS=1 npm run test:e2e`); CI keeps none,
 * so the default run skips them (about a fifth of the shell suite's time). The layout checks run either way.
 */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1' || process.env.E2E_SCREENSHOTS === 'true';

/** `test-results/screens/<role>/<screen>/<route>.jpg`, e.g. `fan/phone/settings.jpg`, `admin/desktop/admin-fans.jpg`. */
export function screenshotPath(role: Role, screen: ScreenName, route: WebRoute): string {
  const slug = route.path === '/' ? 'home' : route.path.slice(1).replace(/[/:]+/g, '-');
  return `${SCREENSHOT_DIR}/${role}/${screen}/${slug}.jpg`;
}

/**
 * What a person would see as broken layout on the current screen: the page scrolling
 * sideways (with the elements that stick out), and text cut off by its box (an element that
 * clips its overflow, or ends it with an ellipsis, while its text needs more room).
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  // Let a resize's layout settle (two frames, or 250 ms where the page draws no frames: Chromium
  // stops animation frames for a page it does not show), then measure.
  return withDeadline(
    'the layout check',
    30_000,
    page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const frame = (globalThis as unknown as { requestAnimationFrame: (callback: () => void) => void }).requestAnimationFrame;
          let settled = false;
          const settle = (measure: () => void) => {
            const once = () => {
              if (settled) return;
              settled = true;
              measure();
            };
            frame(() => frame(once));
            setTimeout(once, 250);
          };
          settle(() => {
            // Browser globals, typed loosely (the root tsconfig has no DOM lib).
            type Box = { left: number; right: number; width: number; height: number };
            type El = {
              tagName: string;
              id: string;
              className: unknown;
              textContent: string | null;
              clientWidth: number;
              clientHeight: number;
              scrollWidth: number;
              scrollHeight: number;
              children: ArrayLike<El>;
              closest: (selector: string) => El | null;
              getBoundingClientRect: () => Box;
            };
            const doc = (globalThis as unknown as { document: { documentElement: El; body: El; querySelectorAll: (s: string) => ArrayLike<El> } }).document;
            const style = (globalThis as unknown as { getComputedStyle: (el: El) => Record<string, string> }).getComputedStyle;
            const describe = (el: El) => {
              const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
              const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
              return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes ? `.${classes}` : ''} "${text}"`;
            };
            const problems: string[] = [];
            const root = doc.documentElement;
            const width = root.clientWidth;
            const all = Array.from(doc.querySelectorAll('body *'));
            const shown = (el: El) => {
              const computed = style(el);
              return computed.display !== 'none' && computed.visibility !== 'hidden' && el.closest('[aria-hidden="true"]') === null;
            };
            if (root.scrollWidth > width + 1) {
              // The innermost elements that reach past the right edge.
              const outside = all.filter((el) => {
                const box = el.getBoundingClientRect();
                return box.width > 0 && box.right > width + 1 && shown(el);
              });
              const innermost = outside.filter((el) => !outside.some((other) => isInside(other, el)));
              problems.push(`scrolls sideways (${root.scrollWidth}px of content in ${width}px): ${innermost.slice(0, 3).map(describe).join(', ')}`);
            }
            function isInside(inner: El, outer: El): boolean {
              return (outer as unknown as { contains: (other: El) => boolean }).contains(inner) && inner !== outer;
            }
            for (const el of all) {
              // Cheap first: only a box whose content needs more room than it has can cut text.
              if (el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1) continue;
              // Visually hidden text (screen-reader only) is clipped on purpose.
              if (el.clientWidth <= 2 || el.clientHeight <= 2) continue;
              if ((el.textContent ?? '').trim() === '') continue;
              const computed = style(el);
              const clipsX = computed.overflowX === 'hidden' || computed.overflowX === 'clip' || computed.textOverflow === 'ellipsis';
              const clipsY = computed.overflowY === 'hidden' || computed.overflowY === 'clip';
              if (!clipsX && !clipsY) continue;
              if (!shown(el)) continue;
              const cutX = clipsX && el.scrollWidth > el.clientWidth + 1;
              const cutY = clipsY && el.scrollHeight > el.clientHeight + 1;
              if (cutX || cutY) problems.push(`text cut off ${cutX ? 'at the side' : 'at the bottom'}: ${describe(el)}`);
            }
            resolve(problems);
          });
        }),
    ),
  );
}
