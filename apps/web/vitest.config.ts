import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Unit tests of the web client: `npx vitest run --config apps/web/vitest.config.ts`. */
export default defineConfig({
  root: repoRoot,
  plugins: [react()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['apps/web/src/**/*.test.{ts,tsx}'],
    setupFiles: ['apps/web/src/test/setup.ts'],
    testTimeout: 15_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
