import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts', 'start-services': 'src/start-services.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Workspace packages (the four services among them) ship as TypeScript source, so they go into the bundle;
  // every npm package is loaded from node_modules at run time.
  noExternal: [/^@cull-log\//],
  external: [/^(?!@cull-log\/)[^./]/],
});
