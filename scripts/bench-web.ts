/**
 * `npm run bench:web`: how fast and accessible every screen of the web app is (issue 29 item 14).
 *
 * Builds (the npm script runs `npm run build` first), starts the platform as `npm start` does on
 * ports of its own and a scratch database (the demo data), then runs Lighthouse (mobile: Moto G
 * Power screen, simulated slow 4G and 4× CPU slowdown, Lighthouse's defaults) in Debian's Chromium
 * on every route of spec/web-routes.tsv (apps/web/src/app/web-routes.ts): open routes as a
 * visitor, the fan's, artist's and admin's routes signed in as the demo account of that area. A
 * route's parameters are the demo data's own ids where the API lists one (the first artist, pie,
 * claim, payout…), otherwise a sample (tokens: an e-mail link's shape; the page then says it is
 * not valid). Prints a table: route, first-load JS (gzip), performance and accessibility (each the
 * median of BENCH_WEB_RUNS runs, 3 by default), and the machine's load average when the route was
 * measured (the machine is shared: a busy one lowers performance, never accessibility or the JS).
 *
 * Goals (issue 29 item 14): performance ≥ 95, accessibility 100, first-load JS ≤ 150 KB gzip.
 *
 * BENCH_WEB_LIGHTHOUSE=0 skips Lighthouse and only loads each route once in Chromium (a phone's
 * screen) for its first-load JS: a minute for all routes instead of an hour.
 * BENCH_WEB_PAGES=/login,/admin/fans/:id measures only those routes (a route's pattern or its
 * address); BENCH_WEB_AREAS=artist,admin only those areas (public, fan, artist, admin).
 * BENCH_WEB_REPORTS=<dir> keeps each run's full Lighthouse report (<page>-<run>.json).
 * Measuring starts once the machine is quiet (the worker's start-up jobs on the demo data keep it
 * busy for ~15 s after the platform answers), or after a minute.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { WEB_ROUTES, type WebRoute } from '../apps/web/src/app/web-routes.ts';
import { signInThroughApi, startPlatform } from '../test/e2e/support/platform.ts';

// Shifted by E2E_PORT_OFFSET (as the e2e suite is), so runs from several worktrees never collide.
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0) * 100;
const PORTS = { app: 3350 + OFFSET, smtp: 2555 + OFFSET, mailHttp: 2590 + OFFSET, providers: 2560 + OFFSET };
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const WEB_DIST = process.env.WEB_DIST_DIR ?? 'dist/web';
const GOALS = { performance: 95, accessibility: 100, firstLoadJsKb: 150 };
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const WITH_LIGHTHOUSE = !['0', 'false'].includes(process.env.BENCH_WEB_LIGHTHOUSE ?? '');

process.env.CHROME_PATH ??= '/usr/bin/chromium';

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

interface LayoutShift {
  score: number;
  /** The element that moved, as Lighthouse describes it. */
  node: string;
}

interface Result {
  page: string;
  finalPath: string;
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  jsFiles: number;
  jsGzipKb: number;
  jsTransferredKb: number;
  /** The page's scripts, largest first: [file, gzip KB]. */
  jsByFile: [string, number][];
  layoutShifts: LayoutShift[];
  failingAccessibility: string[];
  /** Every run's performance score, when the page was measured more than once. */
  scores?: number[];
}

const kb = (bytes: number) => bytes / 1024;

function lighthouseVersion(): string {
  return (JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }).version;
}

/** The gzip size of a built file, as a compressing server or CDN would send it. */
function gzipSizeOf(url: string): number {
  const path = new URL(url).pathname;
  return gzipSync(readFileSync(join(WEB_DIST, path))).length;
}

/**
 * One Lighthouse run in a fresh Chromium (a first visit: empty caches, no service worker).
 * Signed in, the session cookie goes both as Lighthouse's extra `Cookie` header and into the
 * browser's cookie jar: Chromium replaces an extra Cookie header with the jar's cookies as soon
 * as the page has any of its own (the XSRF-TOKEN the first response sets), so the header alone
 * would lose the session on the page's API calls.
 */
