import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The fan web client. `#pie/contracts` resolves through the root package.json
 * "imports" map; the `source` condition points it at the TypeScript sources in
 * libs/contracts/src, so the client never depends on a prior server build.
 */
export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
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
