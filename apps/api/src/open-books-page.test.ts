import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenBooksView } from '#pie/contracts';
import { serveOpenBooksPage } from './open-books-page.js';

const figures = {
  paidInCents: 300000,
  processorFeesCents: 17700,
  platformFeesCents: 30000,
  promotionsCents: 0,
  allocatedToArtistsCents: 250000,
  releasedToOfficesCents: 120000,
  transferredCents: 100000,
  paidOutCents: 90000,
  returnedByExpiryCents: 0,
  refundedCents: 0,
  disputedCents: 0,
};

const view: OpenBooksView = {
  months: [{ month: '2026-10', ...figures }],
  totals: figures,
  escrow: { waitingCents: 4321, artists: 7 },
  balance: { ok: true, checkedAt: '2026-11-02T02:30:00.000Z', checks: 6, failing: 0 },
  // A string the page must not let end its <script> element early.
  generatedAt: '</script><script>alert(1)</script>',
};

/** As the web build writes them: index.html with its static header and mark, and the manifest of the route chunks. */
const INDEX = `<!doctype html><html><head><title>Pie</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"><div class="boot-header" aria-hidden="true">Pie<small id="boot-area"></small></div><!--first-screen--></div></body></html>`;
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  'src/app/routes/open-books.route.tsx': { file: 'assets/open-books.route-1.js', isDynamicEntry: true, imports: ['_react-1.js', 'index.html', '_screens-1.js'], css: ['assets/open-books-1.css'] },
  '_screens-1.js': { file: 'assets/screens-1.js', imports: ['_react-1.js'], css: ['assets/screens-1.css'] },
};

describe('/open-books, served by the api', () => {
  let webDist: string;
  let fastify: FastifyInstance;
  let read: () => Promise<OpenBooksView>;

  beforeEach(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'pie-open-books-page-'));
    mkdirSync(join(webDist, '.vite'));
    writeFileSync(join(webDist, 'index.html'), INDEX);
    writeFileSync(join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    read = () => Promise.resolve(view);
    fastify = Fastify();
    serveOpenBooksPage(fastify, webDist, { read: () => read(), sendIndex: (reply) => void reply.header('x-plain-index', '1').type('text/html').send(INDEX) });
    await fastify.ready();
  });
  afterEach(async () => {
    await fastify.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the figures inside the page, the route’s code and styles with it, and the top of the page drawn; never cached', async () => {
    const response = await fastify.inject({ method: 'GET', url: '/open-books' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;

    // The route's own chunks and styles, not what index.html already fetches.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/open-books.route-1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/screens-1.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/open-books-1.css">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/screens-1.css">');
    expect(head).not.toContain('react-1.js');

    // The figures, as JSON no string inside can break out of.
    const json = /<script type="application\/json" id="open-books-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!)).toEqual(view);
    expect(html).not.toContain('</script><script>alert(1)');

    // The top of the page inside #root, after the static header: whether the books balance, in UTC.
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root.indexOf('boot-header')).toBeLessThan(root.indexOf('Open books'));
    expect(root).toContain('The books balance: all 6 checks passed, the latest on Nov 2, 2026, 2:30 AM UTC.');
    expect(html).not.toContain('<!--first-screen-->');
  });

  it('sends the plain app, which reads the books itself, when they cannot be read', async () => {
    read = () => Promise.reject(new Error('database down'));
    const response = await fastify.inject({ method: 'GET', url: '/open-books' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-plain-index']).toBe('1');
    expect(response.body).not.toContain('open-books-data');
  });
});
