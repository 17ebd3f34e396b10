import { defineConfig } from 'vitest/config';

/**
 * The Lighthouse check: real Chromium against the whole app, started by the e2e global setup. `npm test` runs it on
 * its own once every other suite has finished, so what it measures is the app, not the other suites beside it.
 */
export default defineConfig({
  test: {
    name: 'lighthouse',
    environment: 'node',
    include: ['e2e/lighthouse.int.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
