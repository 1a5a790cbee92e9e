import { describe, expect, it } from 'vitest';
import { bootAfterPaint } from './boot-after-paint-plugin';

/** The head Vite writes for the app: its entry, the modules the entry imports, its stylesheet, a font preload. */
const BUILT =
  '<html><head><title>Pie</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/react-1.js">\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/redux-1.js">\n' +
  '    <link rel="stylesheet" crossorigin href="/assets/index-1.css">\n' +
  '    <link rel="preload" href="/assets/inter-1.woff2" as="font" type="font/woff2" crossorigin="">\n' +
  '  </head><body><div id="root"></div></body></html>';

describe('the built index.html, painted before the app’s code is fetched', () => {
  it('lists the entry and its modules for the boot script instead of fetching them, and loads the stylesheet without blocking', () => {
    const html = bootAfterPaint(BUILT);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css" media="print" data-app-styles>');
    // The font still comes with the page: the first paint's text is in it.
    expect(html).toContain('<link rel="preload" href="/assets/inter-1.woff2" as="font"');
    const list = /<script type="application\/json" id="boot-modules">(.*?)<\/script>\n {2}<\/head>/.exec(html)?.[1];
    expect(JSON.parse(list!)).toEqual({ entry: '/assets/index-1.js', preload: ['/assets/react-1.js', '/assets/redux-1.js'], styles: [] });
  });

  it('fails the build when index.html has no entry script (the page would never start)', () => {
    expect(() => bootAfterPaint('<html><head></head><body></body></html>')).toThrow(/no entry script/);
  });
});
