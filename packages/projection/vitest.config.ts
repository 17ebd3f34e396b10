import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The service test starts a real nats-server and a service process.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
