import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { bootAfterPaintPlugin } from './build/boot-after-paint-plugin.ts';
import { fontPreloadPlugin } from './build/font-preload-plugin.ts';
import { mantineStylesPlugin } from './build/mantine-styles-plugin.ts';
import { precompressPlugin } from './build/precompress-plugin.ts';
import { pureContractsPlugin } from './build/pure-contracts-plugin.ts';
import { scrollAreaRefsPlugin } from './build/scroll-area-refs-plugin.ts';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';
import { tableScrollContainerPlugin } from './build/table-scroll-container-plugin.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Modules that would otherwise come as a dozen chunks of under 2 KB each (rolldown gives every
 * set of importing screens its own), each costing a phone a request, six at a time over
 * HTTP/1.1: what the signed-in fan's screens share (the fan guard, the listening reads and lists,
 * the active pie), what they share with the public pages (data states, sections, figures), and
 * the small pieces the public pages share with them.
 * Only these modules, not what they import: what the first load has already stays in its chunks.
 */
const CHUNK_GROUPS: Record<string, readonly string[]> = {
  'fan-screens': [
    '/src/app/layout/FanProtectedLayout.tsx',
    '/src/app/routes/with-fan.tsx',
    '/src/features/fan/auth/components/RequireFanSession.tsx',
    '/src/shared/listening/',
    '/src/shared/pies/',
    '/src/features/fan/listening/api/',
    '/src/features/fan/listening/dashboard-reads.ts',
    '/src/features/fan/listening/components/TopArtistsList.tsx',
    '/src/features/fan/listening/components/TrackArtists.tsx',
    '/src/features/fan/listening/components/lists.module.css',
    '/@mantine/core/esm/components/Badge/',
  ],
  // The data states, sections, figures and formats the public pages (open books, a public pie, an
  // artist's invite) show too: apart from the signed-in fan's reads and lists, which they never use.
  'screen-parts': [
    '/src/shared/format/',
    '/src/shared/ui/LoadState.tsx',
    '/src/shared/ui/load-state.module.css',
    '/src/shared/ui/Section.tsx',
    '/src/shared/ui/StatList.tsx',
    '/src/shared/ui/sections.module.css',
    '/src/shared/ui/CatalogueImage.tsx',
    '/src/shared/ui/catalogue-image.module.css',
  ],
  // Every area's guard is here, not with the fan's screens: the artist's and admin's screens need
  // it without the fan's listening reads and lists.
  'common-ui': [
    '/src/shared/session/RequireSession.tsx',
    '/src/shared/account/use-return-params.ts',
    '/src/shared/account/use-mount-effect.ts',
    '/@mantine/core/esm/components/Alert/',
    '/@mantine/core/esm/components/VisuallyHidden/',
    '/@mantine/hooks/esm/use-id/',
    '/@mantine/hooks/esm/utils/random-id/',
  ],
};

function inGroup(id: string, group: string): boolean {
  const path = id.replaceAll('\\', '/');
  return CHUNK_GROUPS[group]!.some((part) => path.includes(part));
}

/**
 * react-router's package exports only its development build (remix-run/react-router#12532,
 * #14753): dev warnings and checks, ~8 KB gzip more on every page. Builds take the production
 * build it ships beside it.
 */
function reactRouterProductionBuild(): string {
  const developmentEntry = createRequire(import.meta.url).resolve('react-router');
  return join(dirname(developmentEntry), '..', 'production', 'index.mjs');
}

/**
 * The fan web client. `#pie/contracts` resolves through the root package.json
 * "imports" map; the `source` condition points it at the TypeScript sources in
 * libs/contracts/src, so the client never depends on a prior server build.
 */
export default defineConfig(({ command }) => ({
  root: webRoot,
  plugins: [react(), pureContractsPlugin(join(webRoot, '../../libs/contracts/src')), scrollAreaRefsPlugin(), tableScrollContainerPlugin(), mantineStylesPlugin(webRoot), fontPreloadPlugin(), bootAfterPaintPlugin(), serviceWorkerPlugin(), precompressPlugin()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // '@web/…' is apps/web/src/… (tsconfig.json "paths"): imports across app/, features/, shared/ and test/.
    tsconfigPaths: true,
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }] : [],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunks each route module needs, so the api can name them in the HTML
    // of the pages it serves itself (apps/api/src/open-books-page.ts).
    manifest: true,
    // Every browser Pie supports knows <link rel="modulepreload">; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries every page loads get chunks of their own: few first-load requests, and a
          // deploy that changes only the app's code leaves them cached in browsers.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'redux',
              test: /[\\/]node_modules[\\/](@reduxjs|immer|reselect|redux|redux-thunk|react-redux|use-sync-external-store|@standard-schema)[\\/]/,
            },
            // Mantine's core (theme, provider, styles system), not its components: those stay with the screens using them.
            { name: 'mantine-core', test: /[\\/]node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/]core|clsx)[\\/]/ },
            // The components the shell draws (header, footer, error and loading screens): one chunk
            // with the shell's, not a dozen small ones (main.tsx's start-up steps share them with the screens).
            {
              name: 'mantine-shell',
              test: /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Anchor|Button|Center|Code|Container|Group|Loader|Progress|Stack|Text|Title|UnstyledButton|Transition|Burger|CloseButton|VisuallyHidden)[\\/]/,
            },
            ...Object.keys(CHUNK_GROUPS).map((name) => ({
              name,
              test: (id: string) => inGroup(id, name),
              includeDependenciesRecursively: false,
            })),
          ],
        },
      },
      treeshake: {
        // The app's own modules only declare things (the entry, main.tsx, is always kept; CSS keeps its
        // side effects): an import through a feature's or shared folder's index then brings only what it
        // uses into a chunk, not the whole folder.
        moduleSideEffects: [
          { test: /\/apps\/web\/src\/.*\.tsx?$/, sideEffects: false },
          { test: /\/libs\/contracts\/src\/.*\.ts$/, sideEffects: false },
          // zod's one effect, setting its English messages, matters only where a schema is used: a
          // contracts file whose schemas a chunk leaves out (see pureContractsPlugin) brings no zod.
          { test: /[\\/]node_modules[\\/]zod[\\/]/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://localhost:3000' },
    },
  },
  preview: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000' },
    },
  },
}));