async function audit(url: string, cookies: string | undefined, run: number): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags: CHROME_FLAGS });
  let runnerResult: Awaited<ReturnType<typeof lighthouse>>;
  try {
    if (cookies) {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await cdp.contexts()[0]!.addCookies(
        cookies.split('; ').map((pair) => {
          const separator = pair.indexOf('=');
          return { name: pair.slice(0, separator), value: pair.slice(separator + 1), url };
        }),
      );
      await cdp.close();
    }
    runnerResult = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
      // Keep the session cookie; the browser is fresh anyway.
      disableStorageReset: Boolean(cookies),
      ...(cookies ? { extraHeaders: { Cookie: cookies } } : {}),
    });
  } finally {
    chrome.kill();
  }
  if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = runnerResult;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  // BENCH_WEB_REPORTS=<dir> keeps each page's full Lighthouse report (JSON) for a closer look.
  if (process.env.BENCH_WEB_REPORTS) {
    mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
    writeFileSync(join(process.env.BENCH_WEB_REPORTS, `${name}-${run + 1}.json`), JSON.stringify(lhr, null, 1));
  }

  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ??
    []) as NetworkRequest[];
  const origin = new URL(url).origin;
  const scripts = requests.filter(
    (request) => request.resourceType === 'Script' && request.url.startsWith(`${origin}/assets/`),
  );
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  const failingAccessibility = Object.values(lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((result) => result && result.score !== null && result.score < 1 && result.scoreDisplayMode === 'binary')
    .map((result) => `${result!.id}: ${result!.title}`);

  const shifts = ((lhr.audits['layout-shifts']?.details as { items?: { score?: number; node?: { snippet?: string; nodeLabel?: string } }[] } | undefined)
    ?.items ?? []).map((item) => ({ score: item.score ?? 0, node: item.node?.nodeLabel || item.node?.snippet || '?' }));

  return {
    page: new URL(url).pathname,
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    metrics: {
      FCP: metric('first-contentful-paint'),
      LCP: metric('largest-contentful-paint'),
      TBT: metric('total-blocking-time'),
      CLS: metric('cumulative-layout-shift'),
      SI: metric('speed-index'),
    },
    jsFiles: scripts.length,
    jsGzipKb: kb(scripts.reduce((sum, request) => sum + gzipSizeOf(request.url), 0)),
    jsTransferredKb: kb(scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0)),
    jsByFile: scripts
      .map((request): [string, number] => [new URL(request.url).pathname.replace('/assets/', ''), kb(gzipSizeOf(request.url))])
      .sort((a, b) => b[1] - a[1]),
    layoutShifts: shifts,
    failingAccessibility,
  };
}

/** Lighthouse sometimes fails to record the trace (NO_NAVSTART) and asks to be run again: once. */
async function auditRetryingTraceFailure(url: string, cookies: string | undefined, run: number): Promise<Result> {
  try {
    return await audit(url, cookies, run);
  } catch (error) {
    if (!String(error).includes('NO_NAVSTART')) throw error;
    console.log(`[bench:web] Lighthouse could not record run ${run + 1}'s trace (NO_NAVSTART); running it again`);
    return audit(url, cookies, run);
  }
}

/** The machine's busy share (all cores) over the last `ms`, from /proc/stat; null where there is none. */
async function busyShare(ms: number): Promise<number | null> {
  const read = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { idle: fields[3]! + fields[4]!, total: fields.reduce((sum, value) => sum + value, 0) };
  };
  try {
    const before = read();
    await new Promise((resolve) => setTimeout(resolve, ms));
    const after = read();
    return 1 - (after.idle - before.idle) / Math.max(1, after.total - before.total);
  } catch {
    return null;
  }
}

/**
 * Waits (up to a minute) until the machine has been quiet for three seconds in a row. Just after
 * `npm start` the worker runs the demo data's start-up jobs (imports, closes, e-mails) and keeps
 * both cores half busy for ~15 s: Lighthouse runs then measured that work as much as the page.
 */
async function waitForQuietMachine(): Promise<string> {
  const started = Date.now();
  let quiet = 0;
  while (Date.now() - started < 60_000 && quiet < 3) {
    const busy = await busyShare(1000);
    if (busy === null) return 'no /proc/stat: did not wait';
    quiet = busy < 0.15 ? quiet + 1 : 0;
  }
  return `${Math.round((Date.now() - started) / 1000)} s${quiet < 3 ? ', still busy after a minute' : ''}`;
}

function pad(text: string | number, width: number): string {
  return String(text).padEnd(width);
}

type Role = 'visitor' | 'fan' | 'artist' | 'admin';

/** The demo accounts `npm start` seeds (scripts/demo-data.ts). */
const DEMO_ACCOUNTS = {
  fan: { email: 'fan@pie.local', password: 'pie-demo-fan' },
  artist: { email: 'artist@pie.local', password: 'pie-demo-artist' },
  admin: { email: 'admin@pie.local', password: 'pie-demo-admin' },
} as const;

/** 43 base64url characters, the shape of the tokens in e-mail links. */
const SAMPLE_TOKEN = 'A'.repeat(20) + '_-' + 'b'.repeat(21);

