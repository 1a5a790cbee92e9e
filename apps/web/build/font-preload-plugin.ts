import type { Plugin } from 'vite';

/**
 * Preloads the one face every page draws its text with first: Inter's Latin subset (variable
 * weight), from @fontsource-variable/inter. The other subsets (Latin Extended, Cyrillic, Greek,
 * Vietnamese) load only when a page shows their characters (their @font-face unicode-range),
 * and every face uses font-display: swap, so text shows at once in the fallback face.
 */
export function fontPreloadPlugin(): Plugin {
  return {
    name: 'pie-font-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'asset' && /inter-latin-wght-normal[^/]*\.woff2$/.test(output.fileName),
        );
        if (!font) throw new Error('font-preload: the Latin Inter face is not in the bundle (is @fontsource-variable/inter imported?)');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
