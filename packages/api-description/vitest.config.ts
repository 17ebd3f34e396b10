import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The linter starts a Node process of its own and reads its rule sets: a few seconds on a busy machine.
    testTimeout: 60_000,
  },
});