/** The machine's load average (1, 5 and 15 minutes), as `uptime` prints it. */
function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return '?';
  }
}

/** The first record's id in an API answer (`data` a list, or a page of `items`/`data`), if any. */
function firstId(body: unknown, pick: (record: Record<string, unknown>) => unknown = (record) => record.id ?? record._id): string | undefined {
  const data = (body as { data?: unknown } | null)?.data;
  const list = Array.isArray(data)
    ? data
    : Array.isArray((data as { items?: unknown })?.items)
      ? (data as { items: unknown[] }).items
      : Array.isArray((data as { data?: unknown })?.data)
        ? (data as { data: unknown[] }).data
        : data && typeof data === 'object'
          ? [data]
          : [];
  for (const record of list) {
    const id = record && typeof record === 'object' ? pick(record as Record<string, unknown>) : undefined;
    if (typeof id === 'string' && id) return id;
  }
  return undefined;
}

async function getJson(appUrl: string, cookies: string, path: string): Promise<unknown> {
  try {
    const response = await fetch(`${appUrl}${path}`, { headers: { cookie: cookies } });
    const body: unknown = await response.json().catch(() => null);
    if (process.env.BENCH_WEB_DEBUG) console.log(`[bench:web] ${path}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    return response.ok ? body : null;
  } catch {
    return null;
  }
}

/**
 * The demo data's ids for the routes' parameters, asked of the API as each area's demo account
 * (keys: `<route pattern>` → id). A route missing here gets a sample id.
 */
async function demoIds(appUrl: string, cookies: Record<Exclude<Role, 'visitor'>, string>): Promise<Record<string, string>> {
  const ids: Record<string, string | undefined> = {};
  const admin = (path: string, pick?: (record: Record<string, unknown>) => unknown) => getJson(appUrl, cookies.admin, path).then((body) => firstId(body, pick));
  const artist = (path: string, pick?: (record: Record<string, unknown>) => unknown) => getJson(appUrl, cookies.artist, path).then((body) => firstId(body, pick));
  const fan = (path: string, pick?: (record: Record<string, unknown>) => unknown) => getJson(appUrl, cookies.fan, path).then((body) => firstId(body, pick));

  const artistId = await admin('/api/admin/artists?sortBy=escrow&sortOrder=desc');
  ids['/artist/:id'] = artistId;
  ids['/admin/artists/:artistId'] = artistId;
  ids['/admin/artists/:artistId/top-fans'] = artistId;
  const fanUserId = await fan('/api/user');
  ids['/pie/:pieId'] = (await fan('/api/pie/active')) ?? (fanUserId ? await fan(`/api/pie/user/${fanUserId}/pies`) : undefined);
  const fanId = await admin('/api/admin/fans');
  ids['/admin/fans/:id'] = fanId;
  ids['/user/:userID'] = fanId;
  ids['/admin/claims/:id'] = await admin('/api/admin/claims/list');
  ids['/admin/user-artists/:id'] = await admin('/api/admin/user-artists');
  ids['/admin/offices/:id'] = await admin('/api/admin/offices');
  ids['/admin/transactions/:id'] = await admin('/api/admin/transactions/search');
  const claimId = await artist('/api/for-artists/claims');
  const successfulClaim = await artist('/api/for-artists/claims', (record) => (record.status === 'successful' ? record.id : undefined));
  ids['/for-artists/claims/:id'] = claimId;
  ids['/for-artists/artists/:id'] = successfulClaim ?? claimId;
  const officeId = await artist('/api/for-artists/offices');
  if (officeId) {
    ids['/for-artists/office-invitation/:officeId'] = officeId;
    ids['/for-artists/funds/payouts/:id'] = await artist(`/api/for-artists/stripe/payouts?officeId=${officeId}`);
    ids['/for-artists/funds/transactions/:id'] = await artist(`/api/for-artists/stripe/transactions?officeId=${officeId}&filter=all`);
    ids['/for-artists/team/:memberId'] = await artist(`/api/for-artists/offices/${officeId}/members`, (record) => record.user_id);
  }
  return Object.fromEntries(Object.entries(ids).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

interface Target {
  route: WebRoute;
  role: Role;
  /** The address measured. */
  path: string;
  /** Where the id in the address came from. */
  ids: 'demo' | 'sample' | 'none';
}

/** Screens the product has beyond spec/web-routes.tsv, measured as well. */
const BEYOND_THE_SPEC: readonly WebRoute[] = [{ path: '/open-books', area: 'public', access: 'open', purpose: 'open books (issue 31: Lighthouse ≥ 95)' }];

/** Every route, with its address on the demo data and who opens it (open routes: a visitor). */
function targets(ids: Record<string, string>): Target[] {
  return [...WEB_ROUTES, ...BEYOND_THE_SPEC].map((route) => {
    const role: Role = route.access === 'open' ? 'visitor' : route.access;
    const parameters = route.path.match(/:\w+/g) ?? [];
    const demoId = ids[route.path];
    let path = route.path.replace(/:(\w+)/g, (_match, name: string) => (name === 'token' ? SAMPLE_TOKEN : (demoId ?? `sample-${name.toLowerCase()}`)));
    if (route.path === '/for-artists/office-invitation/:officeId') path += `?token=${SAMPLE_TOKEN}`;
    const named = parameters.filter((parameter) => parameter !== ':token');
    return { route, role, path, ids: named.length === 0 ? 'none' : demoId ? 'demo' : 'sample' };
  });
}

/** First-load JS without Lighthouse: the page loaded once in Chromium on a phone's screen, its scripts' gzip sizes. */
async function loadOnce(browser: Awaited<ReturnType<typeof chromium.launch>>, url: string, cookies: string | undefined): Promise<Result> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  try {
    if (cookies) {
      await context.addCookies(
        cookies.split('; ').map((pair) => {
          const separator = pair.indexOf('=');
          return { name: pair.slice(0, separator), value: pair.slice(separator + 1), url };
        }),
      );
    }
    const page = await context.newPage();
    const scripts = new Set<string>();
    const origin = new URL(url).origin;
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && request.url().startsWith(`${origin}/assets/`)) scripts.add(request.url());
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // The screen's own heading first: on a busy machine the network can be quiet for a moment before
    // the route's code is even asked for. Then, as Lighthouse does, until the network is quiet (a
    // screen that polls never is: 15 s at most).
    await page.locator('main h1').first().waitFor({ timeout: 30_000 }).catch(() => {});
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
    const files = [...scripts];
    return {
      page: new URL(url).pathname,
      finalPath: new URL(page.url()).pathname,
      performance: NaN,
      accessibility: NaN,
      metrics: {},
      jsFiles: files.length,
      jsGzipKb: kb(files.reduce((sum, file) => sum + gzipSizeOf(file), 0)),
      jsTransferredKb: NaN,
      jsByFile: files.map((file): [string, number] => [new URL(file).pathname.replace('/assets/', ''), kb(gzipSizeOf(file))]).sort((a, b) => b[1] - a[1]),
      layoutShifts: [],
      failingAccessibility: [],
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Row {
  target: Target;
  result: Result;
  /** Each run's scores. */
  performances: number[];
  accessibilities: number[];
  load: string;
}

console.log(`[bench:web] starting the platform (scratch database pie_bench_web${OFFSET ? `_${OFFSET}` : ''})…`);
const platform = await startPlatform({ ports: PORTS, database: `pie_bench_web${OFFSET ? `_${OFFSET}` : ''}`, queuePrefix: `pie-bench-web${OFFSET ? `-${OFFSET}` : ''}` });
const rows: Row[] = [];
const startLoad = loadAverage();
console.log(WITH_LIGHTHOUSE ? `[bench:web] ${RUNS} Lighthouse run(s) a route, the median reported` : '[bench:web] first-load JS only (BENCH_WEB_LIGHTHOUSE=0)');
try {
  const cookies = {
    fan: await signInThroughApi(platform.appUrl, 'fan', DEMO_ACCOUNTS.fan),
    artist: await signInThroughApi(platform.appUrl, 'artist', DEMO_ACCOUNTS.artist),
    admin: await signInThroughApi(platform.appUrl, 'admin', DEMO_ACCOUNTS.admin),
  };
  const only = process.env.BENCH_WEB_PAGES?.split(',').filter(Boolean);
  const areas = process.env.BENCH_WEB_AREAS?.split(',').filter(Boolean);
  console.log(`[bench:web] waited for the platform's start-up work (the demo data) to finish: ${await waitForQuietMachine()}`);
  // The worker makes part of the demo data (claims, payouts…) after start-up: on a quiet machine
  // the wait above can end first. Asked again for up to a minute until every route has its id.
  const wanted = WEB_ROUTES.filter((route) => /:(?!token\b)\w+/.test(route.path)).length;
  let ids = await demoIds(platform.appUrl, cookies);
  for (let attempt = 0; attempt < 6 && Object.keys(ids).length < wanted; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    ids = await demoIds(platform.appUrl, cookies);
  }
  console.log(`[bench:web] the demo data's ids for ${Object.keys(ids).length} of ${wanted} routes' parameters`);
  const chosen = targets(ids).filter(
    (target) => (!only || only.includes(target.route.path) || only.includes(target.path)) && (!areas || areas.includes(target.route.area)),
  );
  const browser = WITH_LIGHTHOUSE ? undefined : await chromium.launch({ executablePath: process.env.CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const target of chosen) {
      const url = `${platform.appUrl}${target.path}`;
      const sessionCookies = target.role === 'visitor' ? undefined : cookies[target.role];
      const load = loadAverage();
      if (!browser) {
        console.log(`[bench:web] Lighthouse (mobile) on ${target.path} as ${target.role === 'visitor' ? 'a visitor' : `the demo ${target.role}`} (load ${load})…`);
        const runs: Result[] = [];
        for (let run = 0; run < RUNS; run++) runs.push(await auditRetryingTraceFailure(url, sessionCookies, run));
        const performances = runs.map((each) => each.performance);
        const accessibilities = runs.map((each) => each.accessibility);
        // The run with the median performance is the one whose details are shown.
        const result = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
        rows.push({ target, result, performances, accessibilities, load });
      } else {
        console.log(`[bench:web] loading ${target.path} as ${target.role === 'visitor' ? 'a visitor' : `the demo ${target.role}`}…`);
        rows.push({ target, result: await loadOnce(browser, url, sessionCookies), performances: [], accessibilities: [], load });
      }
    }
  } finally {
    await browser?.close();
  }
} finally {
  await platform.stop();
}

const misses: string[] = [];
const COLUMNS = [44, 8, 12, 6, 6, 16, 10];
const line = (cells: (string | number)[]) => cells.map((cell, index) => pad(cell, COLUMNS[index] ?? 0)).join('').trimEnd();
console.log('');
console.log(
  WITH_LIGHTHOUSE
    ? `Lighthouse ${lighthouseVersion()}, mobile, median of ${RUNS}; first-load JS as gzip (the api sends Brotli); load average 1/5/15 min when each route was measured:`
    : 'First-load JS (gzip) of each route, loaded once in Chromium on a phone’s screen:',
);
console.log(line(['route', 'as', 'ids', 'perf', 'a11y', 'first-load JS', 'files', 'load']));
for (const { target, result, performances, accessibilities, load } of rows) {
  const performance = performances.length ? median(performances) : NaN;
  const accessibility = accessibilities.length ? median(accessibilities) : NaN;
  const shown = (value: number) => (Number.isNaN(value) ? '-' : value);
  console.log(line([target.route.path, target.role, target.ids, shown(performance), shown(accessibility), `${result.jsGzipKb.toFixed(1)} KB`, result.jsFiles, load]));
  const indent = ' '.repeat(4);
  const expected = target.path.split('?')[0];
  if (result.finalPath !== expected) console.log(`${indent}ended on ${result.finalPath}`);
  if (performances.length > 1) console.log(`${indent}runs: performance ${performances.join(', ')}; accessibility ${accessibilities.join(', ')}; ${Object.entries(result.metrics).map(([name, value]) => `${name} ${value}`).join(', ')}`);
  if (process.env.BENCH_WEB_DETAILS) console.log(`${indent}scripts: ${result.jsByFile.map(([file, size]) => `${file} ${size.toFixed(1)} KB`).join(', ')}`);
  for (const shift of result.layoutShifts) console.log(`${indent}layout shift ${shift.score.toFixed(3)}: ${shift.node}`);
  for (const failing of result.failingAccessibility) console.log(`${indent}accessibility: ${failing}`);
  if (performance < GOALS.performance) misses.push(`${target.route.path}: performance ${performance} < ${GOALS.performance}`);
  if (accessibility < GOALS.accessibility) misses.push(`${target.route.path}: accessibility ${accessibility} < ${GOALS.accessibility}`);
  if (result.jsGzipKb > GOALS.firstLoadJsKb) misses.push(`${target.route.path}: first-load JS ${result.jsGzipKb.toFixed(1)} KB > ${GOALS.firstLoadJsKb} KB gzip`);
}
console.log('');
console.log(`Load average (1/5/15 min) at the start: ${startLoad}; at the end: ${loadAverage()} (${cpus().length} cores).`);
console.log(
  misses.length === 0
    ? `Goals met: ${WITH_LIGHTHOUSE ? `performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility}, ` : ''}first-load JS ≤ ${GOALS.firstLoadJsKb} KB gzip.`
    : `Goals missed:\n  ${misses.join('\n  ')}`,
);
