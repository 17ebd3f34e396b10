import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts' },
  outDir: 'dist',
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: true,
  // Workspace packages ship as TypeScript source, so they go into the bundle; every npm package (their
  // dependencies too, such as pino with its worker transports) is loaded from node_modules at run time.
  noExternal: [/^@cull-log\//],
  external: [/^(?!@cull-log\/)[^./]/],
});
