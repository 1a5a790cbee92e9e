import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Unit tests of the web client (apps/web/src/**\/*.test.{ts,tsx}), run either
 * alone — `npx vitest run --config apps/web/vitest.config.ts` — or as the
 * root config's `web` project. The root is apps/web in both cases.
 */
export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // '@web/…' is apps/web/src/… (tsconfig.json "paths"), as in vite.config.ts.
    tsconfigPaths: true,
  },
  test: {
    name: 'web',
    root: webRoot,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 15_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
