import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts', rebuild: 'src/rebuild.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  // Workspace packages are TypeScript source, so they are compiled into the bundle; their npm
  // dependencies (nats, mongodb, better-sqlite3, ...) are this package's dependencies and stay external.
  noExternal: [/^@cull-log\//],
});
