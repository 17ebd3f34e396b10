import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Integration suites start a real nats-server and wait out redelivery timers.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
