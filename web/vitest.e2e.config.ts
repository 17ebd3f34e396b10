import { defineConfig } from 'vitest/config';

/** End-to-end suite: real Chromium against the whole app, started by the global setup (or at E2E_BASE_URL). */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.int.test.ts'],
    // Lighthouse runs on its own, after everything else (vitest.lighthouse.config.ts).
    exclude: ['e2e/lighthouse.int.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
