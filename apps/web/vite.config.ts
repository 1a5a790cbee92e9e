import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Mantine's whole stylesheet is ~250 KB and blocks the first paint. In a build, the
 * `virtual:mantine-styles.css` module holds only the styles of the Mantine components the
 * app uses: the names the app's sources import from '@mantine/core', followed through
 * Mantine's own modules to every component they render (Select → Combobox → Popover…), in
 * the order of Mantine's full stylesheet. Computed on every build, so a component a feature
 * starts using brings its styles along. The dev server serves the full stylesheet.
 */
function mantineStylesPlugin(): Plugin {
  const virtualId = 'virtual:mantine-styles.css';
  const resolvedId = `\0${virtualId}`;
  let command: 'build' | 'serve' = 'build';

  /** @mantine/core's folder (its package.json is not exported; its full stylesheet is). */
  function mantineCore(): string {
    return dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));
  }

  function sourceFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  }

  function usedStylesheet(): string {
    const core = mantineCore();
    const esm = join(core, 'esm');
    // Where '@mantine/core' gets each exported name from.
    const fileOf = new Map<string, string>();
    for (const match of readFileSync(join(esm, 'index.mjs'), 'utf8').matchAll(/import \{([^}]+)\} from "([^"]+)"/g)) {
      for (const part of match[1]!.split(',')) {
        const local = part.trim().split(/\s+as\s+/).pop()!.trim();
        if (local) fileOf.set(local, resolve(esm, match[2]!));
      }
    }
    const pending: string[] = [];
    for (const file of sourceFiles(join(webRoot, 'src'))) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]+)\}\s+from\s+['"]@mantine\/core['"]/g)) {
        for (const part of match[1]!.split(',')) {
          const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim();
          const target = fileOf.get(name);
          if (target) pending.push(target);
        }
      }
    }
    const seen = new Set<string>();
    const components = new Set<string>();
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const component = /[\\/]components[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];
      if (component) components.add(component);
      for (const match of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)) {
        pending.push(resolve(dirname(file), match[1]!));
      }
    }
    const full = readFileSync(join(core, 'styles.css'), 'utf8');
    const styles = [...components]
      .map((component) => join(core, 'styles', `${component}.css`))
      .filter((path) => existsSync(path))
      .map((path) => readFileSync(path, 'utf8'));
    const position = (css: string) => full.indexOf(css.slice(0, 200));
    styles.sort((a, b) => position(a) - position(b));
    const base = ['baseline', 'default-css-variables', 'global'].map((name) =>
      readFileSync(join(core, 'styles', `${name}.css`), 'utf8'),
    );
    return [...base, ...styles].join('\n');
  }

  return {
    name: 'pie-mantine-styles',
    configResolved(config) {
      command = config.command;
    },
    resolveId(source) {
      return source === virtualId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      if (command === 'build') return usedStylesheet();
      return readFileSync(join(mantineCore(), 'styles.css'), 'utf8');
    },
  };
}

/**
 * Emits /sw.js with the build's version in it. Every build with different code
 * gets a byte-different worker, so browsers install it and its `activate`
 * deletes the caches of the previous version.
 *
 * What the worker does, so it can never serve stale code past the update screen:
 * - navigations go to the network first; only when the network fails does it
 *   answer with the offline page (plain HTML, no app code);
 * - nothing else is intercepted: the app's hashed JS and CSS come from the
 *   network and the browser's HTTP cache, never from a service-worker cache.
 */
function serviceWorkerPlugin(): Plugin {
  return {
    name: 'pie-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const version = createHash('sha256')
        .update(
          Object.keys(bundle)
            .sort()
            .join('\n'),
        )
        .digest('hex')
        .slice(0, 16);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(version) });
    },
  };
}

function serviceWorkerSource(version: string): string {
  return `// Pie's service worker, version ${version} (generated by apps/web/service-worker-plugin.ts).
const VERSION = ${JSON.stringify(version)};
const OFFLINE_CACHE = 'pie-offline-' + VERSION;
const OFFLINE_URL = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== OFFLINE_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  event.respondWith(
    fetch(request).catch(() =>
      caches.match(OFFLINE_URL).then((offline) => offline || Response.error()),
    ),
  );
});
`;
}

/**
 * The fan web client. `#pie/contracts` resolves through the root package.json
 * "imports" map; the `source` condition points it at the TypeScript sources in
 * libs/contracts/src, so the client never depends on a prior server build.
 */
export default defineConfig({
  root: webRoot,
  plugins: [react(), mantineStylesPlugin(), serviceWorkerPlugin()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
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
});
