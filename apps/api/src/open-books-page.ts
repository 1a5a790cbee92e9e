import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { balanceLine, type OpenBooksView } from '#pie/contracts';
import { firstScreenStyles } from './first-screen-styles.js';
import { routeAssets } from './route-preloads.js';

/** Where the web app looks for the served figures (apps/web/src/features/public/open-books/api/served-open-books.ts). */
export const SERVED_OPEN_BOOKS_ID = 'open-books-data';

/** Where index.html's #root ends after the static header (apps/web/index.html). */
const FIRST_SCREEN_MARK = '<!--first-screen-->';

/** Where the built index.html lists the app's code for its boot script (apps/web/build/boot-after-paint-plugin.ts). */
const BOOT_MODULES = /<script type="application\/json" id="boot-modules">([\s\S]*?)<\/script>/;
/** The app's stylesheet, as the built index.html links it (without holding the first paint). */
const APP_STYLES = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*data-app-styles/;

/** The page's words that need no figures, as the web app writes them (OpenBooksPage.tsx). */
const DESCRIPTION = 'Every cent fans paid into Pie, and where it is now: live from our double-entry ledger, month by month. Only platform-wide totals — never a fan.';
const CHECKS = 'Each night we check that every journal sums to zero, that every account&#39;s balance is the sum of its entries, that every artist&#39;s escrow is exactly what fans&#39; pies put there, and that our records match our payment processor&#39;s.';

const utcDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** JSON inside a `<script>` element: no `</script>` (nor `<!--`) can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The books' line and the colour of its box, as OpenBooksPage.tsx shows them. */
interface Balance {
  line: string;
  color: 'grape' | 'yellow';
}

function balanceOf(view: OpenBooksView): Balance {
  return {
    line: balanceLine(view.balance, (iso) => `${utcDateTime.format(new Date(iso))} UTC`),
    color: view.balance.ok === false ? 'yellow' : 'grape',
  };
}

/**
 * The top of the page as the app draws it (Mantine's classes; their rules inlined in the page, see
 * firstScreenStyles): title, description and whether the books balance, painted with the HTML —
 * the page's largest text is there before any script has run. The app replaces it when it renders.
 */
function firstScreen(balance: Balance | undefined): string {
  return (
    `<div class="area-main" aria-hidden="true"><div class="m_7485cace mantine-Container-root" data-size="lg" data-strategy="block" style="--container-size: var(--container-size-lg); padding-block: var(--mantine-spacing-xl);">` +
    `<div class="m_6d731127 mantine-Stack-root" style="--stack-gap: var(--mantine-spacing-xl); --stack-align: stretch; --stack-justify: flex-start;">` +
    `<div class="m_6d731127 mantine-Stack-root" style="--stack-gap: var(--mantine-spacing-xs); --stack-align: stretch; --stack-justify: flex-start;">` +
    `<div class="m_4081bf90 mantine-Group-root" style="--group-gap: var(--mantine-spacing-md); --group-align: flex-start; --group-justify: space-between; --group-wrap: wrap;"><div class="m_8a5d1357 mantine-Title-root" data-order="1" style="--title-fw: var(--mantine-h1-font-weight); --title-lh: var(--mantine-h1-line-height); --title-fz: var(--mantine-h1-font-size);">Open books</div></div>` +
    `<div class="m_b6d8b162 mantine-Text-root" style="color: var(--mantine-color-dimmed);">${DESCRIPTION}</div></div>` +
    (balance
      ? `<div class="m_66836ed3 mantine-Alert-root" data-variant="light" style="--alert-bg: var(--mantine-color-${balance.color}-light); --alert-color: var(--mantine-color-${balance.color}-light-color); --alert-bd: calc(0.0625rem * var(--mantine-scale)) solid transparent;"><div class="m_a5d60502 mantine-Alert-wrapper"><div class="m_667c2793 mantine-Alert-body">` +
        `<div class="m_6a03f287 mantine-Alert-title"><span class="m_698f4f23 mantine-Alert-label">Do the books balance?</span></div>` +
        `<div class="m_7fa78076 mantine-Alert-message" data-variant="light"><p class="m_b6d8b162 mantine-Text-root">${escapeHtml(balance.line)}</p>` +
        `<p class="m_b6d8b162 mantine-Text-root" data-size="sm" style="--text-fz: var(--mantine-font-size-sm); --text-lh: var(--mantine-line-height-sm); color: var(--mantine-color-dimmed);">${CHECKS}</p></div></div></div></div>`
      : '') +
    `</div></div></div>`
  );
}

/**
 * index.html for this page: the rules its first screen uses inlined (the app's stylesheet loads
 * without holding the paint), and the route's code and styles added to what the boot script asks
 * for once the page has painted (nothing is fetched ahead of the first paint but the page, its
 * typeface and, at low priority, the stylesheet).
 */
function pageTemplate(root: string): string {
  const index = readFileSync(join(root, 'index.html'), 'utf8');
  const stylesheet = APP_STYLES.exec(index)?.[1];
  const css = stylesheet && existsSync(join(root, stylesheet)) ? readFileSync(join(root, stylesheet), 'utf8') : '';
  const styles = css ? `<style>${firstScreenStyles(css, firstScreen({ line: '', color: 'grape' }))}</style>` : '';
  const route = routeAssets(root, 'src/app/routes/open-books.route.tsx');
  return index
    .replace(BOOT_MODULES, (list, json: string) => {
      const modules = JSON.parse(json) as { entry: string; preload: string[]; styles: string[] };
      const withRoute = { ...modules, preload: [...modules.preload, ...route.modules], styles: [...modules.styles, ...route.styles] };
      return list.replace(json, () => scriptJson(withRoute));
    })
    .replace('</head>', () => `${styles}</head>`);
}

/**
 * `/open-books`, the public open books: the SPA's index.html with the figures inside it (the app
 * shows them without a read of its own), the route's code and styles fetched with the app's, and
 * the top of the page already drawn and styled. Its first and largest paint then wait for neither
 * a stylesheet, nor the app's code, nor a read after it (issue 31: Lighthouse ≥ 95). Never cached: the figures are live, as the API's.
 * When the books cannot be read the page is the plain app, which reads them itself.
 */
export function serveOpenBooksPage(
  fastify: FastifyInstance,
  webDistDir: string | undefined,
  options: { read: () => Promise<OpenBooksView>; sendIndex: (reply: FastifyReply) => void },
): void {
  const root = resolve(webDistDir ?? 'dist/web');
  const template = pageTemplate(root);
  fastify.get('/open-books', async (_request, reply) => {
    const view = await options.read().catch(() => undefined);
    if (!view) {
      options.sendIndex(reply);
      return reply; // the file is still being sent: Fastify waits for it
    }
    const html = template
      .replace(FIRST_SCREEN_MARK, () => firstScreen(balanceOf(view)))
      .replace('</body>', () => `<script type="application/json" id="${SERVED_OPEN_BOOKS_ID}">${scriptJson(view)}</script></body>`);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
