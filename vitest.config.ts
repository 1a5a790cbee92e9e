import { defineConfig } from 'vitest/config';
import swc from 'unplugin-swc';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/** '#pie/*' points at the sources in tests (package.json "imports" point at dist/ for node). */
export const sourceAliases = [
  { find: /^#pie\/testing$/, replacement: `${root}libs/platform/src/testing/index.ts` },
  { find: /^#pie\/migrations$/, replacement: `${root}migrations/index.ts` },
  { find: /^#pie\/modules$/, replacement: `${root}apps/modules.ts` },
  { find: /^#pie\/([a-z-]+)\/testing$/, replacement: `${root}libs/$1/src/testing.ts` },
  { find: /^#pie\/([a-z-]+)\/events$/, replacement: `${root}libs/$1/src/events.ts` },
  { find: /^#pie\/([a-z-]+)$/, replacement: `${root}libs/$1/src/index.ts` },
];

/** Server code needs decorator metadata (Nest DI), which only swc emits; '#pie/*' resolves to sources. */
const serverProject = {
  plugins: [swc.vite({ module: { type: 'es6' } })],
  resolve: { alias: sourceAliases },
};

export default defineConfig({
  // The root config loads globalSetup files: it resolves like the server projects.
  ...serverProject,
  test: {
    projects: [
      {
        ...serverProject,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['libs/**/src/**/*.test.ts', 'apps/sandbox/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/worker/src/**/*.test.ts'],
        },
      },
      {
        ...serverProject,
        test: {
          name: 'integration',
          environment: 'node',
          // test/money-sim: the short seeded money simulation (npm run test:money-sim runs a long one).
          include: ['test/integration/**/*.test.ts', 'test/money-sim/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        ...serverProject,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/e2e/support/start-platform.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
