import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { fontPreloadPlugin } from './build/font-preload-plugin.ts';
import { mantineStylesPlugin } from './build/mantine-styles-plugin.ts';
import { precompressPlugin } from './build/precompress-plugin.ts';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

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
  plugins: [react(), mantineStylesPlugin(webRoot), fontPreloadPlugin(), serviceWorkerPlugin(), precompressPlugin()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }] : [],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
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
