import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A MongoDB in a container takes a while to start when there is one.
    hookTimeout: 60_000,
  },
});
