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

/**
 * As the web build writes them: index.html with its static header and mark, its stylesheet loaded
 * without holding the paint, the list of the app's code its boot script asks for after the first
 * paint; the stylesheet; the manifest of the route chunks.
 */
const INDEX =
  `<!doctype html><html><head><title>Pie</title><link rel="stylesheet" crossorigin href="/assets/index-1.css" media="print" data-app-styles>` +
  `<script type="application/json" id="boot-modules">{"entry":"/assets/index-1.js","preload":["/assets/react-1.js"],"styles":[]}</script></head>` +
  `<body><div id="root"><div class="boot-header" aria-hidden="true">Pie<small id="boot-area"></small></div><!--first-screen--></div></body></html>`;
const STYLESHEET =
  ':root{--mantine-spacing-xl:2rem}body{margin:0}.area-main{flex:1 0 auto}.m_8a5d1357{font-size:var(--title-fz)}' +
  '@media (min-width:40em){.m_7485cace{max-width:var(--container-size)}.m_unused{color:red}}' +
  '.m_unused{display:grid}.m_66836ed3 .m_unused{color:blue}@keyframes spin{to{transform:rotate(1turn)}}';
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
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), INDEX);
    writeFileSync(join(webDist, 'assets', 'index-1.css'), STYLESHEET);
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

  it('sends the figures inside the page, the top of the page drawn and styled, the route’s code for after the first paint; never cached', async () => {
    const response = await fastify.inject({ method: 'GET', url: '/open-books' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;

    // Nothing fetched ahead of the first paint: the route's chunks and styles join the list the boot
    // script asks for once the page has painted (not what index.html already lists).
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('rel="preload"');
    const boot = JSON.parse(/<script type="application\/json" id="boot-modules">([\s\S]*?)<\/script>/.exec(html)![1]!) as unknown;
    expect(boot).toEqual({
      entry: '/assets/index-1.js',
      preload: ['/assets/react-1.js', '/assets/open-books.route-1.js', '/assets/screens-1.js'],
      styles: ['/assets/open-books-1.css', '/assets/screens-1.css'],
    });

    // The stylesheet's rules the drawn top uses, in the page: page-wide ones and its classes', not the others'.
    const styles = /<style>([\s\S]*?)<\/style><\/head>/.exec(html)![1];
    expect(styles).toBe(':root{--mantine-spacing-xl:2rem}body{margin:0}.area-main{flex:1 0 auto}.m_8a5d1357{font-size:var(--title-fz)}@media (min-width:40em){.m_7485cace{max-width:var(--container-size)}}');

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
