/**
 * `npm run bench:web`: how fast and accessible the web app is where people land first.
 *
 * Builds (the npm script runs `npm run build` first), starts the platform as `npm start` does on
 * ports of its own and a scratch database, then runs Lighthouse (mobile: Moto G Power screen,
 * simulated slow 4G and 4× CPU slowdown, Lighthouse's defaults) in Debian's Chromium on `/`,
 * `/login`, `/for-artists` and, signed in as the demo fan, `/dashboard`. Prints for each the
 * performance and accessibility scores, the main metrics and the JavaScript the page loaded
 * (gzip size of each file, and the bytes actually transferred).
 *
 * Each page is measured twice: as the api serves the app today (no HTTP compression), and
 * behind a small gzip reverse proxy started here — what a compressing CDN, or compression
 * turned on in apps/api, would give. The first-load JS column is gzip sizes either way.
 *
 * Goals (issue 4): performance ≥ 90, accessibility 100, first-load JS ≤ 170 KB gzip.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { signInThroughApi, startPlatform } from '../test/e2e/support/platform.ts';

const PORTS = { app: 3350, smtp: 2555, mailHttp: 2590, providers: 2560, gzipProxy: 3351 };
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const WEB_DIST = process.env.WEB_DIST_DIR ?? 'dist/web';
const GOALS = { performance: 90, accessibility: 100, firstLoadJsKb: 170 };

process.env.CHROME_PATH ??= '/usr/bin/chromium';

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
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
  failingAccessibility: string[];
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
async function audit(url: string, cookies?: string): Promise<Result> {
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
    writeFileSync(join(process.env.BENCH_WEB_REPORTS, `${name}.json`), JSON.stringify(lhr, null, 1));
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
    failingAccessibility,
  };
}

/**
 * A reverse proxy that gzips text responses (HTML, JS, CSS, JSON, SVG, the manifest) for
 * clients that accept it, as a CDN or a compressing server would. Everything else passes as is.
 */
function startGzipProxy(target: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || ['host', 'connection', 'accept-encoding', 'content-length'].includes(name)) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const upstream = await fetch(`${target}${request.url}`, {
        method: request.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
        redirect: 'manual',
      });
      let body: Buffer = Buffer.from(await upstream.arrayBuffer());
      const out: Record<string, string | string[]> = {};
      upstream.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'set-cookie'].includes(name)) out[name] = value;
      });
      const cookies = upstream.headers.getSetCookie();
      if (cookies.length > 0) out['set-cookie'] = cookies;
      const type = upstream.headers.get('content-type') ?? '';
      const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      if (accepts && body.length > 1024 && /text\/|javascript|json|svg|manifest/.test(type)) {
        body = gzipSync(body);
        out['content-encoding'] = 'gzip';
        out.vary = 'accept-encoding';
      }
      out['content-length'] = String(body.length);
      response.writeHead(upstream.status, out);
      response.end(body);
    })().catch((error: unknown) => {
      response.writeHead(502);
      response.end(String(error));
    });
  });
  return new Promise((resolveListen) => server.listen(port, '127.0.0.1', () => resolveListen(server)));
}

function pad(text: string | number, width: number): string {
  return String(text).padEnd(width);
}

console.log('[bench:web] starting the platform (scratch database pie_bench_web)…');
const platform = await startPlatform({ ports: PORTS, database: 'pie_bench_web', queuePrefix: 'pie-bench-web' });
const proxy = await startGzipProxy(platform.appUrl, PORTS.gzipProxy);
const SERVINGS = [
  { name: 'as the api serves it (no HTTP compression)', origin: platform.appUrl },
  { name: `behind a gzip proxy (compression as a CDN or apps/api would add it)`, origin: `http://localhost:${PORTS.gzipProxy}` },
] as const;
const results = new Map<string, Result[]>();
try {
  const fanCookies = await signInThroughApi(platform.appUrl, 'fan', { email: 'fan@pie.local', password: 'pie-demo-fan' });
  const pages: [string, string | undefined][] = [
    ['/', undefined],
    ['/login', undefined],
    ['/for-artists', undefined],
    ['/dashboard', fanCookies],
  ];
  for (const serving of SERVINGS) {
    const measured: Result[] = [];
    for (const [path, cookies] of pages) {
      console.log(`[bench:web] Lighthouse (mobile) on ${path}${cookies ? ' signed in as the demo fan' : ''}, ${serving.name}…`);
      const result = await audit(`${serving.origin}${path}`, cookies);
      if (result.finalPath !== path) throw new Error(`${path} ended on ${result.finalPath}: the page is not what was measured`);
      measured.push(result);
    }
    results.set(serving.name, measured);
  }
} finally {
  proxy.close();
  await platform.stop();
}

const misses: string[] = [];
for (const [serving, measured] of results) {
  console.log('');
  console.log(`Lighthouse ${lighthouseVersion()}, mobile, ${serving}:`);
  console.log(
    `${pad('page', 14)}${pad('perf', 6)}${pad('a11y', 6)}${pad('first-load JS (gzip)', 22)}${pad('JS transferred', 16)}metrics`,
  );
  for (const result of measured) {
    console.log(
      `${pad(result.page, 14)}${pad(result.performance, 6)}${pad(result.accessibility, 6)}${pad(
        `${result.jsGzipKb.toFixed(1)} KB, ${result.jsFiles} files`,
        22,
      )}${pad(`${result.jsTransferredKb.toFixed(1)} KB`, 16)}${Object.entries(result.metrics)
        .map(([name, value]) => `${name} ${value}`)
        .join(', ')}`,
    );
    for (const failing of result.failingAccessibility) console.log(`${' '.repeat(14)}accessibility: ${failing}`);
    const where = `${result.page} (${serving.startsWith('as the api') ? 'no compression' : 'gzip'})`;
    if (result.performance < GOALS.performance) misses.push(`${where}: performance ${result.performance} < ${GOALS.performance}`);
    if (result.accessibility < GOALS.accessibility) {
      misses.push(`${where}: accessibility ${result.accessibility} < ${GOALS.accessibility}`);
    }
    if (result.jsGzipKb > GOALS.firstLoadJsKb && serving.startsWith('as the api')) {
      misses.push(`${result.page}: first-load JS ${result.jsGzipKb.toFixed(1)} KB > ${GOALS.firstLoadJsKb} KB gzip`);
    }
  }
}
console.log('');
console.log(
  misses.length === 0
    ? `Goals met: performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility}, first-load JS ≤ ${GOALS.firstLoadJsKb} KB gzip.`
    : `Goals missed:\n  ${misses.join('\n  ')}`,
);
