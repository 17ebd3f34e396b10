import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The contract suites wait on real redelivery timers and, for NATS, a real server restarting.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
